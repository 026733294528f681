// Section 8 — Practice project: NoteTaker
// A tag and the notes that carry it. See Note.swift for the goal.

import PersistenceCore

/// A label such as "work" or "ideas"; one tag on many notes, many tags on one note.
@Model
public final class Tag {
    /// The tag's name, unique among tags: saving a second tag of the same name updates the first, so
    /// two contexts (or two processes) that both create "work" end up with one tag.
    @Attribute(.unique) public var name: String
    /// The notes that carry this tag; the inverse of `Note.tags`.
    public var notes: [Note] = []

    /// Creates a tag on no notes yet.
    ///
    /// - Parameter name: The tag's name.
    public init(name: String) {
        self.name = name
    }
}
