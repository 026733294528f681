import Foundation
import GRDB
import PersistenceModels

/// Brings a store's tables to a layout with lightweight changes only: it renames columns given an
/// `originalName`, adds columns for new properties, drops retired indexes and creates missing tables and
/// indexes.
///
/// Columns and tables the layout does not know stay as they are: a store written by a newer version of
/// the app keeps that version's data when an older one opens it. Only a migration stage, which knows
/// the schema it leaves (`retiredLayout`), drops the columns of the properties that schema had and the
/// new one removed.
///
/// It refuses, with an error naming the property, the changes it cannot make without losing or
/// inventing data: a new required property without a default value on a table that has rows, and an
/// attribute whose stored type changed.
struct StoreTableReconciler {
    let layout: StoreLayout
    let database: Database
    /// The layout of the schema a migration stage leaves, whose removed properties' columns are dropped;
    /// `nil` when opening a store, which never drops a column.
    var retiredLayout: StoreLayout?

    init(layout: StoreLayout, database: Database, retiredLayout: StoreLayout? = nil) {
        self.layout = layout
        self.database = database
        self.retiredLayout = retiredLayout
    }

    /// Whether the store already has every table, column and index of the layout and no retired index,
    /// so that opening it needs no write at all. Reads only.
    func isUpToDate() throws -> Bool {
        for table in layout.entityTables {
            let members = layout.members(ofTable: table)
            guard try database.tableExists(table) else { return false }
            let existing = Set(try database.columns(in: table).map(\.name))
            if desiredColumns(of: members).contains(where: { !existing.contains($0.name) }) { return false }
            if members.first?.entityNames != nil, !existing.contains(StoreLayout.entityColumn) { return false }
            let indexes = Set(try database.indexes(on: table).map(\.name))
            let declared = declaredIndexNames(of: members, table: table)
            if !declared.isSubset(of: indexes) { return false }
            if indexes.contains(where: { isManagedIndex($0, of: table) && !declared.contains($0) }) { return false }
        }
        for table in layout.linkTables {
            guard try database.tableExists(table),
                try database.indexes(on: table).contains(where: { $0.name == "\(table)_target_index" })
            else { return false }
        }
        return true
    }

    /// One column an entity's table should have.
    private struct DesiredColumn {
        let name: String
        let type: String
        let property: Schema.PropertyMetadata
        let isRequiredAttribute: Bool
        /// The entity that declares the property.
        let entityName: String
        /// In a table a hierarchy shares, the entities whose rows have a value in the column when only
        /// some do; `nil` when every row does.
        let holders: [String]?
    }

    /// Applies the changes; the caller's transaction makes them all or nothing.
    ///
    /// - Throws: ``MigrationProblem`` for a change that needs a custom stage, or a database error.
    func reconcile() throws {
        for table in layout.entityTables where try database.tableExists(table) {
            let members = layout.members(ofTable: table)
            try reconcileColumns(of: members, table: table)
            try dropRetiredIndexes(of: members, table: table)
        }
        let reversedLinks = try carryOverRenamedLinkTables()
        let statements = try layout.creationStatements { table in
            guard try database.tableExists(table) else { return nil }
            return Set(try database.columns(in: table).map(\.name))
        }
        for statement in statements { try database.execute(sql: statement) }
        for (source, destination) in reversedLinks {
            try database.execute(
                sql: """
                    INSERT INTO \(destination.quotedDatabaseIdentifier) ("owner", "target") \
                    SELECT "target", "owner" FROM \(source.quotedDatabaseIdentifier)
                    """)
            try database.execute(sql: "DROP TABLE \(source.quotedDatabaseIdentifier)")
        }
    }

    /// Keeps the links of a many-to-many relationship renamed with `originalName`: its link table, named
    /// after the owning side, is renamed. When the rename makes the other side the owner, the old table is
    /// set aside and returned with the new table's name, to be copied with `owner` and `target` swapped.
    private func carryOverRenamedLinkTables() throws -> [(String, String)] {
        var reversed: [(String, String)] = []
        for name in layout.entities.keys.sorted() {
            guard let entity = layout.entities[name] else { continue }
            for property in entity.relationshipProperties {
                guard let original = property.options.originalName,
                    case .linkTable(let table, let isOwner) = entity.relationships[property.name],
                    try !database.tableExists(table)
                else { continue }
                let oldTable = "\(entity.table)_\(original)"
                guard try database.tableExists(oldTable) else { continue }
                if isOwner {
                    try database.execute(
                        sql:
                            "ALTER TABLE \(oldTable.quotedDatabaseIdentifier) RENAME TO \(table.quotedDatabaseIdentifier)"
                    )
                } else {
                    let setAside = "\(oldTable)_reversing"
                    try database.execute(
                        sql:
                            "ALTER TABLE \(oldTable.quotedDatabaseIdentifier) RENAME TO \(setAside.quotedDatabaseIdentifier)"
                    )
                    reversed.append((setAside, table))
                }
            }
        }
        return reversed
    }

    /// The columns the table of `members` (the entities whose rows it keeps, the root's first) should have.
    private func desiredColumns(of members: [StoreLayout.EntityLayout]) -> [DesiredColumn] {
        var columns: [DesiredColumn] = []
        var positions: [String: Int] = [:]
        for (rank, entity) in members.enumerated() {
            var own = entity.attributes.compactMap { attribute in
                attribute.codec.map { ($0.columnType, attribute, !$0.isOptional) }
            }.map { (name: $0.1.columnName, type: $0.0, property: $0.1, required: $0.2) }
            for property in entity.relationshipProperties {
                if case .foreignKey(let column) = entity.relationships[property.name] {
                    own.append((column, "INTEGER", property, false))
                }
            }
            for column in own {
                if let position = positions[column.name] {
                    // Inherited: the column is already there; one more entity's rows hold it.
                    let known = columns[position]
                    columns[position] = DesiredColumn(
                        name: known.name, type: known.type, property: known.property,
                        isRequiredAttribute: known.isRequiredAttribute,
                        entityName: known.entityName, holders: known.holders.map { $0 + [entity.entity.name] }
                    )
                    continue
                }
                positions[column.name] = columns.count
                columns.append(
                    DesiredColumn(
                        name: column.name, type: column.type, property: column.property,
                        isRequiredAttribute: column.required,
                        entityName: entity.entity.name, holders: rank == 0 ? nil : [entity.entity.name]
                    ))
            }
        }
        return columns
    }

    private func reconcileColumns(of members: [StoreLayout.EntityLayout], table name: String) throws {
        let table = name.quotedDatabaseIdentifier
        var existing: [String: String] = [:]
        for column in try database.columns(in: name) { existing[column.name] = column.type.uppercased() }
        let desired = desiredColumns(of: members)
        let desiredNames = Set(desired.map(\.name))

        for column in desired where existing[column.name] == nil {
            guard let original = column.property.options.originalName, !desiredNames.contains(original),
                let type = existing[original]
            else { continue }
            try database.execute(
                sql:
                    "ALTER TABLE \(table) RENAME COLUMN \(original.quotedDatabaseIdentifier) TO \(column.name.quotedDatabaseIdentifier)"
            )
            existing[original] = nil
            existing[column.name] = type
        }

        for column in desired {
            guard let stored = existing[column.name], !stored.isEmpty, stored != column.type else { continue }
            throw MigrationProblem(
                "the stored type of \(column.entityName).\(column.property.name) changed from \(stored) to \(column.type), "
                    + "which a lightweight change cannot do: add a new property and copy the values in a custom stage"
            )
        }

        let retiredNames = retiredLayout.map { Set(desiredColumns(of: $0.members(ofTable: name)).map(\.name)) } ?? []
        let retired = existing.keys.filter { retiredNames.contains($0) && !desiredNames.contains($0) }.sorted()
        for column in retired {
            for index in try database.indexes(on: name) where index.columns.contains(column) {
                try database.execute(sql: "DROP INDEX IF EXISTS \(index.name.quotedDatabaseIdentifier)")
            }
            try database.execute(sql: "ALTER TABLE \(table) DROP COLUMN \(column.quotedDatabaseIdentifier)")
        }

        let added = desired.filter { existing[$0.name] == nil }
        guard !added.isEmpty else { return }
        // Rows written before the table was shared are of the root entity, so no row holds a column of a
        // subentity until the table names each row's entity.
        let namesEntities = existing[StoreLayout.entityColumn] != nil
        for column in added {
            try database.execute(
                sql: "ALTER TABLE \(table) ADD COLUMN \(column.name.quotedDatabaseIdentifier) \(column.type)")
            guard column.isRequiredAttribute else { continue }
            var rows = "FROM \(table)"
            if let holders = column.holders {
                guard namesEntities else { continue }
                rows +=
                    " WHERE \(StoreLayout.entityColumn.quotedDatabaseIdentifier) IN (\(holders.map(\.quotedSQLLiteral).joined(separator: ", ")))"
            }
            let rowCount = try Int.fetchOne(database, sql: "SELECT COUNT(*) \(rows)") ?? 0
            guard rowCount > 0 else { continue }
            guard let defaultValue = column.property.defaultValue, let codec = column.property.codec else {
                throw MigrationProblem(
                    "the new property \(column.entityName).\(column.property.name) is required and has no default value, "
                        + "but the table has \(rowCount) row(s) of it: give it a default value, or make it optional and fill it in a custom stage"
                )
            }
            var update = "UPDATE \(table) SET \(column.name.quotedDatabaseIdentifier) = ?"
            if let holders = column.holders {
                update +=
                    " WHERE \(StoreLayout.entityColumn.quotedDatabaseIdentifier) IN (\(holders.map(\.quotedSQLLiteral).joined(separator: ", ")))"
            }
            try database.execute(sql: update, arguments: [try codec.encode(defaultValue)])
        }
    }

    /// Drops the unique and plain indexes the layout no longer declares, so removed constraints stop applying.
    private func dropRetiredIndexes(of members: [StoreLayout.EntityLayout], table: String) throws {
        let declared = declaredIndexNames(of: members, table: table)
        for index in try database.indexes(on: table) {
            guard isManagedIndex(index.name, of: table), !declared.contains(index.name) else { continue }
            try database.execute(sql: "DROP INDEX \(index.name.quotedDatabaseIdentifier)")
        }
    }

    /// The names of the indexes the layout declares on the entity's table: unique column sets, plain
    /// indexes and to-one foreign keys.
    private func declaredIndexNames(of members: [StoreLayout.EntityLayout], table: String) -> Set<String> {
        func name(_ kind: String, _ columns: [String]) -> String {
            "\(table)_\(kind)_\(columns.joined(separator: "_"))"
        }
        var names: Set<String> = []
        for entity in members {
            names.formUnion(
                entity.uniqueColumns.map { name("unique", $0) } + entity.indexedColumns.map { name("index", $0) })
            for property in entity.relationshipProperties {
                if case .foreignKey(let column) = entity.relationships[property.name] {
                    names.insert("\(table)_\(column)_index")
                }
            }
        }
        return names
    }

    /// Whether `name` is one of the unique or plain indexes the store makes for declared constraints.
    private func isManagedIndex(_ name: String, of table: String) -> Bool {
        name.hasPrefix("\(table)_unique_") || name.hasPrefix("\(table)_index_")
    }
}

/// A schema change the store cannot make on its own, with the reason in plain words.
struct MigrationProblem: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
