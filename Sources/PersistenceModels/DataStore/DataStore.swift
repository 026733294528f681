import Foundation

/// Describes a store a container can open: its name, the models it keeps, and the store type that opens it.
///
/// `ModelConfiguration` is the configuration of the default SQLite store; a custom store comes with a
/// configuration of its own:
///
/// ```swift
/// struct ArchiveConfiguration: DataStoreConfiguration {
///     typealias Store = ArchiveStore
///     var name: String
///     var schema: Schema?
///     var fileURL: URL
/// }
/// let container = try ModelContainer(for: Trip.self, configurations: ArchiveConfiguration(name: "Trips", fileURL: url))
/// ```
public protocol DataStoreConfiguration: Hashable {
    /// The store type that opens this configuration.
    associatedtype Store: DataStore where Self == Store.Configuration
    /// The configuration's name, unique within a container.
    var name: String { get }
    /// The models this configuration keeps; a container sets it to its own schema when it is `nil`.
    var schema: Schema? { get set }
    /// Checks the configuration before its store opens.
    ///
    /// - Throws: An error that says what is wrong with it.
    func validate() throws
}

extension DataStoreConfiguration {
    /// Accepts every configuration.
    public func validate() throws {}
}

/// Reads and writes a container's models without the container knowing how they are kept.
///
/// A store receives fetch requests and the changes of a save as *snapshots*: each model's values by
/// property name, with related models as their identifiers. Where a store answers a fetch with its
/// snapshots unfiltered or unsorted (or throws ``DataStoreError/preferInMemoryFilter`` or
/// ``DataStoreError/preferInMemorySort``), the context filters, sorts, skips and limits them itself.
///
/// ## Topics
/// - ``fetch(_:)``, ``save(_:)``, ``erase()``
/// - ``fetchCount(_:)``, ``fetchIdentifiers(_:)``
/// - ``DataStoreSnapshot``, ``DefaultSnapshot``
public protocol DataStore: AnyObject {
    /// The configuration type that opens this store.
    associatedtype Configuration: DataStoreConfiguration
    /// The snapshot type the store exchanges with contexts.
    associatedtype Snapshot: DataStoreSnapshot

    /// Opens the store described by `configuration`, migrating older data with `migrationPlan` where it can.
    init(_ configuration: Configuration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws
    /// The configuration the store was opened with.
    var configuration: Configuration { get }
    /// The store's identifier, which every ``PersistentIdentifier`` of its models carries.
    var identifier: String { get }
    /// The models the store keeps.
    var schema: Schema { get }

    /// The snapshots of the models a request asks for.
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, Snapshot>
    /// The number of models a request matches.
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int
    /// The identifiers of the models a request matches.
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier]
    /// Stores the inserted, updated and deleted snapshots of a save, and tells the context the permanent
    /// identifiers of inserted models.
    func save(_ request: DataStoreSaveChangesRequest<Snapshot>) throws -> DataStoreSaveChangesResult<Snapshot>
    /// Removes every model the store keeps.
    func erase() throws
    /// Prepares what the store keeps for one editing state (a context).
    func initializeState(for editingState: EditingState)
    /// Snapshots the store already holds for these identifiers, so a context need not fetch them.
    func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws
        -> [PersistentIdentifier: Snapshot]
    /// Forgets what the store keeps for one editing state.
    func invalidateState(for editingState: EditingState)
}

extension DataStore {
    /// The number of snapshots ``fetch(_:)`` returns for the request's descriptor, filtered by the
    /// context where the store leaves filtering to it.
    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try fetchIdentifiers(request).count
    }

    /// The identifiers of the snapshots ``fetch(_:)`` returns for the request's descriptor.
    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> [PersistentIdentifier]
    {
        try fetch(request).fetchedSnapshots.map(\.persistentIdentifier)
    }

    /// Stores that keep nothing cannot be erased: by default this throws ``DataStoreError/unsupportedFeature``.
    public func erase() throws {
        throw DataStoreError.unsupportedFeature
    }

    /// Nothing to prepare by default.
    public func initializeState(for editingState: EditingState) {}

    /// No cache by default.
    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws
        -> [PersistentIdentifier: Snapshot]
    {
        [:]
    }

    /// Nothing to forget by default.
    public func invalidateState(for editingState: EditingState) {}
}

/// A store that can delete every model matching a predicate without the context loading them.
public protocol DataStoreBatching: DataStore {
    /// Deletes the models the request's predicate matches (all of its type without one).
    func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws
}

/// A batch delete: the models of one type a predicate matches.
// Unchecked Sendable: immutable, and Sendable as SwiftData declares it; its predicate names key paths of a model type, which the compiler cannot prove Sendable.
public struct DataStoreBatchDeleteRequest<T: PersistentModel>: @unchecked Sendable {
    /// The context that asks.
    public let editingState: EditingState
    /// Which models; every model of the type when `nil`.
    public let predicate: Predicate<T>?
    /// Whether models of subclasses of the type are deleted too.
    public let includeSubclasses: Bool
}

/// Why a store did not answer a request the way it was asked.
public enum DataStoreError: Error, Equatable, Hashable, Sendable {
    /// The predicate cannot be evaluated by the store.
    case invalidPredicate
    /// The store returns its snapshots unfiltered and leaves the predicate to the context.
    case preferInMemoryFilter
    /// The store returns its snapshots unsorted and leaves the sort to the context.
    case preferInMemorySort
    /// The store does not offer this operation.
    case unsupportedFeature
}

/// The context a request comes from: its identity and the author it saves as.
public struct EditingState: Identifiable, Sendable {
    /// The context's identity.
    public let id: UUID
    /// The author the context's saves are recorded under, if any.
    public var author: String?

    init(id: UUID, author: String?) {
        self.id = id
        self.author = author
    }
}

/// A fetch a store answers: the context's descriptor and who asks.
// Unchecked Sendable: immutable, and Sendable as SwiftData declares it; its descriptor holds key paths of a model type, which the compiler cannot prove Sendable.
public struct DataStoreFetchRequest<T: PersistentModel>: @unchecked Sendable {
    /// What to fetch, in which order, how many.
    public let descriptor: FetchDescriptor<T>
    /// The context that asks.
    public let editingState: EditingState

    init(descriptor: FetchDescriptor<T>, editingState: EditingState) {
        self.descriptor = descriptor
        self.editingState = editingState
    }
}

/// A store's answer to a fetch: the snapshots of the models it matched, and of related models it read.
// Unchecked Sendable: immutable, and Sendable as SwiftData declares it; the snapshots are values the store made for this one fetch.
public struct DataStoreFetchResult<ModelType: PersistentModel, SnapshotType: DataStoreSnapshot>: @unchecked Sendable {
    /// The descriptor the result answers.
    public let descriptor: FetchDescriptor<ModelType>
    /// The matched models' snapshots.
    public let fetchedSnapshots: [SnapshotType]
    /// Snapshots of models the matched ones relate to, by identifier.
    public let relatedSnapshots: [PersistentIdentifier: SnapshotType]

    /// Creates a result.
    public init(
        descriptor: FetchDescriptor<ModelType>,
        fetchedSnapshots: [SnapshotType],
        relatedSnapshots: [PersistentIdentifier: SnapshotType] = [:]
    ) {
        self.descriptor = descriptor
        self.fetchedSnapshots = fetchedSnapshots
        self.relatedSnapshots = relatedSnapshots
    }
}

/// The changes of a save, as snapshots: models inserted, updated and deleted since the last save.
public struct DataStoreSaveChangesRequest<SnapshotType: DataStoreSnapshot>: Sendable {
    /// The context that saves.
    public let editingState: EditingState
    /// Snapshots of new models, under their temporary identifiers.
    public let inserted: [SnapshotType]
    /// Snapshots of changed models.
    public let updated: [SnapshotType]
    /// Snapshots of deleted models, as they were last saved.
    public let deleted: [SnapshotType]

    init(editingState: EditingState, inserted: [SnapshotType], updated: [SnapshotType], deleted: [SnapshotType]) {
        self.editingState = editingState
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}

/// A store's answer to a save: the permanent identifier of each inserted model.
public final class DataStoreSaveChangesResult<T: DataStoreSnapshot>: Sendable {
    /// The identifier of the store that saved.
    public final let storeIdentifier: String
    /// Each inserted model's temporary identifier, mapped to the permanent one the store gave it.
    public final let remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]
    /// Snapshots the context should take up in place of the ones it sent.
    public final let snapshotsToReregister: [PersistentIdentifier: T]

    /// Creates a result.
    public init(
        for storeIdentifier: String,
        remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
        snapshotsToReregister: [PersistentIdentifier: T] = [:]
    ) {
        self.storeIdentifier = storeIdentifier
        self.remappedIdentifiers = remappedIdentifiers
        self.snapshotsToReregister = snapshotsToReregister
    }
}
