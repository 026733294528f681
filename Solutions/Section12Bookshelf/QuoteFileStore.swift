// Section 12 — Repositories, stores and performance
// The quotes' own store: a JSON file. See ModelRepository.swift for the goal.

import PersistenceCore

/// A custom store that keeps the quotes in one JSON file: an array of their snapshots, written whole at
/// every save. It answers a fetch with every quote and leaves filtering and sorting to SwiftData.
///
/// ```swift
/// let container = try ModelContainer(for: Quote.self, configurations: QuoteFileConfiguration(fileURL: url))
/// let quotes = ModelRepository<Quote>(context: ModelContext(container))
/// ```
public final class QuoteFileStore: DataStore {
    /// The configuration that opens this store.
    public typealias Configuration = QuoteFileConfiguration
    /// The store exchanges SwiftData's own snapshots, which are `Codable`.
    public typealias Snapshot = DefaultSnapshot

    /// The configuration the store was opened with.
    public let configuration: QuoteFileConfiguration
    /// The models the store keeps.
    public let schema: Schema
    /// The store's identifier, part of every identifier it gives a quote: the file's name, so that the
    /// identifiers saved in the file still name this store after a relaunch.
    public let identifier: String

    /// Opens the store of `configuration`; the file is read at each fetch and written at each save.
    public init(_ configuration: QuoteFileConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.schema = configuration.schema ?? Schema([Quote.self])
        self.identifier = configuration.fileURL.lastPathComponent
    }

    /// Every quote in the file. A descriptor with a predicate or an order is handed back to SwiftData,
    /// which then asks again without them and applies them itself.
    ///
    /// - Throws: `DataStoreError.preferInMemoryFilter` or `.preferInMemorySort`, or the file's error.
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        if request.descriptor.predicate != nil {
            throw DataStoreError.preferInMemoryFilter
        }
        if !request.descriptor.sortBy.isEmpty {
            throw DataStoreError.preferInMemorySort
        }
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: try read())
    }

    /// Writes a save's changes to the file: each inserted quote under a new permanent identifier (which
    /// the result hands back to the context), each updated one in place, each deleted one removed.
    ///
    /// - Throws: The file's error.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        var stored: [PersistentIdentifier: DefaultSnapshot] = [:]
        for snapshot in try read() {
            stored[snapshot.persistentIdentifier] = snapshot
        }
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        for snapshot in request.inserted {
            let permanent = try PersistentIdentifier.identifier(
                for: identifier, entityName: snapshot.persistentIdentifier.entityName, primaryKey: UUID()
            )
            stored[permanent] = snapshot.copy(persistentIdentifier: permanent)
            remapped[snapshot.persistentIdentifier] = permanent
        }
        for snapshot in request.updated {
            stored[snapshot.persistentIdentifier] = snapshot
        }
        for snapshot in request.deleted {
            stored[snapshot.persistentIdentifier] = nil
        }
        try write(Array(stored.values))
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped)
    }

    /// Removes every quote: the file then holds an empty list.
    ///
    /// - Throws: The file's error.
    public func erase() throws {
        try write([])
    }

    /// The snapshots in the file; none when there is no file yet.
    private func read() throws -> [DefaultSnapshot] {
        guard FileManager.default.fileExists(atPath: configuration.fileURL.path) else { return [] }
        return try JSONDecoder().decode([DefaultSnapshot].self, from: Data(contentsOf: configuration.fileURL))
    }

    /// Replaces the file with `snapshots`, all at once.
    private func write(_ snapshots: [DefaultSnapshot]) throws {
        try JSONEncoder().encode(snapshots).write(to: configuration.fileURL, options: .atomic)
    }
}
