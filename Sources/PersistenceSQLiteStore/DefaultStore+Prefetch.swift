import Foundation
import GRDB
import PersistenceModels

extension DefaultStore {
    /// The rows a relationship links each owner to, read in one query (or one per chunk of keys when
    /// the owners are listed), grouped by owner in key order.
    package func prefetchRows(
        _ property: Schema.PropertyMetadata, of owners: [any PersistentModel], selecting selection: PrefetchOwners
    ) throws -> RelatedRows {
        guard let first = owners.first,
            let shape = property.relationshipShape,
            let owner = database.layout.layout(of: type(of: first)),
            let storage = owner.relationships[property.name]
        else { return RelatedRows(rows: [], links: []) }
        let destination = try entityLayout(of: shape.destination)
        let activity = "prefetching \(owner.entity.name).\(property.name)"

        if case .foreignKey = storage {
            var links: [(owner: Int64, target: Int64)] = []
            for model in owners {
                if let key = model.persistentBackingData.primaryKey,
                    let target = model.persistentBackingData.foreignKeys[property.name]
                {
                    links.append((key, target))
                }
            }
            return try rows(linkedBy: links, in: destination, while: activity)
        }

        let selected: StoreStatements.PrefetchSelection
        switch selection {
        case .everyRow:
            selected = .every
        case .sameAsFetch(let token):
            selected = .selectedBy(token.value as! SQLStatement)
        case .listedKeys:
            selected = .keys(owners.compactMap(\.persistentBackingData.primaryKey))
        }
        if case .linkTable(let linkTable, let isOwner) = storage {
            // The links first, then each linked row once: a join would look a tag up again for every note
            // that carries it, and read its columns as many times.
            var links: [(owner: Int64, target: Int64)] = []
            for statement in StoreStatements.prefetchLinks(in: linkTable, isOwner: isOwner, owners: selected) {
                links += try database.readWithOneStatement(while: activity) { db in
                    try db.makeStatement(sql: statement.sql)
                        .integerPairs(arguments: StatementArguments(statement.arguments))
                }.map { (owner: $0.0, target: $0.1) }
            }
            return try rows(linkedBy: links, in: destination, while: activity)
        }

        var result = RelatedRows(rows: [], links: [])
        for statement in StoreStatements.prefetch(destination.table, through: storage, owners: selected) {
            let decoded = try database.decodedRows(
                sql: statement.sql, arguments: statement.arguments, entity: destination, ownerColumn: "_owner",
                cachesStatement: false, while: activity
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

extension DefaultStore {
    /// The rows of `destination` that `links` point to, each read once, with each link's position in them;
    /// a link whose row is gone is left out.
    fileprivate func rows(
        linkedBy links: [(owner: Int64, target: Int64)], in destination: StoreLayout.EntityLayout,
        while activity: String
    ) throws -> RelatedRows {
        var targets = Set<Int64>(minimumCapacity: links.count)
        for link in links { targets.insert(link.target) }
        var rows: [DecodedRow] = []
        for statement in StoreStatements.rows(of: destination.table, withKeys: targets.sorted()) {
            rows += try database.decodedRows(
                sql: statement.sql, arguments: statement.arguments, entity: destination, cachesStatement: false,
                while: activity
            ).rows
        }
        var position: [Int64: Int] = Dictionary(minimumCapacity: rows.count)
        for (index, row) in rows.enumerated() { position[row.primaryKey] = index }
        return RelatedRows(
            rows: rows, links: links.compactMap { link in position[link.target].map { (link.owner, $0) } })
    }
}

extension PrefetchOwners {
    /// The owners a fetch that ran entirely in SQLite returned, selected as that fetch selected them.
    init<T: PersistentModel>(_ plan: FetchPlan<T>) {
        if plan.condition == nil, plan.fetchLimit == nil, (plan.fetchOffset ?? 0) <= 0 {
            self = .everyRow
        } else {
            self = .sameAsFetch(StoreQueryToken(plan.primaryKeyQuery(limited: true)))
        }
    }
}
