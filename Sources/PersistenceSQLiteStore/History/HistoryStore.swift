import Foundation
import GRDB
import PersistenceModels

/// The tables that keep a store's history, apart from the entity tables.
///
/// One row per saved transaction, and one row per group of changes of the same kind to the same
/// entity (with the same updated attributes), listing the changed rows' keys. Grouping keeps the
/// cost of recording a large batch save to a handful of rows.
enum HistoryStore {
    static let transactionTable = "PersistenceHistory_Transaction"
    static let changeTable = "PersistenceHistory_Change"

    /// What a change row records.
    enum ChangeKind: Int {
        case insert = 0
        case update = 1
        case delete = 2
    }

    /// A transaction row.
    struct TransactionRow {
        let number: Int64
        let author: String?
        let timestamp: Date
        let bundleIdentifier: String
        let processIdentifier: String
    }

    /// A change row: one kind of change to some rows of one entity.
    struct ChangeRow {
        let transaction: Int64
        let kind: ChangeKind
        let entity: String
        let primaryKeys: [Int64]
        let updatedAttributes: [String]
    }

    /// Creates the history tables when the store does not have them yet.
    static func createTables(in db: Database) throws {
        let transactions = transactionTable.quotedDatabaseIdentifier
        let changes = changeTable.quotedDatabaseIdentifier
        // AUTOINCREMENT: numbers (and so tokens) are never handed out twice, even after history is deleted.
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS \(transactions) (
                    "number" INTEGER PRIMARY KEY AUTOINCREMENT,
                    "author" TEXT,
                    "timestamp" REAL NOT NULL,
                    "bundleIdentifier" TEXT NOT NULL,
                    "processIdentifier" TEXT NOT NULL
                );
                CREATE TABLE IF NOT EXISTS \(changes) (
                    "transaction" INTEGER NOT NULL REFERENCES \(transactions)("number") ON DELETE CASCADE,
                    "kind" INTEGER NOT NULL,
                    "entity" TEXT NOT NULL,
                    "primaryKeys" TEXT NOT NULL,
                    "updatedAttributes" TEXT NOT NULL DEFAULT ''
                );
                CREATE INDEX IF NOT EXISTS "PersistenceHistory_Change_transaction" ON \(changes)("transaction");
                """)
        try createTombstoneTable(in: db)
    }

    /// Whether the history tables exist, so that opening a store needs no write for them.
    static func tablesExist(in db: Database) throws -> Bool {
        try db.tableExists(transactionTable) && db.tableExists(changeTable)
    }

    /// Removes every transaction, change and tombstone.
    static func deleteAll(in db: Database) throws {
        if try db.tableExists(tombstoneTable) {
            try db.execute(sql: "DELETE FROM \(tombstoneTable.quotedDatabaseIdentifier)")
        }
        try db.execute(sql: "DELETE FROM \(changeTable.quotedDatabaseIdentifier)")
        try db.execute(sql: "DELETE FROM \(transactionTable.quotedDatabaseIdentifier)")
    }

    /// Adds a transaction row and returns its number.
    static func insertTransaction(author: String?, timestamp: Date, in db: Database) throws -> Int64 {
        try db.cachedStatement(
            sql: """
                INSERT INTO \(transactionTable.quotedDatabaseIdentifier) ("author", "timestamp", "bundleIdentifier", "processIdentifier") \
                VALUES (?, ?, ?, ?)
                """
        ).execute(arguments: [
            author, timestamp.timeIntervalSinceReferenceDate, ProgramIdentity.bundleIdentifier,
            ProgramIdentity.processIdentifier,
        ])
        return db.lastInsertedRowID
    }

    /// Adds a change row.
    static func insertChange(_ change: ChangeRow, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO \(changeTable.quotedDatabaseIdentifier) ("transaction", "kind", "entity", "primaryKeys", "updatedAttributes") \
                VALUES (?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            change.transaction,
            change.kind.rawValue,
            change.entity,
            keyList(change.primaryKeys),
            change.updatedAttributes.joined(separator: ","),
        ])
    }

    /// `keys` as comma-separated decimal text, written into one string: a save that deletes half a
    /// million rows records their keys without an array of half a million strings.
    static func keyList(_ keys: [Int64]) -> String {
        KeyListText.joined(keys)
    }

    /// The transaction table as a history predicate sees it: the key paths of a transaction that have a
    /// column, so that the predicate translator of model fetches translates history predicates too.
    static var transactionRecord: RecordReference {
        RecordReference(
            table: transactionTable,
            columns: [
                \DefaultHistoryTransaction.token: .init(name: "number", type: DefaultHistoryToken.self),
                \DefaultHistoryTransaction.transactionIdentifier: .init(name: "number", type: Int64.self),
                \DefaultHistoryTransaction.timestamp: .init(name: "timestamp", type: Date.self),
                \DefaultHistoryTransaction.author: .init(name: "author", type: String?.self),
            ])
    }

    /// The transaction rows that meet `condition`, oldest first, at most `limit` of them.
    static func transactions(where condition: SQLExpression?, limit: Int?, in db: Database) throws -> [TransactionRow] {
        let context = SQLGenerationContext()
        var sql = """
            SELECT "number", "author", "timestamp", "bundleIdentifier", "processIdentifier" \
            FROM \(transactionTable.quotedDatabaseIdentifier)
            """
        if let condition {
            sql += " WHERE \(SQLGenerator.sql(for: condition, in: context))"
        }
        sql += " ORDER BY \"number\""
        if let limit {
            sql += " LIMIT \(context.bind(max(0, limit).databaseValue))"
        }
        let arguments = context.arguments
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { row in
            TransactionRow(
                number: row["number"],
                author: row["author"],
                timestamp: Date(timeIntervalSinceReferenceDate: row["timestamp"]),
                bundleIdentifier: row["bundleIdentifier"],
                processIdentifier: row["processIdentifier"]
            )
        }
    }

    /// The change rows of the given transactions, grouped by transaction, in the order they were recorded.
    static func changes(ofTransactions numbers: [Int64], in db: Database) throws -> [Int64: [ChangeRow]] {
        var result: [Int64: [ChangeRow]] = [:]
        let statement = try db.cachedStatement(
            sql: """
                SELECT "transaction", "kind", "entity", "primaryKeys", "updatedAttributes" \
                FROM \(changeTable.quotedDatabaseIdentifier) WHERE "transaction" = ? ORDER BY rowid
                """)
        for number in numbers {
            for row in try Row.fetchAll(statement, arguments: [number]) {
                guard let kind = ChangeKind(rawValue: row["kind"]) else { continue }
                let keys: String = row["primaryKeys"]
                let attributes: String = row["updatedAttributes"]
                result[number, default: []].append(
                    ChangeRow(
                        transaction: number,
                        kind: kind,
                        entity: row["entity"],
                        primaryKeys: keys.split(separator: ",").compactMap { Int64($0) },
                        updatedAttributes: attributes.split(separator: ",").map(String.init)
                    ))
            }
        }
        return result
    }

    /// Deletes the given transactions, their changes and their tombstones.
    static func deleteTransactions(_ numbers: [Int64], in db: Database) throws {
        try deleteTombstones(ofTransactions: numbers, in: db)
        let deleteChanges = try db.cachedStatement(
            sql: "DELETE FROM \(changeTable.quotedDatabaseIdentifier) WHERE \"transaction\" = ?")
        let deleteTransaction = try db.cachedStatement(
            sql: "DELETE FROM \(transactionTable.quotedDatabaseIdentifier) WHERE \"number\" = ?")
        for number in numbers {
            try deleteChanges.execute(arguments: [number])
            try deleteTransaction.execute(arguments: [number])
        }
    }
}

/// Who is saving: recorded with every transaction.
enum ProgramIdentity {
    static let bundleIdentifier = mainBundleIdentifier() ?? ProcessInfo.processInfo.processName
    static let processIdentifier = String(ProcessInfo.processInfo.processIdentifier)

    /// The app bundle's identifier. A program on Linux has no bundle, and asking Foundation for the main
    /// bundle there traps when the process cannot reach the folders around its executable or its
    /// working directory (a program that dropped its privileges), so only a bundle platform asks.
    private static func mainBundleIdentifier() -> String? {
        #if canImport(Darwin)
        Bundle.main.bundleIdentifier
        #else
        nil
        #endif
    }
}
