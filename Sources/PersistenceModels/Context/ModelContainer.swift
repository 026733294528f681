import Foundation
import GRDB

/// The store of a set of models and the source of the contexts that read and write it.
///
/// ```swift
/// let container = try ModelContainer(for: Note.self, Tag.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
/// let context = ModelContext(container)
/// ```
///
/// ## Topics
/// - ``mainContext``
/// - ``schema``
/// - ``configurations``
public final class ModelContainer: @unchecked Sendable {
    /// The models the container stores.
    public let schema: Schema
    /// The configurations the container was created with; the first one describes the store.
    public let configurations: [ModelConfiguration]
    let store: ModelStore
    /// Counts changes made through the container's contexts; live queries observe it.
    let changeSignal = ModelChangeSignal()
    @MainActor private var cachedMainContext: ModelContext?

    /// Creates a container for the given model types (and the models they relate to).
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when the store cannot be opened or prepared.
    public convenience init(for forTypes: any PersistentModel.Type..., configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(forTypes), configurations: configurations)
    }

    /// Creates a container for a schema.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when the store cannot be opened or prepared.
    public convenience init(for schema: Schema, configurations: ModelConfiguration...) throws {
        try self.init(for: schema, configurations: configurations)
    }

    /// Creates a container for a schema with a list of configurations.
    ///
    /// The first configuration says where the store is and whether it may save; every entity of the
    /// schema (and of every configuration's schema) is kept in that one store.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when the store cannot be opened or prepared.
    public convenience init(for schema: Schema, configurations: [ModelConfiguration]) throws {
        try self.init(for: schema, migrationPlan: nil, configurations: configurations)
    }

    /// Creates a container for a schema, migrating an older store with the stages of `migrationPlan`.
    ///
    /// The first configuration says where the store is and whether it may save; every entity of the
    /// schema (and of every configuration's schema) is kept in that one store. Without a plan, an
    /// older store still takes lightweight changes (added, removed and renamed properties, indexes).
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when the store cannot be opened, is newer
    ///   than the schema, or cannot be migrated; a failed migration leaves the store unchanged.
    public init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?, configurations: [ModelConfiguration]) throws {
        let configuration = configurations.first ?? ModelConfiguration()
        let configuredTypes = configurations.compactMap(\.schema).flatMap { $0.entities.map(\.modelType) }
        let version = Self.migrationTarget(of: givenSchema, in: migrationPlan)
        self.schema = configuredTypes.isEmpty && version == givenSchema.version
            ? givenSchema
            : Schema(givenSchema.entities.map(\.modelType) + configuredTypes, version: version)
        self.configurations = configurations.isEmpty ? [configuration] : configurations
        self.store = try ModelStore(schema: self.schema, configuration: configuration, migrationPlan: migrationPlan)
    }

    /// A container over an already open store, such as the view a migration stage's context uses.
    init(schema: Schema, configurations: [ModelConfiguration], store: ModelStore) {
        self.schema = schema
        self.configurations = configurations
        self.store = store
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

    /// Deletes every row of every entity from the store.
    ///
    /// - Throws: ``SwiftDataError/storeOperationFailed`` when the store cannot be written.
    public func deleteAllData() throws {
        try store.write(while: "deleting all data") { db in
            for table in self.store.layout.allTableNames {
                try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier)")
            }
            try HistoryStore.deleteAll(in: db)
        }
        changeSignal.noteChange(.storeRewritten)
    }
}
