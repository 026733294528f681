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
    /// Deletes the first entity's rows as a scan finds them, when the save proved it may
    /// (``BatchDeleteRescan/usable(for:in:)``).
    var rescan: BatchDeleteRescan? = nil

    /// Deletes `keys` (by entity name, each list sorted and without repeats) and what their rules reach;
    /// returns every deleted row by entity, in key order.
    ///
    /// - Throws: `CocoaError.validationRelationshipDeniedDelete` when a `.deny` rule finds linked rows; the caller's
    ///   transaction then leaves everything as it was.
    func delete(_ keys: [String: [Int64]], in db: Database) throws -> [String: [Int64]] {
        // Keys are kept as sorted arrays rather than sets: half the memory for half a million keys.
        var deleted: [String: [Int64]] = [:]
        var queue = keys.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        // Only the first pass can scan: any pass before it would have written to the store.
        var rescan = rescan
        while !queue.isEmpty {
            defer { rescan = nil }
            var (entityName, candidates) = queue.removeFirst()
            guard let entity = layout.entities[entityName] else { continue }
            if let names = entity.entityNames, names.count > 1 {
                // Rows of subentities go with their own entity's delete rules.
                var byEntity = try entitiesOfRows(candidates, in: entity, in: db)
                candidates = byEntity.removeValue(forKey: entityName) ?? []
                for (name, keys) in byEntity.sorted(by: { $0.key < $1.key }) { queue.append((name, keys)) }
            }
            let fresh: [Int64]
            if let earlier = deleted[entityName] {
                fresh = candidates.filter { !SortedKeys.contains($0, in: earlier) }
                guard !fresh.isEmpty else { continue }
                deleted[entityName] = SortedKeys.union(earlier, fresh)
            } else {
                fresh = candidates
                guard !fresh.isEmpty else { continue }
                deleted[entityName] = fresh
            }
            for property in entity.relationshipProperties {
                guard let storage = entity.relationships[property.name], let shape = property.relationshipShape,
                    let destination = layout.layout(of: shape.destination)
                else { continue }
                switch property.options.deleteRule {
                case .deny:
                    let linked = try relatedKeys(of: fresh, in: entity, through: storage, in: db)
                        .filter { !SortedKeys.contains($0, in: deleted[destination.entity.name] ?? []) }
                    if !linked.isEmpty {
                        throw CocoaError.deniedDelete(
                            entity: entityName, relationship: property.name, linkedCount: linked.count)
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
            try deleteRows(fresh, of: entity, rescanning: rescan?.entityName == entityName ? rescan : nil, in: db)
        }
        return deleted
    }

    /// The rows `keys` of a table a hierarchy shares, by the entity each row names, each list sorted.
    private func entitiesOfRows(_ keys: [Int64], in entity: StoreLayout.EntityLayout, in db: Database) throws
        -> [String: [Int64]]
    {
        var result: [String: [Int64]] = [:]
        for statement in StoreStatements.entityNames(ofRowsIn: entity.table, withKeys: keys) {
            for row in try Row.fetchAll(db, sql: statement.sql, arguments: StatementArguments(statement.arguments)) {
                let key: Int64 = row[0]
                let name: String = row[1]
                result[name, default: []].append(key)
            }
        }
        return result.mapValues { $0.sorted() }
    }

    /// The keys of the rows that the rows `keys` of `entity` link to through `storage`.
    private func relatedKeys(
        of keys: [Int64],
        in entity: StoreLayout.EntityLayout,
        through storage: StoreLayout.RelationshipStorage,
        in db: Database
    ) throws -> [Int64] {
        var related: [Int64] = []
        for statement in StoreStatements.relatedKeys(of: keys, in: entity.table, through: storage) {
            related += try Int64.fetchAll(db, statement)
        }
        return Array(Set(related)).sorted()
    }

    /// Sets `column` of `table` to NULL in the rows that point at `keys`.
    private func update(table: String, column: String, settingNullWhereIn keys: [Int64], in db: Database) throws {
        for statement in StoreStatements.nullify(column, of: table, whereIn: keys) {
            try db.execute(statement)
        }
    }

    /// Deletes the rows and their link-table rows, noting their external files for removal after the commit;
    /// the values of `.preserveValueOnDeletion` attributes are copied into the tombstones first, in SQL.
    private func deleteRows(
        _ keys: [Int64], of entity: StoreLayout.EntityLayout, rescanning rescan: BatchDeleteRescan?, in db: Database
    ) throws {
        try writer.preserveValues(ofRows: keys, of: entity, in: db)
        if entity.attributes.contains(where: { $0.options.contains(.externalStorage) }) {
            for key in keys {
                try writer.collectExternalFiles(of: entity, key: key, attributes: entity.attributes, in: db)
            }
        }
        var tables: [(String, String)] = []
        if let rescan {
            try rescan.delete(expectingCount: keys.count, in: db)
        } else {
            tables.append((entity.table, StoreLayout.primaryKeyColumn))
        }
        for property in entity.relationshipProperties {
            guard case .linkTable(let table, let isOwner) = entity.relationships[property.name] else { continue }
            tables.append((table, isOwner ? "owner" : "target"))
        }
        for (table, column) in tables {
            try writer.deleteRows(from: table, whereColumn: column, isIn: keys, in: db)
        }
    }
}
