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
    public init(for schema: Schema, configurations: [ModelConfiguration]) throws {
        let configuration = configurations.first ?? ModelConfiguration()
        let configuredTypes = configurations.compactMap(\.schema).flatMap { $0.entities.map(\.modelType) }
        self.schema = configuredTypes.isEmpty ? schema : Schema(schema.entities.map(\.modelType) + configuredTypes, version: schema.version)
        self.configurations = configurations.isEmpty ? [configuration] : configurations
        self.store = try ModelStore(schema: self.schema, configuration: configuration)
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
        changeSignal.noteChange()
    }
}
