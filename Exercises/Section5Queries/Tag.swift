// Section 5 — Querying
// The tag model: a label many notes can carry. You do not need to change this file.

import PersistenceCore

/// A label such as "work" or "recipes". A note carries any number of tags and a tag labels any
/// number of notes: a many-to-many relationship.
///
/// ```swift
/// let work = Tag(name: "work")
/// note.tags.append(work)      // work.notes now holds the note too
/// ```
@Model
public final class Tag {
    /// The tag's name, compared exactly: "swift" and "swiftui" are two different tags.
    public var name: String
    /// The notes that carry this tag; the inverse of `Note.tags`.
    @Relationship(inverse: \Note.tags) public var notes: [Note] = []

    /// Creates a tag that labels no note yet.
    ///
    /// - Parameter name: The tag's name.
    public init(name: String) {
        self.name = name
    }
}
