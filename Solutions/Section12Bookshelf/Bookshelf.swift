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
        try context.fetch(FetchDescriptor(predicate: #Predicate { $0.genre == genre }, sortBy: [SortDescriptor(\.addedAt)]))
    }

    /// Every author, A to Z, with the titles of their books, A to Z: two queries however many authors
    /// there are, the authors' and one for all their books.
    ///
    /// - Throws: The context's error when the fetch fails.
    public func authorsWithTitles() throws -> [AuthorTitles] {
        var descriptor = FetchDescriptor<Author>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\.books]
        return try context.fetch(descriptor).map { author in
            AuthorTitles(name: author.name, titles: author.books.map(\.title).sorted())
        }
    }
}
