// Section 9 — Advanced models
// One run of an import, kept as a log. See MediaItem.swift for the goal.

import PersistenceCore

/// A record of one import: when it ran and what it brought in. Old sessions are pruned as a log is;
/// pruning one must not touch the thousands of items it imported.
@Model
public final class ImportSession {
    // TODO: Replace both placeholders with stored properties of the same name and type. Mark `items`
    //       with `@Relationship`: its inverse is `\MediaItem.importSession`, and deleting a session
    //       must do nothing to its items, not even clear their link (choose the delete rule).

    /// When the import started.
    public var startedAt: Date { get { .distantPast } set {} }
    /// The items it brought in; the inverse of `MediaItem.importSession`. Deleting the session does
    /// nothing to them: their link is left as it is.
    public var items: [MediaItem] { get { [] } set {} }

    /// Creates a session that has imported nothing yet.
    public init(startedAt: Date) {
        // TODO: Store the date.
    }
}
