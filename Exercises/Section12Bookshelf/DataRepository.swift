// Section 12 — Repositories, stores and performance
// The repository's contract. You do not need to change this file.

import PersistenceCore

/// Stores and finds the models of one type, whatever store keeps them: Spring Data's
/// `PagingAndSortingRepository`, for SwiftData.
///
/// A type conforms once for every model type it can keep, by being generic over ``Model``:
///
/// ```swift
/// let books = ModelRepository<Book>(context: context)
/// try books.save(Book(title: "Dune", genre: "Science fiction", addedAt: .now))
/// let first = try books.findPage(0, size: 20, sortBy: [SortDescriptor(\.title)])
/// ```
public protocol DataRepository {
    /// The model type the repository keeps.
    associatedtype Model: PersistentModel

    /// Inserts `model` when it is new, then saves every pending change of the repository's context.
    ///
    /// - Throws: The context's error when the save fails.
    func save(_ model: Model) throws

    /// Deletes `model`, then saves.
    ///
    /// - Throws: The context's error when the save fails.
    func delete(_ model: Model) throws

    /// Every stored model, in the order of `sortBy` (the store's own order when it is empty).
    ///
    /// - Throws: The context's error when the fetch fails.
    func findAll(sortBy: [SortDescriptor<Model>]) throws -> [Model]

    /// The stored model with this identifier, or `nil` when there is none: deleted, never saved in
    /// this store, or a model of another type.
    ///
    /// - Throws: The context's error when the fetch fails.
    func findById(_ id: PersistentIdentifier) throws -> Model?

    /// Page `page` of the stored models, `size` to a page, in the order of `sortBy`: pages are numbered
    /// from 0, as Spring Data numbers them, and a page past the last one is empty.
    ///
    /// - Parameters:
    ///   - page: Which page, from 0.
    ///   - size: How many models a page holds; at least 1.
    ///   - sortBy: The order the pages follow; give one that tells every two models apart.
    /// - Throws: The context's error when the fetch fails.
    func findPage(_ page: Int, size: Int, sortBy: [SortDescriptor<Model>]) throws -> [Model]

    /// How many pages of `size` models the stored models fill; a partly filled last page counts, and
    /// no model makes no page.
    ///
    /// - Parameter size: How many models a page holds; at least 1.
    /// - Throws: The context's error when the count fails.
    func pageCount(size: Int) throws -> Int
}

extension DataRepository {
    /// Every stored model, in the store's own order.
    ///
    /// - Throws: The context's error when the fetch fails.
    public func findAll() throws -> [Model] {
        try findAll(sortBy: [])
    }
}
