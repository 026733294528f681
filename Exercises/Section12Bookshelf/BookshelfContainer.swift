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
        // TODO: Two `ModelConfiguration`s, each with its name and a `schema:` naming its models: "Library" in
        //       the file at `storeURL`, "Cache" with `isStoredInMemoryOnly: true`; then one container for all
        //       three models with both configurations. Until then everything is kept in memory only.
        try ModelContainer(
            for: Author.self, Book.self, CachedLookup.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true)
        )
    }
}
