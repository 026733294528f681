// Section 9 — Advanced models
// A comment on one item. See MediaItem.swift for the goal.

import PersistenceCore

/// A remark someone left on an item; it belongs to that item alone.
@Model
public final class Comment {
    // TODO: Replace both placeholders with stored properties of the same name and type.

    /// What was written.
    public var text: String { get { "" } set {} }
    /// The item it is about; the inverse of `MediaItem.comments`.
    public var item: MediaItem? { get { nil } set {} }

    /// Creates a comment that is not attached to an item yet.
    public init(text: String) {
        // TODO: Store the text.
    }
}
