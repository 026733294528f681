// Section 6 — Tags and the note list
// A note of the note-taking app. You do not need to change this file.

import PersistenceCore

/// One note: a title, free text, a pin, when it was written, and the tags it carries.
///
/// ```swift
/// let note = Note(title: "Packing list", content: "Passport, charger")
/// context.insert(note)
/// ```
@Model
public final class Note {
    /// The note's headline, shown in the list.
    public var title: String
    /// The body of the note; empty when there is none.
    public var content: String
    /// When the note was created; the list shows the newest first.
    public var createdAt: Date
    /// Whether the note is pinned.
    public var isPinned: Bool
    /// The tags the note carries; the other side of `Tag.notes` (many-to-many).
    public var tags: [Tag] = []

    /// Creates an untagged note and records the moment it was created.
    ///
    /// - Parameters:
    ///   - title: The note's headline.
    ///   - content: The body of the note.
    ///   - isPinned: Whether the note starts pinned.
    public init(title: String, content: String = "", isPinned: Bool = false) {
        self.title = title
        self.content = content
        self.createdAt = .now
        self.isPinned = isPinned
    }
}
