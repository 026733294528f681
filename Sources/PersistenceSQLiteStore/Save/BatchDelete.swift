import Foundation
import GRDB
import PersistenceModels

/// Deletes rows by key without loading their models, applying the delete rules of their relationships in
/// SQL: `.deny` refuses while linked rows exist, `.cascade` deletes the linked rows too (with their own
/// rules), `.nullify` clears the columns that point at the deleted rows, and every link-table row of a
/// deleted row goes.
struct BatchDelete {
    let layout: StoreLayout
    let writer: SaveWriter

    /// Deletes `keys` (by entity name) and what their rules reach; returns every deleted row by entity.
    ///
    /// - Throws: ``SwiftDataError/deleteDenied`` when a `.deny` rule finds linked rows; the caller's
    ///   transaction then leaves everything as it was.
    func delete(_ keys: [String: Set<Int64>], in db: Database) throws -> [String: [Int64]] {
        var deleted: [String: Set<Int64>] = [:]
        var queue = keys.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value).sorted()) }
        while !queue.isEmpty {
            let (entityName, candidates) = queue.removeFirst()
            guard let entity = layout.entities[entityName] else { continue }
            let fresh = candidates.filter { !(deleted[entityName]?.contains($0) ?? false) }
            guard !fresh.isEmpty else { continue }
            deleted[entityName, default: []].formUnion(fresh)
            for property in entity.relationshipProperties {
                guard let storage = entity.relationships[property.name], let shape = property.relationshipShape,
                      let destination = layout.layout(of: shape.destination)
                else { continue }
                switch property.options.deleteRule {
                case .deny:
                    let linked = try relatedKeys(of: fresh, in: entity, through: storage, in: db)
                        .filter { !(deleted[destination.entity.name]?.contains($0) ?? false) }
                    if !linked.isEmpty {
                        throw SwiftDataError(
                            .deleteDenied,
                            reason: "\(entityName).\(property.name) has the delete rule .deny and still links \(linked.count) model(s)",
                            context: "saving the context"
                        )
                    }
                case .cascade:
                    let linked = try relatedKeys(of: fresh, in: entity, through: storage, in: db)
                    if !linked.isEmpty { queue.append((destination.entity.name, linked)) }
                case .nullify:
                    if case .inverseForeignKey(let table, let column) = storage {
                        try update(table: table, column: column, settingNullWhereIn: fresh, in: db)
                    }
                case .noAction:
                    continue
                }
            }
            try deleteRows(fresh, of: entity, in: db)
        }
        return deleted.mapValues { $0.sorted() }
    }

    /// The keys of the rows that the rows `keys` of `entity` link to through `storage`.
    private func relatedKeys(
        of keys: [Int64],
        in entity: StoreLayout.EntityLayout,
        through storage: StoreLayout.RelationshipStorage,
        in db: Database
    ) throws -> [Int64] {
        var related: [Int64] = []
        for chunk in SQLArgumentLimit.chunks(of: keys) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let sql: String
            switch storage {
            case .foreignKey(let column):
                // Rows of this entity hold the destination's keys.
                sql = "SELECT \(column.quotedDatabaseIdentifier) FROM \(entity.table.quotedDatabaseIdentifier) WHERE \(StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier) IN (\(placeholders)) AND \(column.quotedDatabaseIdentifier) IS NOT NULL"
            case .inverseForeignKey(let table, let column):
                sql = "SELECT \(StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier) FROM \(table.quotedDatabaseIdentifier) WHERE \(column.quotedDatabaseIdentifier) IN (\(placeholders))"
            case .linkTable(let table, let isOwner):
                let (this, other) = isOwner ? ("owner", "target") : ("target", "owner")
                sql = "SELECT \"\(other)\" FROM \(table.quotedDatabaseIdentifier) WHERE \"\(this)\" IN (\(placeholders))"
            }
            related += try Int64.fetchAll(db, sql: sql, arguments: StatementArguments(chunk))
        }
        return Array(Set(related)).sorted()
    }

    /// Sets `column` of `table` to NULL in the rows that point at `keys`.
    private func update(table: String, column: String, settingNullWhereIn keys: [Int64], in db: Database) throws {
        for chunk in SQLArgumentLimit.chunks(of: keys) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            try db.execute(
                sql: "UPDATE \(table.quotedDatabaseIdentifier) SET \(column.quotedDatabaseIdentifier) = NULL WHERE \(column.quotedDatabaseIdentifier) IN (\(placeholders))",
                arguments: StatementArguments(chunk)
            )
        }
    }

    /// Deletes the rows and their link-table rows, noting their external files for removal after the commit.
    private func deleteRows(_ keys: [Int64], of entity: StoreLayout.EntityLayout, in db: Database) throws {
        if entity.attributes.contains(where: { $0.options.contains(.externalStorage) }) {
            for key in keys {
                try writer.collectExternalFiles(of: entity, key: key, attributes: entity.attributes, in: db)
            }
        }
        var tables = [(entity.table, StoreLayout.primaryKeyColumn)]
        for property in entity.relationshipProperties {
            guard case .linkTable(let table, let isOwner) = entity.relationships[property.name] else { continue }
            tables.append((table, isOwner ? "owner" : "target"))
        }
        for (table, column) in tables {
            try writer.deleteRows(from: table, whereColumn: column, isIn: keys, in: db)
        }
    }
}
