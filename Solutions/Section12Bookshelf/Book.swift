// Section 12 — Repositories, stores and performance
// A book on the shelf. See ModelRepository.swift for the goal.

import PersistenceCore

/// A book on the shelf; kept in the library's file.
@Model
public final class Book {
    #Index<Book>([\.genre, \.addedAt])

    /// The book's title.
    public var title: String
    /// The shelf's genre for it, such as "Science fiction".
    public var genre: String
    /// When the book was put on the shelf.
    public var addedAt: Date
    /// Who wrote it.
    public var author: Author?

    /// Creates a book, by `author` when one is given.
    public init(title: String, genre: String, addedAt: Date, author: Author? = nil) {
        self.title = title
        self.genre = genre
        self.addedAt = addedAt
        self.author = author
    }
}
