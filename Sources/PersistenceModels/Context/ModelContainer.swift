import Foundation

/// The stores of a set of models and the source of the contexts that read and write them.
///
/// Each configuration opens one store; each entity is kept in the store of the configuration whose
/// schema names it (or, when none does, in the first configuration without a schema of its own, else in
/// the first configuration), so a container can keep some models in a file and others in memory:
///
/// ```swift
/// let container = try ModelContainer(
///     for: Schema([User.self, CachedItem.self]),
///     configurations: [
///         ModelConfiguration("Users", schema: Schema([User.self])),
///         ModelConfiguration("Cache", schema: Schema([CachedItem.self]), isStoredInMemoryOnly: true),
///     ]
/// )
/// ```
///
/// ## Topics
/// - ``mainContext``
/// - ``schema``
/// - ``deleteAllData()``
// Unchecked Sendable: every stored property is set in init and never changes (`mirrors` is filled before init returns); each store serializes its own access, and the main context is main-actor isolated.
public final class ModelContainer: @unchecked Sendable {
    /// The models the container stores.
    public let schema: Schema
    /// The configurations the container opened, in the order given.
    package let dataStoreConfigurations: [any DataStoreConfiguration]
    /// The opened stores, one per configuration.
    package let stores: [OpenedStore]
    /// The store of each entity, by entity name.
    private let storeOfEntity: [String: OpenedStore]
    /// The running mirrors of the stores that sync with a cloud database, kept as long as the container lives.
    package private(set) var mirrors: [any StoreMirror] = []
    /// Counts changes made through the container's contexts; live queries observe it.
    let changeSignal = ModelChangeSignal()
    /// The main context, while anything holds it or one of its models: held weakly, since the context
    /// holds the container, and a container nobody uses must be freed.
    @MainActor private weak var cachedMainContext: ModelContext?

    /// Creates a container for the given model types, kept in the stores the configurations describe.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when a store cannot be opened, or a
    ///   relationship links entities kept in different stores.
    ///
    /// `ModelContainer(for: Note.self)` without a configuration means the default store, which the
    /// initializers taking `ModelConfiguration`s open; this one is passed over when both fit.
    @_disfavoredOverload
    public convenience init(for forTypes: any PersistentModel.Type..., configurations: any DataStoreConfiguration...)
        throws
    {
        try self.init(for: Schema(forTypes), migrationPlan: nil, dataStoreConfigurations: configurations)
    }

    /// Creates a container for a schema, kept in the stores the configurations describe.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when a store cannot be opened, or a
    ///   relationship links entities kept in different stores.
    @_disfavoredOverload
    public convenience init(for givenSchema: Schema, configurations: [any DataStoreConfiguration]) throws {
        try self.init(for: givenSchema, migrationPlan: nil, dataStoreConfigurations: configurations)
    }

    /// Opens each configuration's store with the entities it keeps, migrating older stores with
    /// `migrationPlan`.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer``.
    package init(
        for givenSchema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        dataStoreConfigurations configurations: [any DataStoreConfiguration]
    ) throws {
        guard !configurations.isEmpty else {
            throw SwiftDataError(
                .loadIssueModelContainer, reason: "no configuration was given", context: "creating a model container")
        }
        let version = Self.migrationTarget(of: givenSchema, in: migrationPlan)
        let configuredTypes = configurations.compactMap(\.schema).flatMap { $0.entities.map(\.modelType) }
        let schema =
            configuredTypes.isEmpty && version == givenSchema.version
            ? givenSchema
            : Schema(givenSchema.entities.map(\.modelType) + configuredTypes, version: version)
        let assignment = StoreAssignment(schema: schema, configurations: configurations)
        let mirroringRequests = configurations.map { ($0 as? any MirroringConfiguration)?.mirroringRequest }
        if mirroringRequests.contains(where: { $0 != nil }) {
            // The cloud's rules come first: their error lists every model to fix, including relationships
            // that leave a store which syncs.
            let layout = MirroredContainerLayout(
                schema: schema,
                configurations: zip(configurations, assignment.entitiesOfConfiguration).enumerated().map {
                    index, pair in
                    .init(name: pair.0.name, entities: pair.1, mirrors: mirroringRequests[index] != nil)
                }
            )
            for (index, request) in mirroringRequests.enumerated() {
                try request?.validate(layout, configurationIndex: index)
            }
        }
        try assignment.checkRelationshipsStayInOneStore(configurations: configurations)
        var stores: [OpenedStore] = []
        for (configuration, entities) in zip(configurations, assignment.entitiesOfConfiguration) {
            let storeSchema = Schema(entities.map(\.modelType), version: version)
            stores.append(try OpenedStore.open(configuration, schema: storeSchema, migrationPlan: migrationPlan))
        }
        var storeOfEntity: [String: OpenedStore] = [:]
        for (store, entities) in zip(stores, assignment.entitiesOfConfiguration) {
            for entity in entities { storeOfEntity[entity.name] = store }
        }
        self.schema = schema
        self.dataStoreConfigurations = configurations
        self.stores = stores
        self.storeOfEntity = storeOfEntity
        for (store, request) in zip(stores, mirroringRequests) {
            guard let request else { continue }
            let mirror = try request.attach(to: self, store: store)
            store.mirror = mirror
            mirrors.append(mirror)
        }
    }

    /// A container over an already open store engine, such as the view a migration stage's context uses.
    package init(schema: Schema, engine: any ModelStoreEngine) {
        self.schema = schema
        self.dataStoreConfigurations = []
        let store = OpenedStore(engine: engine, schema: schema)
        self.stores = [store]
        self.storeOfEntity = Dictionary(uniqueKeysWithValues: schema.entities.map { ($0.name, store) })
    }

    /// The context bound to the main actor; it saves on its own after changes.
    @MainActor public var mainContext: ModelContext {
        if let cachedMainContext { return cachedMainContext }
        let context = ModelContext(self)
        context.autosaveEnabled = true
        context.isMainContext = true
        cachedMainContext = context
        return context
    }

    /// Deletes every model from every store, and the history.
    ///
    /// - Throws: ``SwiftDataError/storeOperationFailed`` when a store cannot be erased.
    public func deleteAllData() throws {
        for store in stores {
            do {
                try store.erase()
            } catch let error as SwiftDataError {
                throw error
            } catch {
                throw SwiftDataError(
                    .storeOperationFailed, reason: "\(error)",
                    context: "deleting all data of the store \(store.identifier)")
            }
        }
        changeSignal.noteChange(.storeRewritten)
    }

    /// The store that keeps `entityName`, if the container has the entity.
    /// The entity at the top of the hierarchy of the entity `entityName`: the name its rows and models are
    /// filed under; `entityName` itself for an entity without a superclass or unknown to the schema.
    package func rootEntityName(ofEntity entityName: String) -> String {
        schema.entity(named: entityName)?.rootEntity.name ?? entityName
    }

    package func store(ofEntity entityName: String) -> OpenedStore? {
        storeOfEntity[entityName]
    }

    /// The store that keeps `type`.
    ///
    /// - Throws: ``SwiftDataError/unknownModelType`` when the container has no such model.
    package func store(of type: any PersistentModel.Type, while activity: @autoclosure () -> String) throws
        -> OpenedStore
    {
        guard let store = storeOfEntity[Schema.entityName(of: type)] else {
            throw SwiftDataError(
                .unknownModelType,
                reason: "\(type) is not one of the container's models; pass it to ModelContainer(for:)",
                context: activity())
        }
        return store
    }

    /// The version a store of `schema` is migrated to: that of the plan's newest versioned schema holding
    /// all of the schema's models, else the schema's own version.
    package static func migrationTarget(of schema: Schema, in migrationPlan: (any SchemaMigrationPlan.Type)?)
        -> Schema.Version
    {
        guard let migrationPlan else { return schema.version }
        let given = Set(schema.entities.map { ObjectIdentifier($0.modelType) })
        let matching = migrationPlan.schemas.last { versioned in
            given.isSubset(of: Schema(versionedSchema: versioned).entities.map { ObjectIdentifier($0.modelType) })
        }
        return matching?.versionIdentifier ?? schema.version
    }
}

/// Which configuration keeps each entity, checked so that no relationship spans two stores.
struct StoreAssignment {
    /// The entities of each configuration, in the configurations' order.
    let entitiesOfConfiguration: [[Schema.Entity]]
    private let schema: Schema
    private let owner: [String: Int]

    init(schema: Schema, configurations: [any DataStoreConfiguration]) {
        var owner: [String: Int] = [:]
        // A configuration keeps the entities its schema was created with; the ones that schema found
        // through their relationships go with them unless another configuration names them.
        for (index, configuration) in configurations.enumerated() {
            for name in configuration.schema?.declaredEntityNames.sorted() ?? [] where owner[name] == nil {
                owner[name] = index
            }
        }
        for (index, configuration) in configurations.enumerated() {
            for entity in configuration.schema?.entities ?? [] where owner[entity.name] == nil {
                owner[entity.name] = index
            }
        }
        // Entities no configuration names go to the first configuration without a schema of its own,
        // or to the first configuration when every one names its models.
        let catchAll = configurations.firstIndex { $0.schema == nil } ?? 0
        var entities = Array(repeating: [Schema.Entity](), count: configurations.count)
        for entity in schema.entities {
            // A hierarchy shares one table, so every entity in it goes where its root entity goes.
            let index = owner[entity.rootEntity.name] ?? owner[entity.name] ?? catchAll
            owner[entity.name] = index
            entities[index].append(entity)
        }
        self.schema = schema
        self.owner = owner
        self.entitiesOfConfiguration = entities
    }

    /// Checks that every relationship links entities of one configuration.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` naming the first relationship that spans two stores.
    func checkRelationshipsStayInOneStore(configurations: [any DataStoreConfiguration]) throws {
        for entity in schema.entities {
            for property in entity.relationships {
                guard let destination = property.relationshipShape?.destination else { continue }
                let other = Schema.entityName(of: destination)
                guard let mine = owner[entity.name], let theirs = owner[other], mine != theirs else { continue }
                throw SwiftDataError(
                    .loadIssueModelContainer,
                    reason:
                        "\(entity.name).\(property.name) links \(entity.name), kept in the configuration \"\(configurations[mine].name)\", "
                        + "to \(other), kept in \"\(configurations[theirs].name)\"; a relationship cannot span two stores — keep both in one configuration",
                    context: "assigning models to stores"
                )
            }
        }
    }
}
