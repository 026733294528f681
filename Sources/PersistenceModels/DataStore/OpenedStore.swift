import Foundation

/// One store a container opened, as its contexts reach it: through the default store's engine, or
/// through the snapshots of the ``DataStore`` protocol for any other store.
package final class OpenedStore {
    /// The store's identifier, which the persistent identifiers of its models carry.
    package let identifier: String
    /// The entities the store keeps.
    package let schema: Schema
    /// The default store's faster path, when this is the default store.
    package let engine: (any ModelStoreEngine)?
    /// The store as a ``DataStore`` exchanging snapshots, when it is any other store.
    package let snapshots: SnapshotStore?
    /// The store's mirror to a cloud database, when its configuration syncs; told of every save.
    package internal(set) weak var mirror: (any StoreMirror)?

    package init(engine: any ModelStoreEngine, schema: Schema) {
        self.identifier = engine.storeIdentifier
        self.schema = schema
        self.engine = engine
        self.snapshots = nil
    }

    private init(snapshots: SnapshotStore, schema: Schema) {
        self.identifier = snapshots.identifier
        self.schema = schema
        self.engine = nil
        self.snapshots = snapshots
    }

    /// Opens the store `configuration` describes, for `schema`'s entities.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` with the store's reason.
    static func open(
        _ configuration: any DataStoreConfiguration,
        schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)?
    ) throws -> OpenedStore {
        try openTyped(configuration, schema: schema, migrationPlan: migrationPlan)
    }

    private static func openTyped<Configuration: DataStoreConfiguration>(
        _ given: Configuration,
        schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)?
    ) throws -> OpenedStore {
        var configuration = given
        configuration.schema = schema
        let store: Configuration.Store
        do {
            try configuration.validate()
            store = try Configuration.Store(configuration, migrationPlan: migrationPlan)
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw SwiftDataError(
                .loadIssueModelContainer, reason: "\(error)",
                context: "opening the store of the configuration \"\(given.name)\"")
        }
        if let engine = store as? any ModelStoreEngine {
            return OpenedStore(engine: engine, schema: schema)
        }
        return OpenedStore(snapshots: try SnapshotStore(store), schema: schema)
    }

    /// Whether contexts may save to the store.
    package var allowsSave: Bool { engine?.allowsSave ?? true }

    /// Removes every model the store keeps.
    func erase() throws {
        if let engine {
            try engine.eraseAllData()
        } else {
            try snapshots?.erase()
        }
    }
}

/// A custom ``DataStore`` whose snapshots are ``DefaultSnapshot``, reached without its concrete type.
package final class SnapshotStore {
    let identifier: String
    private let saveChanges:
        (DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> [PersistentIdentifier: PersistentIdentifier]
    private let eraseAll: () throws -> Void
    private let fetchTyped: (Any, EditingState) throws -> [DefaultSnapshot]

    init<Store: DataStore>(_ store: Store) throws {
        guard Store.Snapshot.self == DefaultSnapshot.self else {
            throw SwiftDataError(
                .loadIssueModelContainer,
                reason:
                    "\(Store.self) exchanges \(Store.Snapshot.self) snapshots; the workbench's contexts read and write DefaultSnapshot only",
                context: "opening a custom store"
            )
        }
        identifier = store.identifier
        fetchTyped = { request, editingState in
            guard let typed = request as? any SnapshotFetching else { return [] }
            return try typed.fetchSnapshots(from: store, editingState: editingState)
        }
        saveChanges = { request in
            let result = try store.save(request as! DataStoreSaveChangesRequest<Store.Snapshot>)
            return result.remappedIdentifiers
        }
        eraseAll = { try store.erase() }
    }

    /// The snapshots the store returns for `descriptor` (filtered, sorted, skipped and limited or not:
    /// the context applies the descriptor again).
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, editingState: EditingState) throws
        -> [DefaultSnapshot]
    {
        try fetchTyped(TypedFetch(descriptor: descriptor), editingState)
    }

    /// Hands a save's snapshots to the store and returns the permanent identifiers of inserted models.
    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> [PersistentIdentifier:
        PersistentIdentifier]
    {
        try saveChanges(request)
    }

    func erase() throws {
        try eraseAll()
    }
}

/// A fetch of one model type, carried to a store without its type showing in ``SnapshotStore``.
private protocol SnapshotFetching {
    func fetchSnapshots<Store: DataStore>(from store: Store, editingState: EditingState) throws -> [DefaultSnapshot]
}

private struct TypedFetch<T: PersistentModel>: SnapshotFetching {
    let descriptor: FetchDescriptor<T>

    /// Asks the store for the snapshots, without offset or limit (the context applies them, as it
    /// cannot tell whether the store did), and without the predicate or the order when the store
    /// prefers to leave them to the context.
    func fetchSnapshots<Store: DataStore>(from store: Store, editingState: EditingState) throws -> [DefaultSnapshot] {
        var asked = descriptor
        asked.fetchOffset = nil
        asked.fetchLimit = nil
        for _ in 0..<3 {
            do {
                let result = try store.fetch(DataStoreFetchRequest(descriptor: asked, editingState: editingState))
                return result.fetchedSnapshots.compactMap { $0 as? DefaultSnapshot }
            } catch DataStoreError.preferInMemoryFilter {
                asked.predicate = nil
            } catch DataStoreError.preferInMemorySort {
                asked.sortBy = []
            }
        }
        throw SwiftDataError(
            .storeOperationFailed, reason: "the store kept preferring in-memory work", context: "fetching \(T.self)")
    }
}
