// Section 11 — Background work and history
// What changed since the main screen last looked. See Workout.swift for the goal.

import PersistenceCore

/// The main screen's summary of what changed in the store since its last visit, read from the store's
/// history, and its way of handing work to the importer.
///
/// ```swift
/// let feed = ActivityFeed(context: container.mainContext, defaults: .standard)
/// let changes = try feed.changesSinceLastVisit()
/// print(changes.inserted, changes.deleted)
/// ```
@MainActor
public struct ActivityFeed {
    /// The preference key the last visit's history token is kept under.
    public static let tokenKey = "activityFeed.lastHistoryToken"

    /// The context the feed reads the history and the workouts through.
    public let context: ModelContext
    /// Where the last visit's token is kept between launches.
    public let defaults: UserDefaults

    /// Creates a feed over `context` that keeps its token in `defaults`.
    public init(context: ModelContext, defaults: UserDefaults = .standard) {
        self.context = context
        self.defaults = defaults
    }

    /// What was added, changed and deleted since the last call (since the store began, the first time),
    /// and the new token saved, so the next call starts after these changes.
    ///
    /// A workout added and changed since then is listed as added; one added or changed and then deleted,
    /// as deleted only. Deleted workouts are named by their tombstones.
    ///
    /// - Throws: The context's error when the history cannot be read.
    public func changesSinceLastVisit() throws -> FeedChanges {
        // TODO: Fetch `HistoryDescriptor<DefaultHistoryTransaction>`, limited by a predicate to tokens after
        //       the one kept under `tokenKey` (JSON-encoded `DefaultHistoryToken` data) when there is one.
        //       Sort each change into added, changed and deleted workouts (by identifier; a deletion takes
        //       the workout out of the other two and is named by `tombstone[\.title]`), keep the newest
        //       transaction's token under `tokenKey`, and return the titles of each list, A to Z.
        FeedChanges()
    }

    /// Marks the workouts the screen shows as reviewed, through the importer: only their identifiers
    /// cross to its actor.
    ///
    /// - Returns: How many workouts were marked.
    /// - Throws: The importer's error.
    public func markReviewed(_ workouts: [Workout], using importer: WorkoutImporter) async throws -> Int {
        // TODO: Send the workouts' `persistentModelID`s, never the models, to `importer.markReviewed(_:)`.
        0
    }
}
