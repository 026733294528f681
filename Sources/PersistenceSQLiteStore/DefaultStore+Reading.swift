import Foundation
import GRDB
import PersistenceModels

/// The reading side of the default store's engine: queries planned from descriptors and rows decoded
/// into backing data.
extension DefaultStore: ModelStoreEngine {
    package var storeIdentifier: String { database.identifier }
    package var allowsSave: Bool { database.allowsSave }

    package func runsEntirely<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) -> Bool {
        guard let entity = try? entityLayout(of: T.self) else { return false }
        return FetchPlan(
            descriptor: descriptor, entity: entity, layout: database.layout, storeIdentifier: database.identifier
        ).isFullyTranslated
    }

    package func rows<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, limited: Bool) throws -> (
        rows: [DecodedRow], owners: PrefetchOwners
    )? {
        let entity = try entityLayout(of: T.self)
        let plan = FetchPlan(
            descriptor: descriptor, entity: entity, layout: database.layout, storeIdentifier: database.identifier)
        guard plan.isFullyTranslated else { return nil }
        let query = plan.selectQuery(limited: limited)
        var rows = try database.decodedRows(
            sql: query.sql, arguments: query.arguments, entity: entity, while: "fetching \(T.self)"
        ).rows
        if plan.leavesKeyOrderToCaller(limited: limited) { Self.putInKeyOrder(&rows, key: \.primaryKey) }
        // The owners' query is written only for a fetch that prefetches: it cost every filtered fetch about
        // 13,000 instructions.
        let prefetches = limited && !descriptor.relationshipKeyPathsForPrefetching.isEmpty
        return (rows, prefetches ? PrefetchOwners(plan) : .listedKeys)
    }

    package func candidateRows<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> (
        rows: [DecodedRow], isFiltered: Bool
    ) {
        let entity = try entityLayout(of: T.self)
        let plan = FetchPlan(
            descriptor: descriptor, entity: entity, layout: database.layout, storeIdentifier: database.identifier)
        let query = plan.selectQuery(limited: false)
        var rows = try database.decodedRows(
            sql: query.sql, arguments: query.arguments, entity: entity, while: "fetching \(T.self)"
        ).rows
        if plan.leavesKeyOrderToCaller(limited: false) { Self.putInKeyOrder(&rows, key: \.primaryKey) }
        return (rows, plan.isPredicateTranslated)
    }

    package func count<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int? {
        let entity = try entityLayout(of: T.self)
        let plan = FetchPlan(
            descriptor: descriptor, entity: entity, layout: database.layout, storeIdentifier: database.identifier)
        guard plan.isFullyTranslated else { return nil }
        let query = plan.countQuery()
        return try database.readWithOneStatement(while: "counting \(T.self)") { db in
            try Int.fetchOne(db, sql: query.sql, arguments: StatementArguments(query.arguments)) ?? 0
        }
    }

    package func matchingKeys<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, among keys: [Int64]) throws -> Set<
        Int64
    >? {
        let entity = try entityLayout(of: T.self)
        let plan = FetchPlan(
            descriptor: descriptor, entity: entity, layout: database.layout, storeIdentifier: database.identifier)
        guard plan.isPredicateTranslated else { return nil }
        var matching: Set<Int64> = []
        for chunk in SQLArgumentLimit.chunks(of: keys, reserving: plan.argumentCount) {
            let query = plan.primaryKeyQuery(amongKeys: chunk)
            try database.read(while: "counting \(T.self)") { db in
                matching.formUnion(
                    try Int64.fetchAll(db, sql: query.sql, arguments: StatementArguments(query.arguments)))
            }
        }
        return matching
    }

    package func primaryKeys<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [Int64]? {
        let entity = try entityLayout(of: T.self)
        let plan = FetchPlan(
            descriptor: descriptor, entity: entity, layout: database.layout, storeIdentifier: database.identifier)
        guard plan.isFullyTranslated else { return nil }
        return try primaryKeys(plan, limited: true)
    }

    /// The primary keys of the rows `plan` selects, in its order (or key order), read with one statement.
    private func primaryKeys<T: PersistentModel>(_ plan: FetchPlan<T>, limited: Bool) throws -> [Int64] {
        let query = plan.primaryKeyQuery(limited: limited)
        var keys = try database.readWithOneStatement(while: "fetching the keys of \(T.self)") { db in
            try db.cachedStatement(sql: query.sql).integersInFirstColumn(arguments: StatementArguments(query.arguments))
        }
        if plan.leavesKeyOrderToCaller(limited: limited) { Self.putInKeyOrder(&keys, key: \.self) }
        return keys
    }

    /// Sorts `items` by their primary key, checking first whether they are in order already (as a scan
    /// of a table returns them).
    private static func putInKeyOrder<Item>(_ items: inout [Item], key: (Item) -> Int64) {
        var previous = Int64.min
        for item in items {
            let current = key(item)
            guard current > previous else {
                items.sort { key($0) < key($1) }
                return
            }
            previous = current
        }
    }

    package func batchDeleteSelection<T: PersistentModel>(
        of type: T.Type, matching predicate: Predicate<T>?, includingSubclasses: Bool
    ) throws -> BatchDeleteSelection? {
        let entity = try entityLayout(of: T.self)
        var plan = FetchPlan(
            descriptor: FetchDescriptor<T>(predicate: predicate), entity: entity, layout: database.layout,
            storeIdentifier: database.identifier)
        plan.leavesOutSubentities = !includingSubclasses
        guard plan.isFullyTranslated else { return nil }
        // The writer's state before the keys: a commit between the two makes the save's check fail, never pass.
        // Reading it waits for a write in progress on another thread, as the save that follows would.
        var state: BatchDeleteRescan.WriterState?
        if BatchDeleteRescan.applies(to: entity), database.migrationConnection == nil, !database.isReadOnly {
            state = try? database.writer.writeWithoutTransaction { db in
                try BatchDeleteRescan.WriterState.current(in: db)
            }
        }
        let keys = try primaryKeys(plan, limited: false)
        let rescan = state.map {
            StoreQueryToken(
                BatchDeleteRescan(entityName: entity.entity.name, statement: plan.deleteStatement(), state: $0))
        }
        return BatchDeleteSelection(keys: keys, rescan: rescan)
    }

    package func rows(of entityName: String, primaryKeys: [Int64]) throws -> [DecodedRow] {
        guard let entity = database.layout.entities[entityName] else { return [] }
        var rows: [DecodedRow] = []
        for statement in StoreStatements.rows(of: entity, withKeys: primaryKeys) {
            rows += try database.decodedRows(
                sql: statement.sql, arguments: statement.arguments, entity: entity,
                cachesStatement: statement.arguments.count == 1,
                while: "reading \(entityName) rows by key"
            ).rows
        }
        return rows
    }

    package func relatedRows(of model: any PersistentModel, property: Schema.PropertyMetadata) throws -> [DecodedRow] {
        let backing = model.persistentBackingData
        guard let key = backing.primaryKey,
            let shape = property.relationshipShape,
            let owner = database.layout.layout(of: type(of: model)),
            let storage = owner.relationships[property.name]
        else { return [] }
        let destination = try entityLayout(of: shape.destination)
        let activity = "loading \(owner.entity.name).\(property.name)"
        let query: SQLStatement
        if case .foreignKey = storage {
            guard let target = backing.foreignKeys[property.name] else { return [] }
            query = StoreStatements.related(destination.table, through: storage, of: target)
        } else {
            query = StoreStatements.related(destination.table, through: storage, of: key)
        }
        return try database.decodedRows(
            sql: query.sql, arguments: query.arguments, entity: destination, while: activity
        ).rows
    }
}
