import Foundation
import GRDB
import PersistenceModels

extension DefaultStore {
    /// The rows a relationship links each owner to, read in one query (or one per chunk of keys when
    /// the owners are listed), grouped by owner in key order.
    package func prefetchRows(_ property: Schema.PropertyMetadata, of owners: [any PersistentModel], selecting selection: PrefetchOwners) throws -> RelatedRows {
        guard let first = owners.first,
              let shape = property.relationshipShape,
              let owner = database.layout.layout(of: type(of: first)),
              let storage = owner.relationships[property.name]
        else { return RelatedRows(rows: [], links: []) }
        let destination = try entityLayout(of: shape.destination)
        let activity = "prefetching \(owner.entity.name).\(property.name)"
        let table = destination.table.quotedDatabaseIdentifier
        let primaryKey = StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier

        if case .foreignKey = storage {
            var targetsByOwner: [(owner: Int64, target: Int64)] = []
            for model in owners {
                if let key = model.persistentBackingData.primaryKey, let target = model.persistentBackingData.foreignKeys[property.name] {
                    targetsByOwner.append((key, target))
                }
            }
            let targets = Array(Set(targetsByOwner.map(\.target))).sorted()
            var rows: [DecodedRow] = []
            for chunk in SQLArgumentLimit.chunks(of: targets) {
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                rows += try database.decodedRows(
                    sql: "SELECT * FROM \(table) WHERE \(primaryKey) IN (\(placeholders))",
                    arguments: chunk.map(\.databaseValue), entity: destination, cachesStatement: false, while: activity
                ).rows
            }
            var position: [Int64: Int] = [:]
            for (index, row) in rows.enumerated() { position[row.primaryKey] = index }
            let links = targetsByOwner.compactMap { pair in position[pair.target].map { (pair.owner, $0) } }
            return RelatedRows(rows: rows, links: links)
        }

        // Ordered by owner, then key: the index gives that order without sorting, and each owner's models
        // come in primary key order, as a lazy load returns them.
        func query(filter: String, arguments: [DatabaseValue]) -> (sql: String, arguments: [DatabaseValue]) {
            switch storage {
            case .inverseForeignKey(_, let column):
                let ownerColumn = column.quotedDatabaseIdentifier
                let condition = filter.isEmpty ? "\(ownerColumn) IS NOT NULL" : filter
                return ("SELECT \(ownerColumn) AS \"_owner\", * FROM \(table) WHERE \(condition) ORDER BY \(ownerColumn), \(primaryKey)", arguments)
            case .linkTable(let linkTable, let isOwner):
                let (this, other) = isOwner ? ("owner", "target") : ("target", "owner")
                let condition = filter.isEmpty ? "" : " WHERE \(filter)"
                return ("SELECT link.\"\(this)\" AS \"_owner\", \(table).* FROM \(linkTable.quotedDatabaseIdentifier) AS link JOIN \(table) ON \(table).\(primaryKey) = link.\"\(other)\"\(condition) ORDER BY link.\"\(this)\", link.\"\(other)\"", arguments)
            case .foreignKey:
                preconditionFailure("a to-one relationship kept in a column is prefetched above")
            }
        }
        let ownerColumn: String
        switch storage {
        case .inverseForeignKey(_, let column): ownerColumn = column.quotedDatabaseIdentifier
        case .linkTable(_, let isOwner): ownerColumn = "link.\"\(isOwner ? "owner" : "target")\""
        case .foreignKey: ownerColumn = ""
        }
        var queries: [(sql: String, arguments: [DatabaseValue])] = []
        switch selection {
        case .everyRow:
            queries = [query(filter: "", arguments: [])]
        case .sameAsFetch(let token):
            let keyQuery = token.value as! (sql: String, arguments: [DatabaseValue])
            queries = [query(filter: "\(ownerColumn) IN (\(keyQuery.sql))", arguments: keyQuery.arguments)]
        case .listedKeys:
            let keys = owners.compactMap(\.persistentBackingData.primaryKey)
            queries = SQLArgumentLimit.chunks(of: keys).map { chunk in
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                return query(filter: "\(ownerColumn) IN (\(placeholders))", arguments: chunk.map(\.databaseValue))
            }
        }
        var result = RelatedRows(rows: [], links: [])
        for query in queries {
            let decoded = try database.decodedRows(
                sql: query.sql, arguments: query.arguments, entity: destination, ownerColumn: "_owner", cachesStatement: false, while: activity
            )
            let base = result.rows.count
            result.rows += decoded.rows
            for (owner, row) in decoded.owners {
                if let owner { result.links.append((owner, base + row)) }
            }
        }
        return result
    }
}

extension PrefetchOwners {
    /// The owners a fetch that ran entirely in SQLite returned, selected as that fetch selected them.
    init<T: PersistentModel>(_ plan: FetchPlan<T>) {
        if plan.condition == nil, plan.fetchLimit == nil, (plan.fetchOffset ?? 0) <= 0 {
            self = .everyRow
        } else {
            let query = plan.primaryKeyQuery(limited: true)
            self = .sameAsFetch(StoreQueryToken((sql: query.sql, arguments: query.arguments)))
        }
    }
}
