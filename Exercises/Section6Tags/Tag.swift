// Section 6 — Tags and the note list
// A tag that any number of notes can carry. You do not need to change this file.

import PersistenceCore

/// A label such as "Work" or "Recipes": many notes carry a tag, and a note carries many tags.
///
/// Deleting a tag keeps its notes and takes the tag off them (the `.nullify` delete rule).
///
/// ```swift
/// let work = Tag(name: "Work")
/// context.insert(work)
/// note.tags.append(work)    // work.notes now holds the note too
/// ```
@Model
public final class Tag {
    /// The name shown in lists and in the tag picker.
    public var name: String
    /// The notes that carry this tag; the other side of `Note.tags`.
    @Relationship(deleteRule: .nullify, inverse: \Note.tags)
    public var notes: [Note] = []

    /// Creates a tag that no note carries yet.
    ///
    /// - Parameter name: The name shown for the tag.
    public init(name: String) {
        self.name = name
    }
}
