// Section 12 — Repositories, stores and performance
// Where the shelf's models live. See ModelRepository.swift for the goal.

import PersistenceCore

/// Opens the bookshelf's container: the library in its file, the lookup cache in memory.
public enum BookshelfContainer {
    /// The container the app opens at launch, with two configurations: "Library" keeps `Author` and
    /// `Book` in the file at `storeURL`; "Cache" keeps `CachedLookup` in memory only, so the cache
    /// starts empty at every launch and never reaches the file.
    ///
    /// - Parameter storeURL: The library's store file.
    /// - Throws: The container's error when the file cannot be opened.
    public static func make(storeURL: URL) throws -> ModelContainer {
        let library = ModelConfiguration("Library", schema: Schema([Author.self, Book.self]), url: storeURL)
        let cache = ModelConfiguration("Cache", schema: Schema([CachedLookup.self]), isStoredInMemoryOnly: true)
        return try ModelContainer(for: Schema([Author.self, Book.self, CachedLookup.self]), configurations: library, cache)
    }
}
