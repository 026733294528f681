// Section 12 — Repositories, stores and performance
//
// Goal: a bookshelf app whose data lives in three places and is reached through one repository, and
// whose queries are proved fast by what SQLite reports, never by a timing.
//
//   - `ModelRepository` (this file): the one implementation of `DataRepository` (DataRepository.swift),
//     generic over the model type: save, delete, find all, find by identifier, a page of results
//     (`fetchLimit` and `fetchOffset`) and the page count (`fetchCount`, never a fetch of every model).
//   - `Book` (Book.swift): an index on the genre and the date a book was added, so that a genre's
//     books are found and ordered by SQLite's index rather than a scan and a sort.
//   - `BookshelfContainer` (BookshelfContainer.swift): one container with two configurations: the
//     library (`Author`, `Book`) in its file, the lookup cache (`CachedLookup`) in memory only.
//   - `Bookshelf` (Bookshelf.swift): a genre's books, oldest first, through the index; and every
//     author with their titles, in two queries however many authors there are (prefetching).
//   - `QuoteFileStore` (QuoteFileStore.swift): a custom `DataStore` that keeps the quotes in a JSON
//     file, written as Apple's SDK requires, with permanent identifiers that survive a relaunch.
//
// Run `swift test --filter Section12` (or `swift run coach check 12`) to see which checks pass.

import PersistenceCore

/// The one implementation of ``DataRepository``: any model type, through any context, whichever store
/// keeps the model.
///
/// ```swift
/// let books = ModelRepository<Book>(context: context)
/// let authors = ModelRepository<Author>(context: context)
/// ```
public struct ModelRepository<Model: PersistentModel>: DataRepository {
    /// The context the repository reads and writes through.
    public let context: ModelContext

    /// A repository working through `context`.
    public init(context: ModelContext) {
        self.context = context
    }

    public func save(_ model: Model) throws {
        // TODO: Insert the model into `context` (inserting a model already there changes nothing), then save.
    }

    public func delete(_ model: Model) throws {
        // TODO: Delete the model from `context`, then save.
    }

    public func findAll(sortBy: [SortDescriptor<Model>]) throws -> [Model] {
        // TODO: Fetch with a `FetchDescriptor` sorted by `sortBy`.
        []
    }

    public func findById(_ id: PersistentIdentifier) throws -> Model? {
        // TODO: Fetch the model whose `persistentModelID` is `id`, with a `#Predicate<Model>`. `context.model(for:)`
        //       is not the way: it hands back a model even for an identifier whose row is gone.
        nil
    }

    public func findPage(_ page: Int, size: Int, sortBy: [SortDescriptor<Model>]) throws -> [Model] {
        // TODO: One fetch sorted by `sortBy` that skips the earlier pages (`fetchOffset`) and stops after one
        //       page (`fetchLimit`), so that SQLite reads only that page's rows.
        []
    }

    public func pageCount(size: Int) throws -> Int {
        // TODO: Count the models with `context.fetchCount(_:)` (never by fetching them), and round a partly
        //       filled last page up.
        0
    }
}
