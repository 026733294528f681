// Section 11 — Background work and history
//
// Goal: import a watch's export of 1,000+ workouts in the background while the main screen stays
// current, and tell the main screen what changed since it last looked.
//
//   - `Workout` (this file): one stored workout. The watch's id (`externalID`) identifies it: importing
//     an export again updates the stored workouts instead of adding copies (`#Unique`). A deleted
//     workout's `externalID` and `title` are kept in the history (`.preserveValueOnDeletion`), so
//     the feed can still name it.
//   - `WorkoutImporter` (WorkoutImporter.swift): a `@ModelActor` that imports an export in batches,
//     saving and reporting progress after each one, stopping between batches when its task is
//     cancelled; that marks workouts reviewed from their identifiers; and that deletes old workouts
//     with one delete by predicate.
//   - `ActivityFeed` (ActivityFeed.swift): on the main context, reads the store's history since the
//     token it saved at the last visit and names what was added, changed and deleted; and sends the
//     identifiers of the workouts the screen shows — never the models — to the importer.
//
// Run `swift test --filter Section11` (or `swift run coach check 11`) to see which checks pass.

import PersistenceCore

/// One workout in the store.
@Model
public final class Workout {
    #Unique<Workout>([\.externalID])

    /// The watch's id for the workout; kept in the history when the workout is deleted.
    @Attribute(.preserveValueOnDeletion) public var externalID: String
    /// The name shown in the list; kept in the history when the workout is deleted.
    @Attribute(.preserveValueOnDeletion) public var title: String
    /// "run", "ride", "swim" or "walk".
    public var kind: String
    /// When it started.
    public var startedAt: Date
    /// How long it lasted, in minutes.
    public var minutes: Int
    /// Whether the user has looked at it; a new workout has not been reviewed.
    public var isReviewed: Bool = false

    /// Creates a workout from one record of an export.
    public init(_ record: WorkoutRecord) {
        externalID = record.id
        title = record.title
        kind = record.kind
        startedAt = record.startedAt
        minutes = record.minutes
    }
}
