import Foundation
import PersistenceModels

/// The container initializers that take ``ModelConfiguration``s: stores of the default kind, in a file
/// of the app's Application Support folder unless the configuration says otherwise.
extension ModelContainer {
    /// Creates a container for the given model types (and the models they relate to), migrating an
    /// older store with the stages of `migrationPlan`; with no configuration, one default store.
    ///
    /// ```swift
    /// let container = try ModelContainer(for: Note.self, Tag.self)
    /// let inMemory = try ModelContainer(for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    /// ```
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when a store cannot be opened, is newer than
    ///   the schema, or cannot be migrated; a failed migration leaves the store unchanged.
    public convenience init(
        for forTypes: any PersistentModel.Type...,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Creates a container for a schema; see ``init(for:migrationPlan:configurations:)-(_,_,[ModelConfiguration])``.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer``.
    public convenience init(
        for givenSchema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Creates a container for a schema with a list of configurations, each a store of the entities its
    /// schema names (every entity for a configuration without a schema); with no configuration, one
    /// default store.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer``.
    public convenience init(
        for givenSchema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: [ModelConfiguration]
    ) throws {
        try self.init(
            for: givenSchema,
            migrationPlan: migrationPlan,
            dataStoreConfigurations: configurations.isEmpty ? [ModelConfiguration()] : configurations
        )
    }

    /// The container's configurations of the default store kind.
    public var configurations: Set<ModelConfiguration> {
        Set(dataStoreConfigurations.compactMap { $0 as? ModelConfiguration })
    }
}
