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
        // Links repeat their targets (a tag on many notes): each distinct target is read once, found through
        // a table keyed by the integer itself, which costs a fraction of hashing with `Hasher`.
        var table = KeyPositionTable()
        var targets: [Int64] = []
        for link in links where table.insert(link.target) { targets.append(link.target) }
        guard !targets.isEmpty else { return RelatedRows(rows: [], links: []) }
        targets.sort()
        let statement = StoreStatements.rows(of: destination.table, withKeys: targets)
        let rows = try database.decodedRows(
            sql: statement.sql, arguments: statement.arguments, entity: destination, while: activity
        ).rows
        for (index, row) in rows.enumerated() { table.setPosition(index, of: row.primaryKey) }
        return RelatedRows(
            rows: rows, links: links.compactMap { link in table.position(of: link.target).map { (link.owner, $0) } })
    }
}

/// A set of integer keys, each with a position, in one open-addressing table: linear probing from a
/// Fibonacci hash of the key. It starts small and doubles when half full, so that many links to few rows
/// touch little memory. Built for one prefetch and thrown away.
private struct KeyPositionTable {
    private var keys: [Int64]
    /// The position of each key, `-1` for a key without one, `-2` for an empty slot.
    private var positions: [Int]
    private var count = 0
    private var mask: Int
    private var shift: UInt64

    init() {
        keys = Array(repeating: 0, count: 64)
        positions = Array(repeating: -2, count: 64)
        mask = 63
        shift = 64 - 6
    }

    /// The slot that holds `key`, or the empty slot where it would go.
    private func slot(of key: Int64) -> Int {
        var slot = Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while positions[slot] != -2, keys[slot] != key { slot = (slot &+ 1) & mask }
        return slot
    }

    /// Adds `key`; `false` when it was already there.
    mutating func insert(_ key: Int64) -> Bool {
        let slot = slot(of: key)
        guard positions[slot] == -2 else { return false }
        keys[slot] = key
        positions[slot] = -1
        count += 1
        if count * 2 > keys.count { grow() }
        return true
    }

    /// Moves every key, with its position, into a table twice the size.
    private mutating func grow() {
        let (oldKeys, oldPositions) = (keys, positions)
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        positions = Array(repeating: -2, count: oldKeys.count * 2)
        mask = keys.count - 1
        shift -= 1
        for index in oldKeys.indices where oldPositions[index] != -2 {
            let slot = slot(of: oldKeys[index])
            keys[slot] = oldKeys[index]
            positions[slot] = oldPositions[index]
        }
    }

    /// Gives `key`, already inserted, its position.
    mutating func setPosition(_ position: Int, of key: Int64) {
        let slot = slot(of: key)
        if positions[slot] != -2 { positions[slot] = position }
    }

    /// The position of `key`, or `nil` when it has none.
    func position(of key: Int64) -> Int? {
        let position = positions[slot(of: key)]
        return position >= 0 ? position : nil
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
