import Foundation

extension ModelContainer {
    /// Creates a container for the given model types, migrating an older store with the stages of `migrationPlan`.
    ///
    /// When the types belong to one of the plan's versioned schemas, the store is migrated to that version.
    ///
    /// ```swift
    /// let container = try ModelContainer(
    ///     for: NotesSchemaV2.Note.self,
    ///     migrationPlan: NotesMigrationPlan.self,
    ///     configurations: ModelConfiguration(url: storeURL)
    /// )
    /// ```
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when the store cannot be opened, is newer
    ///   than the schema, or cannot be migrated; a failed migration leaves the store unchanged.
    public convenience init(
        for forTypes: any PersistentModel.Type...,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Creates a container for a schema, migrating an older store with the stages of `migrationPlan`.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when the store cannot be opened, is newer
    ///   than the schema, or cannot be migrated; a failed migration leaves the store unchanged.
    public convenience init(
        for givenSchema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)?,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The version a store of `schema` is migrated to: that of the plan's newest versioned schema holding
    /// all of the schema's models, else the schema's own version.
    static func migrationTarget(of schema: Schema, in migrationPlan: (any SchemaMigrationPlan.Type)?) -> Schema.Version {
        guard let migrationPlan else { return schema.version }
        let given = Set(schema.entities.map { ObjectIdentifier($0.modelType) })
        let matching = migrationPlan.schemas.last { versioned in
            given.isSubset(of: Schema(versionedSchema: versioned).entities.map { ObjectIdentifier($0.modelType) })
        }
        return matching?.versionIdentifier ?? schema.version
    }
}
