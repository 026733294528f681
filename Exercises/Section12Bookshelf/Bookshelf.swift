// Section 12 — Repositories, stores and performance
// The shelf's screens. See ModelRepository.swift for the goal.

import PersistenceCore

/// What the shelf's screens ask of the store, through one context.
public struct Bookshelf {
    /// The context the screens read through.
    public let context: ModelContext

    /// The shelf over `context`.
    public init(context: ModelContext) {
        self.context = context
    }

    /// The books, through the shelf's context.
    public var books: ModelRepository<Book> { ModelRepository(context: context) }
    /// The authors, through the shelf's context.
    public var authors: ModelRepository<Author> { ModelRepository(context: context) }
    /// The lookup cache, through the shelf's context.
    public var lookups: ModelRepository<CachedLookup> { ModelRepository(context: context) }

    /// The books of `genre`, the first added first: one query, which SQLite answers by searching the
    /// index on genre and date, with no sorting step of its own.
    ///
    /// - Throws: The context's error when the fetch fails.
    public func books(inGenre genre: String) throws -> [Book] {
        // TODO: One fetch: a `#Predicate` on the genre, sorted by `addedAt`. Book's index makes it fast.
        []
    }

    /// Every author, A to Z, with the titles of their books, A to Z: two queries however many authors
    /// there are, the authors' and one for all their books.
    ///
    /// - Throws: The context's error when the fetch fails.
    public func authorsWithTitles() throws -> [AuthorTitles] {
        // TODO: Fetch the authors sorted by name, with their `books` prefetched
        //       (`relationshipKeyPathsForPrefetching`), and make an `AuthorTitles` of each, titles sorted.
        []
    }
}
