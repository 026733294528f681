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
        // TODO: Throw `DataStoreError.preferInMemoryFilter` when the descriptor has a predicate and
        //       `.preferInMemorySort` when it has sort descriptors; otherwise return every snapshot in the
        //       file (none when there is no file yet), decoded with `JSONDecoder` as `[DefaultSnapshot]`.
        DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: [])
    }

    /// Writes a save's changes to the file: each inserted quote under a new permanent identifier (which
    /// the result hands back to the context), each updated one in place, each deleted one removed.
    ///
    /// - Throws: The file's error.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        // TODO: Read the stored snapshots by identifier. Give each inserted snapshot a permanent identifier
        //       (`PersistentIdentifier.identifier(for: identifier, entityName:, primaryKey: UUID())`), store
        //       `snapshot.copy(persistentIdentifier:)` under it and remember the pair; replace the updated
        //       snapshots, remove the deleted ones, write the file with `JSONEncoder` (`.atomic`), and return
        //       the pairs as `remappedIdentifiers`.
        DataStoreSaveChangesResult(for: identifier)
    }

    /// Removes every quote: the file then holds an empty list.
    ///
    /// - Throws: The file's error.
    public func erase() throws {
        // TODO: Write an empty list to the file.
    }
}
