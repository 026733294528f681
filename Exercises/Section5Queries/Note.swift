// Section 5 — Querying
// The note model every query reads. You do not need to change this file.

import PersistenceCore

/// A note of the NoteTaker app: a title, free text, when it was written, whether it is pinned to the
/// top, and the tags it carries.
///
/// ```swift
/// let note = Note(title: "Shopping list", content: "Milk, eggs", isPinned: true)
/// context.insert(note)
/// ```
@Model
public final class Note {
    /// The note's title, shown in lists.
    public var title: String
    /// The body of the note.
    public var content: String
    /// When the note was written.
    public var createdAt: Date
    /// Whether the note is pinned to the top of the list.
    public var isPinned: Bool
    /// The tags the note carries; a tag can label many notes (the inverse of `Tag.notes`).
    public var tags: [Tag] = []

    /// Creates a note with no tags.
    ///
    /// - Parameters:
    ///   - title: The note's title.
    ///   - content: The body of the note; empty unless given.
    ///   - isPinned: Whether the note is pinned; not unless given.
    ///   - createdAt: When the note was written; now unless given.
    public init(title: String, content: String = "", isPinned: Bool = false, createdAt: Date = .now) {
        self.title = title
        self.content = content
        self.isPinned = isPinned
        self.createdAt = createdAt
    }
}
