import Foundation
import GRDB
import PersistenceModels

/// Brings a store opened by a container to the container's schema, in one write transaction.
///
/// A new store gets its tables. An older store runs the migration plan's stages that lead from its
/// recorded version to the schema's, then takes the lightweight changes left; without a plan it takes
/// lightweight changes only. The schema's version is recorded last. Any failure rolls everything back.
///
/// A store that already matches the schema is only read: opening it writes nothing, so a store in a
/// folder the app cannot write still opens for reading.
struct StoreMigrator {
    let store: ModelStore
    let schema: Schema
    let migrationPlan: (any SchemaMigrationPlan.Type)?

    /// Prepares the store's tables, migrating them when the store is older than the schema.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when the store is newer than the schema,
    ///   no stage covers its version, a stage fails, or a change needs a custom stage.
    func prepareStore() throws {
        let target = schema.version
        var activity = "preparing the tables of the store \(store.identifier) for schema version \(target)"
        do {
            // Looked at on the writing connection, without a transaction: a reader would cache the tables'
            // columns as they were before the changes below.
            if try store.writer.writeWithoutTransaction({ db in try isUpToDate(db, target: target) }) { return }
            if store.isReadOnly {
                throw MigrationProblem(
                    "the store needs its tables created or changed for this schema, but it can only be read "
                        + "(\(store.readOnlyReason ?? "its folder cannot be written")): open it once where it can be written"
                )
            }
            try store.writer.write { db in
                // Another process may have created or changed the tables since the look above, which
                // cached them on this connection: read them afresh now that the write lock is held.
                db.clearSchemaCache()
                let stored = try StoreSchemaRecord.version(in: db) ?? assumedVersion(in: db)
                if let stored {
                    guard stored <= target else {
                        throw MigrationProblem(
                            "the store was written with schema version \(stored), newer than this schema's version \(target); "
                                + "open it with the newer schema"
                        )
                    }
                    if stored < target, let migrationPlan {
                        activity = "migrating the store \(store.identifier) from schema version \(stored) to \(target)"
                        try runStages(of: migrationPlan, from: stored, to: target, in: db)
                    }
                }
                try StoreTableReconciler(layout: store.layout, database: db).reconcile()
                try HistoryStore.createTables(in: db)
                try StoreSchemaRecord.record(target, in: db)
            }
        } catch let error as SwiftDataError {
            throw SwiftDataError(.loadIssueModelContainer, reason: error.reason, context: activity)
        } catch {
            throw SwiftDataError(.loadIssueModelContainer, reason: ModelStore.describe(error), context: activity)
        }
    }

    /// Whether the store has the schema's version recorded and every table, column and index it needs.
    private func isUpToDate(_ db: Database, target: Schema.Version) throws -> Bool {
        guard let stored = try StoreSchemaRecord.version(in: db) else { return false }
        if stored > target {
            throw MigrationProblem(
                "the store was written with schema version \(stored), newer than this schema's version \(target); "
                    + "open it with the newer schema"
            )
        }
        guard stored == target, try HistoryStore.tablesExist(in: db) else { return false }
        return try StoreTableReconciler(layout: store.layout, database: db).isUpToDate()
    }

    /// The version of a store that has no recorded version: `nil` when it holds none of the schema's
    /// tables (a new store), else the plan's oldest version, or the schema's own without a plan.
    private func assumedVersion(in db: Database) throws -> Schema.Version? {
        let versionedSchemas = migrationPlan?.schemas ?? []
        let entityNames = Set(schema.entities.map(\.name))
            .union(versionedSchemas.flatMap { Schema(versionedSchema: $0).entities.map(\.name) })
        for name in entityNames {
            guard try db.tableExists(name) else { continue }
            return versionedSchemas.map { $0.versionIdentifier }.min() ?? schema.version
        }
        return nil
    }

    /// Runs the plan's stages from `stored` to `target` in order.
    private func runStages(
        of migrationPlan: any SchemaMigrationPlan.Type,
        from stored: Schema.Version,
        to target: Schema.Version,
        in db: Database
    ) throws {
        let stages = migrationPlan.stages
        var current = stored
        while current < target {
            guard let stage = stages.first(where: { $0.fromVersion.versionIdentifier == current }) else {
                throw MigrationProblem(
                    "no stage of \(migrationPlan) starts at the store's version \(current), so the changes up to \(target) are not covered; "
                        + "add a stage from \(current)"
                )
            }
            let next = stage.toVersion.versionIdentifier
            guard next > current, next <= target else {
                throw MigrationProblem("the \(stage) of \(migrationPlan) does not lead towards version \(target)")
            }
            try run(stage, in: db)
            current = next
        }
    }

    private func run(_ stage: MigrationStage, in db: Database) throws {
        let oldSchema = Schema(versionedSchema: stage.fromVersion)
        let newSchema = Schema(versionedSchema: stage.toVersion)
        do {
            if case .custom(_, _, let willMigrate?, _) = stage {
                try runStep("willMigrate of the \(stage)", willMigrate, over: oldSchema, in: db)
            }
            // The stage knows the schema it leaves, so the columns of the properties that schema removed go.
            try StoreTableReconciler(
                layout: StoreLayout(schema: newSchema), database: db, retiredLayout: StoreLayout(schema: oldSchema)
            ).reconcile()
            if case .custom(_, _, _, let didMigrate?) = stage {
                try runStep("didMigrate of the \(stage)", didMigrate, over: newSchema, in: db)
            }
        } catch {
            throw MigrationProblem("the \(stage) failed: \(Self.reason(of: error))")
        }
    }

    /// Runs one closure of a custom stage with a context over `schema` that works in the open transaction.
    ///
    /// What the closure saves is written; what it leaves unsaved is dropped with the context, as on a device,
    /// where a stage that forgets `try context.save()` loses its work.
    private func runStep(_ step: String, _ body: (ModelContext) throws -> Void, over schema: Schema, in db: Database)
        throws
    {
        let connection = MigrationConnection(database: db, step: step)
        defer { connection.close() }
        let stepStore = ModelStore(migrating: store, layout: StoreLayout(schema: schema), connection: connection)
        let context = ModelContext(
            ModelContainer(
                schema: schema,
                engine: DefaultStore(
                    configuration: ModelConfiguration(isStoredInMemoryOnly: true), schema: schema, database: stepStore))
        )
        do {
            try body(context)
        } catch {
            throw MigrationProblem("\(step.prefix { $0 != " " }) threw \(Self.reason(of: error))")
        }
    }

    private static func reason(of error: any Error) -> String {
        switch error {
        case let error as MigrationProblem: error.description
        case let error as SwiftDataError: error.description
        default: ModelStore.describe(error)
        }
    }
}
