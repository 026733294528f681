// Section 9 — Advanced models
// A comment on one item. See MediaItem.swift for the goal.

import PersistenceCore

/// A remark someone left on an item; it belongs to that item alone.
@Model
public final class Comment {
    /// What was written.
    public var text: String
    /// The item it is about; the inverse of `MediaItem.comments`.
    public var item: MediaItem?

    /// Creates a comment that is not attached to an item yet.
    public init(text: String) {
        self.text = text
    }
}
