// Section 12 — Repositories, stores and performance
// A writer in the library. You do not need to change this file.

import PersistenceCore

/// Someone whose books are on the shelf; kept in the library's file.
@Model
public final class Author {
    /// The author's name, as the shelf lists it.
    public var name: String
    /// The author's books on the shelf.
    @Relationship(inverse: \Book.author) public var books: [Book] = []

    /// Creates an author with no books yet.
    public init(name: String) {
        self.name = name
    }
}
