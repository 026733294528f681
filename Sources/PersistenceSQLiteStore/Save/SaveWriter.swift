import Foundation
import GRDB
import PersistenceModels

/// Turns a context's pending work into SQL statements inside one transaction.
final class SaveWriter {
    let layout: StoreLayout
    let externalData: ExternalDataStore?
    /// External files written by this save, deleted again if the transaction fails.
    private var writtenFiles: [String] = []
    /// External files of replaced or deleted values, deleted once the transaction commits.
    private var replacedFiles: [String] = []
    /// Whether this save copied `.preserveValueOnDeletion` values of rows it deletes, for their tombstones.
    private(set) var preservedValues = false

    init(layout: StoreLayout, externalData: ExternalDataStore?) {
        self.layout = layout
        self.externalData = externalData
    }

    func discardWrittenFiles() {
        writtenFiles.forEach { externalData?.remove($0) }
    }

    func removeReplacedFiles() {
        replacedFiles.forEach { externalData?.remove($0) }
    }

    /// The column value for a value of an insert plan's column, which has a codec, writing `.externalStorage`
    /// bytes to a file.
    ///
    /// The codec is used where the column keeps it: binding it to a local would copy it, retaining and
    /// releasing its transformer, for every value of every row written.
    private func storedValue(_ value: Any, of column: InsertPlan.Column) throws -> DatabaseValue {
        try externallyStored(column.codec!.encode(value), isExternal: column.isExternal)
    }

    /// `encoded`, or for an `.externalStorage` attribute's bytes, the name of the file they are written to.
    private func externallyStored(_ encoded: DatabaseValue, isExternal: Bool) throws -> DatabaseValue {
        guard isExternal, let externalData, case .blob(let bytes) = encoded.storage else {
            return encoded
        }
        let name = try externalData.write(bytes)
        writtenFiles.append(name)
        return name.databaseValue
    }

    /// Notes the external files a row refers to in `attributes`, to delete them after the commit.
    func collectExternalFiles(
        of entity: StoreLayout.EntityLayout, key: Int64, attributes: [Schema.PropertyMetadata], in db: Database
    ) throws {
        let external = attributes.filter { $0.options.contains(.externalStorage) }
        guard externalData != nil, !external.isEmpty else { return }
        let sql = StoreStatements.select(external.map(\.columnName.quotedDatabaseIdentifier), of: entity.table)
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [key]) else { return }
        for index in 0..<external.count {
            let stored: DatabaseValue = row[index]
            if let name = ExternalDataStore.fileName(in: stored) { replacedFiles.append(name) }
        }
    }

    /// Writes the pending work and returns the primary keys given to inserted models.
    func write(
        inserts: [any PersistentModel],
        changes: [any PersistentModel],
        deletes: [any PersistentModel],
        in db: Database
    ) throws -> [ObjectIdentifier: Int64] {
        var keys: [ObjectIdentifier: Int64] = [:]
        /// Models stored in a new row rather than merged into an existing one: no link can name their key yet,
        /// since `AUTOINCREMENT` never reuses one.
        var newRows: Set<ObjectIdentifier> = []
        // One plan per model type, found by the type's identity rather than its entity name for every row.
        // A save's models mostly come in runs of one type, so the last plan is tried before the dictionary.
        var insertPlans: [ObjectIdentifier: InsertPlan] = [:]
        var lastPlan: (type: ObjectIdentifier, plan: InsertPlan)?
        func insertPlan(of model: any PersistentModel) throws -> InsertPlan {
            let type = ObjectIdentifier(Swift.type(of: model))
            if let lastPlan, lastPlan.type == type { return lastPlan.plan }
            let plan: InsertPlan
            if let known = insertPlans[type] {
                plan = known
            } else {
                plan = InsertPlan(entity: try entityLayout(of: model))
                insertPlans[type] = plan
            }
            lastPlan = (type, plan)
            return plan
        }
        // One row's columns and values at a time, in buffers kept from row to row.
        var present: [Int] = []
        var arguments: [DatabaseValue] = []
        for model in inserts {
            let plan = try insertPlan(of: model)
            let backing = model.persistentBackingData
            present.removeAll(keepingCapacity: true)
            arguments.removeAll(keepingCapacity: true)
            var hint = 0
            for (position, column) in plan.columns.enumerated() {
                guard column.codec != nil, let value = backing.currentValue(forKey: column.name, hint: &hint)
                else { continue }
                present.append(position)
                arguments.append(try storedValue(value, of: column))
            }
            if let key = try plan.insertUnlessUniqueValuesCollide(present: present, arguments: arguments, in: db) {
                keys[ObjectIdentifier(model)] = key
                newRows.insert(ObjectIdentifier(model))
                continue
            }
            let entity = plan.entity
            let columns = present.map { plan.quotedColumns[$0] }
            if let existing = try existingRow(
                matching: entity, values: Dictionary(uniqueKeysWithValues: zip(columns, arguments)), in: db)
            {
                // The stored row's files are read before the update names the new ones in their place.
                try collectExternalFiles(of: entity, key: existing, attributes: entity.attributes, in: db)
                if !columns.isEmpty {
                    try db.cachedStatement(sql: StoreStatements.update(entity.table, setting: columns))
                        .execute(arguments: StatementArguments(arguments + [existing.databaseValue]))
                }
                keys[ObjectIdentifier(model)] = existing
                continue
            }
            if columns.isEmpty {
                try db.cachedStatement(sql: StoreStatements.insertDefaultValues(into: entity.table)).execute()
            } else {
                try db.cachedStatement(
                    sql: StoreStatements.insert(into: entity.table, columns: columns, skippingConflicts: false)
                )
                .execute(arguments: StatementArguments(arguments))
            }
            keys[ObjectIdentifier(model)] = db.lastInsertedRowID
            newRows.insert(ObjectIdentifier(model))
        }
        // A row of a subentity names its entity in the table its hierarchy shares; the column's default
        // names the root entity.
        for model in inserts {
            let plan = try insertPlan(of: model)
            guard plan.entity.selectsByEntity, let key = keys[ObjectIdentifier(model)] else { continue }
            try db.cachedStatement(sql: StoreStatements.setEntity(of: plan.entity.table))
                .execute(arguments: [plan.entity.entity.name, key])
        }
        func primaryKey(of model: any PersistentModel) -> Int64? {
            keys[ObjectIdentifier(model)] ?? model.persistentBackingData.primaryKey
        }
        try deleteRows(of: deletes, in: db)
        // A changed model may also be among the inserted ones, and is then written as one.
        let isInserted = changes.isEmpty ? [] : Set(inserts.map(ObjectIdentifier.init))
        var links = LinkInsertBatch()
        for (position, model) in (inserts + changes).enumerated() {
            let inserted = position < inserts.count || isInserted.contains(ObjectIdentifier(model))
            let plan = try insertPlan(of: model)
            // A new row already holds its attributes; only its relationships are left to write.
            if inserted, plan.relationships.isEmpty { continue }
            guard let key = primaryKey(of: model) else { continue }
            let entity = plan.entity
            let backing = model.persistentBackingData
            var assigned: [String] = []
            var arguments: [DatabaseValue] = []
            if !inserted {
                // The plan's columns follow the entity's attributes, with each codec made once per save.
                let changedKeys = backing.changedKeys
                let changedPositions = entity.attributes.indices.filter {
                    changedKeys.contains(entity.attributes[$0].name)
                }
                try collectExternalFiles(
                    of: entity, key: key, attributes: changedPositions.map { entity.attributes[$0] }, in: db)
                for position in changedPositions {
                    let column = plan.columns[position]
                    guard column.codec != nil, let value = backing.currentValue(forKey: column.name) else { continue }
                    assigned.append(plan.quotedColumns[position])
                    arguments.append(try storedValue(value, of: column))
                }
            }
            for relationship in plan.relationships where inserted || backing.changedKeys.contains(relationship.name) {
                guard backing.currentValue(forKey: relationship.name) != nil else { continue }
                let related = backing.relatedModels(forKey: relationship.name, of: model)
                switch relationship.storage {
                case .foreignKey(let column):
                    assigned.append(column.quotedDatabaseIdentifier)
                    arguments.append(related.first.flatMap(primaryKey(of:))?.databaseValue ?? .null)
                case .inverseForeignKey:
                    continue
                case .linkTable(let table, let isOwner):
                    // Only the pairs this context added or removed are written: rewriting the whole
                    // membership would undo links another context or process saved meanwhile.
                    let current = Set(related.compactMap(primaryKey(of:)))
                    let committed =
                        newRows.contains(ObjectIdentifier(model))
                        ? [] : Set(backing.committedRelatedKeys(forKey: relationship.name))
                    for other in current.subtracting(committed).sorted() {
                        links.add(owner: isOwner ? key : other, target: isOwner ? other : key, to: table)
                    }
                    let removed = committed.subtracting(current).sorted()
                    guard !removed.isEmpty else { continue }
                    // The links added so far go first, so that the table sees every change in order.
                    try links.write(table: table, in: db)
                    let unlink = try plan.unlinkStatement(for: relationship, in: db)
                    for other in removed {
                        try unlink.execute(while: "unlinking \(entity.entity.name).\(relationship.name)") { binder in
                            binder.bind(isOwner ? key : other)
                            binder.bind(isOwner ? other : key)
                        }
                    }
                }
            }
            guard !assigned.isEmpty else { continue }
            arguments.append(key.databaseValue)
            let update = try db.cachedStatement(sql: StoreStatements.update(entity.table, setting: assigned))
            try update.bindDirectly(arguments, while: "updating a row of \(entity.table)")
            try update.execute()
        }
        try links.writeAll(in: db)
        return keys
    }

    /// Deletes the rows of `models` and their links, a few hundred keys per statement.
    private func deleteRows(of models: [any PersistentModel], in db: Database) throws {
        var entityOrder: [String] = []
        var keysByEntity: [String: (entity: StoreLayout.EntityLayout, keys: [Int64])] = [:]
        for model in models {
            guard let key = model.persistentBackingData.primaryKey else { continue }
            let entity = try entityLayout(of: model)
            if keysByEntity[entity.entity.name] == nil {
                entityOrder.append(entity.entity.name)
                keysByEntity[entity.entity.name] = (entity, [])
            }
            keysByEntity[entity.entity.name]!.keys.append(key)
        }
        for name in entityOrder {
            guard let (entity, keys) = keysByEntity[name] else { continue }
            try preserveValues(ofRows: keys, of: entity, in: db)
            if externalData != nil, entity.attributes.contains(where: { $0.options.contains(.externalStorage) }) {
                for key in keys {
                    try collectExternalFiles(of: entity, key: key, attributes: entity.attributes, in: db)
                }
            }
            var tables = [(entity.table, StoreLayout.primaryKeyColumn)]
            for property in entity.relationshipProperties {
                guard case .linkTable(let table, let isOwner) = entity.relationships[property.name] else { continue }
                tables.append((table, isOwner ? "owner" : "target"))
            }
            for (table, column) in tables {
                try deleteRows(from: table, whereColumn: column, isIn: keys, in: db)
            }
        }
    }

    /// Copies the `.preserveValueOnDeletion` values of the rows `keys` of `entity` for the tombstones of
    /// their deletes; call it before deleting the rows.
    func preserveValues(ofRows keys: [Int64], of entity: StoreLayout.EntityLayout, in db: Database) throws {
        if try HistoryStore.preserveValues(ofRows: keys, of: entity, externalData: externalData, in: db) {
            preservedValues = true
        }
    }

    /// Deletes the rows of `table` whose `column` holds one of `keys`: a few keys in a list of their own,
    /// more in one statement that reads them from a JSON array, so that a delete of fifty thousand rows
    /// is one statement rather than fifty, each parsing a thousand parameters.
    func deleteRows(from table: String, whereColumn column: String, isIn keys: [Int64], in db: Database) throws {
        guard keys.count > SQLArgumentLimit.chunkSize else {
            for statement in StoreStatements.delete(from: table, where: column, isIn: keys) {
                try db.execute(statement)
            }
            return
        }
        let sql = """
            DELETE FROM \(table.quotedDatabaseIdentifier) WHERE \(column.quotedDatabaseIdentifier) IN (SELECT "value" FROM json_each(?))
            """
        try db.execute(sql: sql, arguments: [StoreStatements.jsonArray(of: keys)])
    }

    /// The key of a stored row that has the same values as `values` for one of the entity's unique column sets.
    ///
    /// Inserting such a model updates that row instead (an upsert), as `.unique` and `#Unique` promise.
    private func existingRow(
        matching entity: StoreLayout.EntityLayout, values: [String: DatabaseValue], in db: Database
    ) throws -> Int64? {
        for columns in entity.uniqueColumns {
            let quoted = columns.map(\.quotedDatabaseIdentifier)
            guard quoted.allSatisfy({ values[$0] != nil }) else { continue }
            let sql = StoreStatements.key(of: entity.table, matching: quoted)
            if let key = try Int64.fetchOne(
                db.cachedStatement(sql: sql), arguments: StatementArguments(quoted.map { values[$0]! }))
            {
                return key
            }
        }
        return nil
    }

    private func entityLayout(of model: any PersistentModel) throws -> StoreLayout.EntityLayout {
        guard let entity = layout.layout(of: type(of: model)) else {
            throw SwiftDataError(
                .unknownModelType,
                reason: "\(type(of: model)) is not one of the container's models; pass it to ModelContainer(for:)",
                context: "saving the context"
            )
        }
        return entity
    }
}

/// The INSERT of one entity's rows during a save, with the column names quoted once.
///
/// When the inserted values cannot match a stored row on a unique column set, the row is inserted at once;
/// with `.unique` or `#Unique` columns, `ON CONFLICT DO NOTHING` lets SQLite's unique indexes find a
/// collision, so that the row-by-row lookup of ``SaveWriter`` only runs for rows that do collide.
private final class InsertPlan {
    /// An attribute's column, with what writing its value needs; a class, so that reading a column for each
    /// row of a large insert retains one reference rather than copying the codec's parts.
    final class Column {
        let name: String
        let codec: AttributeCodec?
        let isExternal: Bool

        init(name: String, codec: AttributeCodec?, isExternal: Bool) {
            self.name = name
            self.codec = codec
            self.isExternal = isExternal
        }
    }

    /// A relationship property of the entity, with where its links are stored.
    struct Relationship {
        let name: String
        let storage: StoreLayout.RelationshipStorage
    }

    let entity: StoreLayout.EntityLayout
    /// The entity's attributes, in the order of ``quotedColumns``.
    let columns: [Column]
    /// The entity's relationship properties that are stored, in declaration order.
    let relationships: [Relationship]
    /// The DELETE of one link of each link table, by table name, prepared on first use.
    private var unlinkStatements: [String: Statement] = [:]
    let table: String
    let quotedColumns: [String]
    /// The attribute positions of each unique column set; a set naming another column can never be complete.
    private let uniqueSets: [[Int]]
    private let hasUniqueColumns: Bool
    private var allColumnsStatement: Statement?

    init(entity: StoreLayout.EntityLayout) {
        self.entity = entity
        columns = entity.attributes.map {
            Column(name: $0.name, codec: $0.codec, isExternal: $0.options.contains(.externalStorage))
        }
        relationships = entity.relationshipProperties.compactMap { property in
            entity.relationships[property.name].map { Relationship(name: property.name, storage: $0) }
        }
        table = entity.table.quotedDatabaseIdentifier
        quotedColumns = entity.attributes.map(\.columnName.quotedDatabaseIdentifier)
        let positions = Dictionary(
            entity.attributes.enumerated().map { ($1.columnName, $0) }, uniquingKeysWith: { first, _ in first })
        uniqueSets = entity.uniqueColumns.map { columns in columns.map { positions[$0] ?? -1 } }
        hasUniqueColumns = !entity.uniqueColumns.isEmpty
    }

    /// The statement that removes one link of `relationship`, which is stored in a link table.
    func unlinkStatement(for relationship: Relationship, in db: Database) throws -> Statement {
        guard case .linkTable(let table, _) = relationship.storage else {
            preconditionFailure("\(entity.entity.name).\(relationship.name) is not stored in a link table")
        }
        if let statement = unlinkStatements[table] { return statement }
        let statement = try db.cachedStatement(sql: StoreStatements.unlink(in: table))
        statement.prepareForDirectBinding()
        unlinkStatements[table] = statement
        return statement
    }

    /// Inserts the row and returns its key, or returns `nil` without a change when it may collide with a
    /// stored row on a unique column set (or has no columns), leaving the caller to look that row up.
    func insertUnlessUniqueValuesCollide(present: [Int], arguments: [DatabaseValue], in db: Database) throws -> Int64? {
        guard !present.isEmpty else { return nil }
        if hasUniqueColumns {
            // The lookup matches NULL with `IS`; a unique index never does, so such rows take the lookup.
            for set in uniqueSets {
                let values = set.map { position in present.firstIndex(of: position).map { arguments[$0] } }
                if values.allSatisfy({ $0 != nil }), values.contains(where: { $0!.isNull }) { return nil }
            }
        }
        let statement: Statement
        if present.count == quotedColumns.count {
            // The plan's own statement, which nothing else binds: made ready for direct binding once.
            if allColumnsStatement == nil {
                let made = try db.makeStatement(sql: sql(columns: quotedColumns))
                made.prepareForDirectBinding()
                allColumnsStatement = made
            }
            statement = allColumnsStatement!
            try statement.rebindDirectly(arguments, while: "inserting a row into \(table)")
        } else {
            statement = try db.cachedStatement(sql: sql(columns: present.map { quotedColumns[$0] }))
            try statement.bindDirectly(arguments, while: "inserting a row into \(table)")
        }
        try statement.execute()
        guard !hasUniqueColumns || db.changesCount > 0 else { return nil }
        return db.lastInsertedRowID
    }

    private func sql(columns: [String]) -> String {
        StoreStatements.insert(into: entity.table, columns: columns, skippingConflicts: hasUniqueColumns)
    }
}
