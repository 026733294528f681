// Section 9 — Advanced models
// One run of an import, kept as a log. See MediaItem.swift for the goal.

import PersistenceCore

/// A record of one import: when it ran and what it brought in. Old sessions are pruned as a log is;
/// pruning one must not touch the thousands of items it imported.
@Model
public final class ImportSession {
    /// When the import started.
    public var startedAt: Date
    /// The items it brought in; the inverse of `MediaItem.importSession`. Deleting the session does
    /// nothing to them: their link is left as it is.
    @Relationship(deleteRule: .noAction, inverse: \MediaItem.importSession)
    public var items: [MediaItem] = []

    /// Creates a session that has imported nothing yet.
    public init(startedAt: Date) {
        self.startedAt = startedAt
    }
}
