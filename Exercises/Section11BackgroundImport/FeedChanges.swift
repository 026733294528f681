// Section 11 — Background work and history
// What the activity feed shows. You do not need to change this file.

import PersistenceCore

/// What changed in the store since the activity feed last looked, by workout title, each list sorted A to Z.
public struct FeedChanges: Equatable, Sendable {
    /// Workouts added since the last visit that are still stored.
    public var inserted: [String]
    /// Workouts changed since the last visit that are still stored and were not added since then.
    public var updated: [String]
    /// Workouts deleted since the last visit, named by their tombstones.
    public var deleted: [String]

    /// Creates a summary.
    public init(inserted: [String] = [], updated: [String] = [], deleted: [String] = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}
