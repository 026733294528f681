import Foundation
import GRDB

/// Brings a store's tables to a layout with lightweight changes only: it renames columns given an
/// `originalName`, adds columns for new properties, drops the columns of removed ones, drops retired
/// indexes and creates missing tables and indexes.
///
/// It refuses, with an error naming the property, the changes it cannot make without losing or
/// inventing data: a new required property without a default value on a table that has rows, and an
/// attribute whose stored type changed.
struct StoreTableReconciler {
    let layout: StoreLayout
    let database: Database

    /// One column an entity's table should have.
    private struct DesiredColumn {
        let name: String
        let type: String
        let property: Schema.PropertyMetadata
        let isRequiredAttribute: Bool
    }

    /// Applies the changes; the caller's transaction makes them all or nothing.
    ///
    /// - Throws: ``MigrationProblem`` for a change that needs a custom stage, or a database error.
    func reconcile() throws {
        for name in layout.entities.keys.sorted() {
            guard let entity = layout.entities[name], try database.tableExists(entity.table) else { continue }
            try reconcileColumns(of: entity)
            try dropRetiredIndexes(of: entity)
        }
        let reversedLinks = try carryOverRenamedLinkTables()
        let statements = try layout.creationStatements { table in
            guard try database.tableExists(table) else { return nil }
            return Set(try database.columns(in: table).map(\.name))
        }
        for statement in statements { try database.execute(sql: statement) }
        for (source, destination) in reversedLinks {
            try database.execute(sql: """
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
                      try !database.tableExists(table) else { continue }
                let oldTable = "\(entity.table)_\(original)"
                guard try database.tableExists(oldTable) else { continue }
                if isOwner {
                    try database.execute(sql: "ALTER TABLE \(oldTable.quotedDatabaseIdentifier) RENAME TO \(table.quotedDatabaseIdentifier)")
                } else {
                    let setAside = "\(oldTable)_reversing"
                    try database.execute(sql: "ALTER TABLE \(oldTable.quotedDatabaseIdentifier) RENAME TO \(setAside.quotedDatabaseIdentifier)")
                    reversed.append((setAside, table))
                }
            }
        }
        return reversed
    }

    private func desiredColumns(of entity: StoreLayout.EntityLayout) -> [DesiredColumn] {
        var columns = entity.attributes.compactMap { attribute in
            attribute.codec.map {
                DesiredColumn(name: attribute.columnName, type: $0.columnType, property: attribute, isRequiredAttribute: !$0.isOptional)
            }
        }
        for property in entity.relationshipProperties {
            if case .foreignKey(let column) = entity.relationships[property.name] {
                columns.append(DesiredColumn(name: column, type: "INTEGER", property: property, isRequiredAttribute: false))
            }
        }
        return columns
    }

    private func reconcileColumns(of entity: StoreLayout.EntityLayout) throws {
        let table = entity.table.quotedDatabaseIdentifier
        var existing: [String: String] = [:]
        for column in try database.columns(in: entity.table) { existing[column.name] = column.type.uppercased() }
        let desired = desiredColumns(of: entity)
        let desiredNames = Set(desired.map(\.name))

        for column in desired where existing[column.name] == nil {
            guard let original = column.property.options.originalName, !desiredNames.contains(original),
                  let type = existing[original] else { continue }
            try database.execute(sql: "ALTER TABLE \(table) RENAME COLUMN \(original.quotedDatabaseIdentifier) TO \(column.name.quotedDatabaseIdentifier)")
            existing[original] = nil
            existing[column.name] = type
        }

        for column in desired {
            guard let stored = existing[column.name], !stored.isEmpty, stored != column.type else { continue }
            throw MigrationProblem(
                "the stored type of \(entity.entity.name).\(column.property.name) changed from \(stored) to \(column.type), "
                    + "which a lightweight change cannot do: add a new property and copy the values in a custom stage"
            )
        }

        let retired = existing.keys.filter { !desiredNames.contains($0) && $0 != StoreLayout.primaryKeyColumn }.sorted()
        for column in retired {
            for index in try database.indexes(on: entity.table) where index.columns.contains(column) {
                try database.execute(sql: "DROP INDEX IF EXISTS \(index.name.quotedDatabaseIdentifier)")
            }
            try database.execute(sql: "ALTER TABLE \(table) DROP COLUMN \(column.quotedDatabaseIdentifier)")
        }

        let added = desired.filter { existing[$0.name] == nil }
        guard !added.isEmpty else { return }
        let rowCount = try Int.fetchOne(database, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
        for column in added {
            try database.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(column.name.quotedDatabaseIdentifier) \(column.type)")
            guard column.isRequiredAttribute, rowCount > 0 else { continue }
            guard let defaultValue = column.property.defaultValue, let codec = column.property.codec else {
                throw MigrationProblem(
                    "the new property \(entity.entity.name).\(column.property.name) is required and has no default value, "
                        + "but the table has \(rowCount) row(s): give it a default value, or make it optional and fill it in a custom stage"
                )
            }
            try database.execute(
                sql: "UPDATE \(table) SET \(column.name.quotedDatabaseIdentifier) = ?",
                arguments: [try codec.encode(defaultValue)]
            )
        }
    }

    /// Drops the unique and plain indexes the layout no longer declares, so removed constraints stop applying.
    private func dropRetiredIndexes(of entity: StoreLayout.EntityLayout) throws {
        func name(_ kind: String, _ columns: [String]) -> String { "\(entity.table)_\(kind)_\(columns.joined(separator: "_"))" }
        let declared = Set(entity.uniqueColumns.map { name("unique", $0) } + entity.indexedColumns.map { name("index", $0) })
        for index in try database.indexes(on: entity.table) {
            let isManaged = index.name.hasPrefix("\(entity.table)_unique_") || index.name.hasPrefix("\(entity.table)_index_")
            guard isManaged, !declared.contains(index.name) else { continue }
            try database.execute(sql: "DROP INDEX \(index.name.quotedDatabaseIdentifier)")
        }
    }
}

/// A schema change the store cannot make on its own, with the reason in plain words.
struct MigrationProblem: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
