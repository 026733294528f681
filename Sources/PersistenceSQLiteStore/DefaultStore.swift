import Foundation
import PersistenceModels

/// The store a ``ModelConfiguration`` opens: models kept in a SQLite database, in a file or in memory.
///
/// Contexts reach it through a faster path than snapshots: rows are read straight into the backing data
/// of models, and a save writes the models' pending work in one transaction. Its ``DataStore`` methods
/// answer in snapshots for code that calls them directly.
///
/// ## Topics
/// - ``fetch(_:)``
/// - ``erase()``
public final class DefaultStore: DataStore, DataStoreBatching {
    /// The configuration that opens the default store.
    public typealias Configuration = ModelConfiguration
    /// The default store exchanges ``DefaultSnapshot``s.
    public typealias Snapshot = DefaultSnapshot

    /// The configuration the store was opened with.
    public let configuration: ModelConfiguration
    /// The configuration's name.
    public let name: String
    /// The models the store keeps.
    public let schema: Schema
    /// The database, with the layout of its tables.
    let database: ModelStore

    /// Opens (creating when needed) the store the configuration describes, migrating an older store
    /// with the stages of `migrationPlan`.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when the store cannot be opened, is newer
    ///   than the schema, or cannot be migrated; a failed migration leaves the store unchanged.
    public convenience init(_ configuration: ModelConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws
    {
        let schema = configuration.schema ?? Schema([])
        let database = try ModelStore(schema: schema, configuration: configuration, migrationPlan: migrationPlan)
        self.init(configuration: configuration, schema: schema, database: database)
    }

    /// A store over an open database, such as the view a migration stage's context works in.
    init(configuration: ModelConfiguration, schema: Schema, database: ModelStore) {
        self.configuration = configuration
        self.name = configuration.name
        self.schema = schema
        self.database = database
    }

    /// The store's identifier: the path of its file, or a name unique to an in-memory store.
    public var identifier: String { database.identifier }

    /// The snapshots of the models a request selects, read and decoded as a context would read them.
    ///
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` or ``DataStoreError/preferInMemorySort`` when
    ///   the predicate or the sort has no SQL form.
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<
        T, DefaultSnapshot
    > {
        guard let (rows, _) = try rows(request.descriptor, limited: true) else {
            let plan = FetchPlan(
                descriptor: request.descriptor, entity: try entityLayout(of: T.self), layout: database.layout,
                storeIdentifier: database.identifier)
            throw plan.isPredicateTranslated ? DataStoreError.preferInMemorySort : DataStoreError.preferInMemoryFilter
        }
        var related: [PersistentIdentifier: any BackingData] = [:]
        let snapshots = rows.map { row in
            row.backing.modelType = T.self
            return DefaultSnapshot(from: row.backing, relatedBackingDatas: &related)
        }
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: snapshots)
    }

    /// Contexts save to the default store through their pending work, not snapshots; saving snapshots
    /// directly is not offered.
    ///
    /// - Throws: ``DataStoreError/unsupportedFeature`` always.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<
        DefaultSnapshot
    > {
        throw DataStoreError.unsupportedFeature
    }

    /// Deletes every row of every entity, and the history.
    ///
    /// - Throws: ``SwiftDataError/storeOperationFailed`` when the store cannot be written.
    public func erase() throws {
        try eraseAllData()
    }

    /// Deletes the rows a batch request's predicate selects, with their relationships' delete rules, in SQL.
    ///
    /// - Throws: ``DataStoreError/invalidPredicate`` when the predicate has no SQL form.
    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        guard
            let selection = try batchDeleteSelection(
                of: T.self, matching: request.predicate, includingSubclasses: request.includeSubclasses)
        else {
            throw DataStoreError.invalidPredicate
        }
        _ = try save(
            StoreChanges(
                inserts: [], changes: [], deletes: [],
                batchDeletes: [Schema.entityName(of: T.self): SortedKeys.normalized(selection.keys)],
                batchDeleteRescan: selection.rescan, author: request.editingState.author
            ))
    }

    /// The layout of `type`'s table.
    ///
    /// - Throws: ``SwiftDataError/unknownModelType`` when the store does not keep the type.
    func entityLayout(of type: any PersistentModel.Type) throws -> StoreLayout.EntityLayout {
        guard let entity = database.layout.layout(of: type) else {
            throw SwiftDataError(
                .unknownModelType, reason: "\(type) is not one of the store's models; pass it to ModelContainer(for:)",
                context: "reading \(type)")
        }
        return entity
    }
}
