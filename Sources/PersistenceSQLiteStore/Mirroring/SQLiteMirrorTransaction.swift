import Foundation
import GRDB
import PersistenceModels

/// The mirror's tables inside one open transaction of the store.
///
/// It lives only as long as the closure it is given to; every statement runs on that transaction's
/// connection. Reading tables that do not exist yet gives nothing, and the first write makes them.
final class SQLiteMirrorTransaction: MirrorStateTransaction {
    let db: Database
    private let layout: StoreLayout
    private var tablesExist: Bool
    /// Whether the tables for what an import keeps exist: a store that synced before they did lacks them.
    private(set) var keptTablesExist: Bool

    init(db: Database, layout: StoreLayout) throws {
        self.db = db
        self.layout = layout
        self.tablesExist = try MirrorTables.exist(in: db)
        self.keptTablesExist = tablesExist ? try MirrorTables.keptTablesExist(in: db) : false
    }

    func prepareForWriting() throws {
        guard !tablesExist || !keptTablesExist else { return }
        try MirrorTables.create(in: db)
        tablesExist = true
        keptTablesExist = true
    }

    // MARK: - State

    func value(forKey key: String) throws -> String? {
        guard tablesExist else { return nil }
        return try String.fetchOne(
            db, sql: "SELECT \"value\" FROM \(MirrorTables.state.quotedDatabaseIdentifier) WHERE \"key\" = ?",
            arguments: [key])
    }

    func setValue(_ value: String?, forKey key: String) throws {
        try prepareForWriting()
        if let value {
            try db.execute(
                sql:
                    "INSERT OR REPLACE INTO \(MirrorTables.state.quotedDatabaseIdentifier) (\"key\", \"value\") VALUES (?, ?)",
                arguments: [key, value])
        } else {
            try db.execute(
                sql: "DELETE FROM \(MirrorTables.state.quotedDatabaseIdentifier) WHERE \"key\" = ?", arguments: [key])
        }
    }

    // MARK: - Records

    func records(named names: [String]) throws -> [MirroredRecord] {
        guard tablesExist, !names.isEmpty else { return [] }
        var found: [MirroredRecord] = []
        for chunk in SQLArgumentLimit.chunks(of: names) {
            let sql =
                "SELECT * FROM \(MirrorTables.record.quotedDatabaseIdentifier) WHERE \"recordName\" IN (\(StoreStatements.placeholders(chunk.count)))"
            found += try Row.fetchAll(db, sql: sql, arguments: StatementArguments(Array(chunk))).map(Self.record)
        }
        return found
    }

    func records(ofRows rows: [MirroredRow]) throws -> [MirroredRecord] {
        guard tablesExist, !rows.isEmpty else { return [] }
        var found: [MirroredRecord] = []
        for (entity, keys) in Dictionary(grouping: rows, by: \.rootEntity) {
            for chunk in SQLArgumentLimit.chunks(of: keys.map(\.primaryKey), reserving: 1) {
                let sql = """
                    SELECT * FROM \(MirrorTables.record.quotedDatabaseIdentifier) \
                    WHERE "entity" = ? AND "primaryKey" IN (\(StoreStatements.placeholders(chunk.count))) ORDER BY "recordName"
                    """
                found += try Row.fetchAll(
                    db, sql: sql, arguments: StatementArguments([entity.databaseValue] + chunk.map(\.databaseValue))
                ).map(Self.record)
            }
        }
        return found
    }

    func saveRecords(_ records: [MirroredRecord]) throws {
        guard !records.isEmpty else { return }
        try prepareForWriting()
        try db.insertRows(
            records,
            sql: { count in
                """
                INSERT INTO \(MirrorTables.record.quotedDatabaseIdentifier) ("recordName", "entity", "primaryKey", "changeTag")
                VALUES \(StoreStatements.valueTuples("(?, ?, ?, ?)", count: count))
                ON CONFLICT ("recordName") DO UPDATE SET
                    "entity" = excluded."entity", "primaryKey" = excluded."primaryKey", "changeTag" = excluded."changeTag"
                """
            },
            while: "recording the mirror's records",
            binding: { binder, record in
                binder.bind(record.recordName)
                binder.bind(record.row.rootEntity)
                binder.bind(record.row.primaryKey)
                binder.bind(record.changeTag)
            })
    }

    func removeRecords(named names: [String]) throws {
        try remove(names, from: MirrorTables.record)
    }

    func recordCount() throws -> Int {
        guard tablesExist else { return 0 }
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(MirrorTables.record.quotedDatabaseIdentifier)") ?? 0
    }

    private static func record(_ row: Row) -> MirroredRecord {
        MirroredRecord(
            recordName: row["recordName"], row: MirroredRow(rootEntity: row["entity"], primaryKey: row["primaryKey"]),
            changeTag: row["changeTag"])
    }

    // MARK: - Links

    func links(named names: [String]) throws -> [MirroredLink] {
        guard tablesExist, !names.isEmpty else { return [] }
        var found: [MirroredLink] = []
        for chunk in SQLArgumentLimit.chunks(of: names) {
            let sql =
                "SELECT * FROM \(MirrorTables.link.quotedDatabaseIdentifier) WHERE \"recordName\" IN (\(StoreStatements.placeholders(chunk.count)))"
            found += try Row.fetchAll(db, sql: sql, arguments: StatementArguments(Array(chunk))).map(Self.link)
        }
        return found
    }

    func links(of relationship: String, owners: [Int64], targets: [Int64]) throws -> [MirroredLink] {
        guard tablesExist else { return [] }
        var found: [String: MirroredLink] = [:]
        for (column, keys) in [("owner", owners), ("target", targets)] {
            for chunk in SQLArgumentLimit.chunks(of: keys, reserving: 1) {
                let sql = """
                    SELECT * FROM \(MirrorTables.link.quotedDatabaseIdentifier) \
                    WHERE "relationship" = ? AND \(column.quotedDatabaseIdentifier) IN (\(StoreStatements.placeholders(chunk.count)))
                    """
                for link in try Row.fetchAll(
                    db, sql: sql,
                    arguments: StatementArguments([relationship.databaseValue] + chunk.map(\.databaseValue))
                ).map(Self.link) {
                    found[link.recordName] = link
                }
            }
        }
        return found.values.sorted { $0.recordName < $1.recordName }
    }

    func saveLinks(_ links: [MirroredLink]) throws {
        guard !links.isEmpty else { return }
        try prepareForWriting()
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO \(MirrorTables.link.quotedDatabaseIdentifier) ("recordName", "relationship", "owner", "target", "changeTag")
                VALUES (?, ?, ?, ?, ?)
                """)
        for link in links {
            try statement.execute(arguments: [
                link.recordName, link.relationship, link.owner, link.target, link.changeTag,
            ])
        }
    }

    func removeLinks(named names: [String]) throws {
        try remove(names, from: MirrorTables.link)
    }

    private static func link(_ row: Row) -> MirroredLink {
        MirroredLink(
            recordName: row["recordName"], relationship: row["relationship"], owner: row["owner"],
            target: row["target"], changeTag: row["changeTag"])
    }

    // MARK: - Queue

    func pendingChanges() throws -> [PendingMirrorChange] {
        guard tablesExist else { return [] }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT "recordName", "kind", "recordType", "generation" FROM \(MirrorTables.pending.quotedDatabaseIdentifier) ORDER BY "sequence"
                """
        ).compactMap { row in
            PendingMirrorChange.Kind(rawValue: row["kind"]).map {
                PendingMirrorChange(
                    recordName: row["recordName"], kind: $0, recordType: row["recordType"],
                    generation: row["generation"])
            }
        }
    }

    func enqueue(_ changes: [PendingMirrorChange]) throws {
        guard !changes.isEmpty else { return }
        try prepareForWriting()
        let last =
            try Int64.fetchOne(
                db, sql: "SELECT MAX(\"sequence\") FROM \(MirrorTables.pending.quotedDatabaseIdentifier)") ?? 0
        // A change queued again replaces the one waiting: the later sequence, the next generation.
        try db.insertRows(
            Array(zip(changes, (last + 1)...)),
            sql: { count in
                """
                INSERT INTO \(MirrorTables.pending.quotedDatabaseIdentifier) ("recordName", "kind", "recordType", "generation", "sequence")
                VALUES \(StoreStatements.valueTuples("(?, ?, ?, 1, ?)", count: count))
                ON CONFLICT ("recordName") DO UPDATE SET
                    "kind" = excluded."kind", "recordType" = excluded."recordType", "generation" = "generation" + 1,
                    "sequence" = excluded."sequence"
                """
            },
            while: "queuing the changes to send",
            binding: { binder, queued in
                let (change, sequence) = queued
                binder.bind(change.recordName)
                binder.bind(Int64(change.kind.rawValue))
                binder.bind(change.recordType)
                binder.bind(sequence)
            })
    }

    func dequeue(_ changes: [PendingMirrorChange]) throws {
        guard tablesExist, !changes.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: """
                DELETE FROM \(MirrorTables.pending.quotedDatabaseIdentifier) WHERE "recordName" = ? AND "generation" = ?
                """)
        for change in changes {
            try statement.execute(arguments: [change.recordName, change.generation])
        }
    }

    func removePending(named names: [String]) throws {
        try remove(names, from: MirrorTables.pending)
    }

    func pendingCount() throws -> Int {
        guard tablesExist else { return 0 }
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(MirrorTables.pending.quotedDatabaseIdentifier)") ?? 0
    }

    // MARK: - History and rows

    func historyChanges(after transaction: Int64) throws -> [MirroredHistoryChange] {
        guard try HistoryStore.tablesExist(in: db) else { return [] }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT t."number", t."author", c."kind", c."entity", c."primaryKeys", c."updatedAttributes"
                FROM \(HistoryStore.transactionTable.quotedDatabaseIdentifier) t
                JOIN \(HistoryStore.changeTable.quotedDatabaseIdentifier) c ON c."transaction" = t."number"
                WHERE t."number" > ? ORDER BY t."number", c.rowid
                """, arguments: [transaction])
        return rows.compactMap { row in
            guard let kind = MirroredHistoryChange.Kind(rawValue: row["kind"]) else { return nil }
            let keys: String = row["primaryKeys"]
            let attributes: String = row["updatedAttributes"]
            return MirroredHistoryChange(
                transaction: row["number"], author: row["author"], kind: kind, entity: row["entity"],
                primaryKeys: keys.split(separator: ",").compactMap { Int64($0) },
                updatedAttributes: attributes.split(separator: ",").map(String.init)
            )
        }
    }

    func latestHistoryTransaction() throws -> Int64 {
        guard try HistoryStore.tablesExist(in: db) else { return 0 }
        return try Int64.fetchOne(
            db, sql: "SELECT MAX(\"number\") FROM \(HistoryStore.transactionTable.quotedDatabaseIdentifier)") ?? 0
    }

    func rows(ofRootEntity entity: String) throws -> [(primaryKey: Int64, entity: String)] {
        guard let layout = layout.entities[entity], layout.table == entity else { return [] }
        let table = layout.table.quotedDatabaseIdentifier
        if layout.entityNames != nil {
            return try Row.fetchAll(
                db,
                sql:
                    "SELECT \(StoreStatements.primaryKey), \(StoreLayout.entityColumn.quotedDatabaseIdentifier) FROM \(table)"
            )
            .map { ($0[0], $0[1]) }
        }
        return try Int64.fetchAll(db, sql: "SELECT \(StoreStatements.primaryKey) FROM \(table)").map { ($0, entity) }
    }

    func linkedPairs(of relationship: String, keys: [Int64]?) throws -> [(Int64, Int64)] {
        let parts = relationship.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2,
            case .linkTable(let table, let isOwner)? = layout.entities[parts[0]]?.relationships[parts[1]]
        else { return [] }
        let (mine, theirs) = isOwner ? ("owner", "target") : ("target", "owner")
        let select =
            "SELECT \(mine.quotedDatabaseIdentifier), \(theirs.quotedDatabaseIdentifier) FROM \(table.quotedDatabaseIdentifier)"
        guard let keys else {
            return try Row.fetchAll(db, sql: select).map { ($0[0], $0[1]) }
        }
        var pairs: [(Int64, Int64)] = []
        for chunk in SQLArgumentLimit.chunks(of: keys) {
            let sql =
                "\(select) WHERE \(mine.quotedDatabaseIdentifier) IN (\(StoreStatements.placeholders(chunk.count)))"
            pairs += try Row.fetchAll(db, sql: sql, arguments: StatementArguments(chunk.map(\.databaseValue))).map {
                ($0[0], $0[1])
            }
        }
        return pairs
    }

    func eraseMirrorState() throws {
        guard tablesExist else { return }
        for table in MirrorTables.all where try db.tableExists(table) {
            try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier)")
        }
    }

    private func remove(_ names: [String], from table: String) throws {
        guard tablesExist, !names.isEmpty else { return }
        for chunk in SQLArgumentLimit.chunks(of: names) {
            try db.execute(
                sql:
                    "DELETE FROM \(table.quotedDatabaseIdentifier) WHERE \"recordName\" IN (\(StoreStatements.placeholders(chunk.count)))",
                arguments: StatementArguments(Array(chunk))
            )
        }
    }
}
