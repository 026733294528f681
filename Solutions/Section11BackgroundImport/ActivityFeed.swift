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
        var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
        if let token = lastToken() {
            descriptor.predicate = #Predicate { $0.token > token }
        }
        let transactions = try context.fetchHistory(descriptor)
        var inserted: Set<PersistentIdentifier> = []
        var updated: Set<PersistentIdentifier> = []
        var deleted: [String] = []
        for transaction in transactions {
            for change in transaction.changes {
                switch change {
                case .insert(let insert as DefaultHistoryInsert<Workout>):
                    inserted.insert(insert.changedPersistentIdentifier)
                case .update(let update as DefaultHistoryUpdate<Workout>):
                    updated.insert(update.changedPersistentIdentifier)
                case .delete(let delete as DefaultHistoryDelete<Workout>):
                    // Only workouts still stored are named as added or changed (see `titles(of:)`).
                    deleted.append(delete.tombstone[\.title] as? String ?? "a deleted workout")
                default:
                    continue
                }
            }
        }
        if let newest = transactions.last?.token {
            defaults.set(try JSONEncoder().encode(newest), forKey: Self.tokenKey)
        }
        return FeedChanges(
            inserted: try titles(of: inserted),
            updated: try titles(of: updated.subtracting(inserted)),
            deleted: deleted.sorted()
        )
    }

    /// Marks the workouts the screen shows as reviewed, through the importer: only their identifiers
    /// cross to its actor.
    ///
    /// - Returns: How many workouts were marked.
    /// - Throws: The importer's error.
    public func markReviewed(_ workouts: [Workout], using importer: WorkoutImporter) async throws -> Int {
        let identifiers = workouts.map(\.persistentModelID)
        return try await importer.markReviewed(identifiers)
    }

    /// The token the last visit saved, if any.
    private func lastToken() -> DefaultHistoryToken? {
        defaults.data(forKey: Self.tokenKey).flatMap { try? JSONDecoder().decode(DefaultHistoryToken.self, from: $0) }
    }

    /// The titles of the stored workouts with these identifiers, A to Z.
    private func titles(of identifiers: Set<PersistentIdentifier>) throws -> [String] {
        let wanted = Array(identifiers)
        let workouts = try context.fetch(FetchDescriptor<Workout>(predicate: #Predicate { wanted.contains($0.persistentModelID) }))
        return workouts.map(\.title).sorted()
    }
}
