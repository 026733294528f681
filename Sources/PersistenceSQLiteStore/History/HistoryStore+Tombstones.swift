import Foundation
import GRDB
import PersistenceModels

/// The tombstones of deletes: the values of `.preserveValueOnDeletion` attributes, copied from the rows
/// just before the save deletes them, in the save's own transaction.
///
/// One row per deleted row and preserved attribute. The values are copied with `INSERT … SELECT`, so a
/// delete by predicate keeps them without reading its rows into Swift; they go in without a transaction
/// number, which the save's history gives them once it is recorded. The value column has no declared
/// type, so each value keeps the storage class its attribute's column gave it.
extension HistoryStore {
    static let tombstoneTable = "PersistenceHistory_Tombstone"

    /// The preserved values of one deleted row, by attribute name, as stored.
    typealias StoredTombstone = [String: DatabaseValue]

    /// Which deleted row a tombstone belongs to.
    struct TombstoneKey: Hashable {
        let entity: String
        let primaryKey: Int64
    }

    /// Creates the tombstone table when the store does not have it yet.
    ///
    /// A store made before tombstones were kept gets the table with its first delete of a preserved
    /// value, so that opening it still writes nothing.
    static func createTombstoneTable(in db: Database) throws {
        guard try !db.tableExists(tombstoneTable) else { return }
        let tombstones = tombstoneTable.quotedDatabaseIdentifier
        try db.execute(
            sql: """
                CREATE TABLE \(tombstones) (
                    "transaction" INTEGER REFERENCES \(transactionTable.quotedDatabaseIdentifier)("number") ON DELETE CASCADE,
                    "entity" TEXT NOT NULL,
                    "primaryKey" INTEGER NOT NULL,
                    "attribute" TEXT NOT NULL,
                    "value"
                );
                CREATE INDEX "PersistenceHistory_Tombstone_transaction" ON \(tombstones)("transaction");
                """)
    }

    /// Copies the preserved values of the rows `keys` of `entity`, which the save is about to delete.
    ///
    /// - Returns: Whether the entity has attributes that preserve their values (and so whether rows may
    ///   now wait for a transaction number).
    static func preserveValues(
        ofRows keys: [Int64], of entity: StoreLayout.EntityLayout, externalData: ExternalDataStore?, in db: Database
    ) throws -> Bool {
        let preserved = entity.attributes.filter(\.preservesValueOnDeletion)
        guard !preserved.isEmpty, !keys.isEmpty else { return !preserved.isEmpty }
        try createTombstoneTable(in: db)
        for attribute in preserved {
            // A file store keeps `.externalStorage` bytes in a file the delete removes: the bytes are copied instead.
            if let externalData, attribute.options.contains(.externalStorage) {
                try preserveExternalValues(
                    ofRows: keys, of: entity, attribute: attribute, externalData: externalData, in: db)
                continue
            }
            for statement in preservedValueStatements(of: attribute, rows: keys, of: entity) {
                try db.execute(statement)
            }
        }
        return true
    }

    /// The `INSERT … SELECT` statements that copy `attribute` of the rows `keys` of `entity` into the
    /// tombstone table, a chunk of keys per statement.
    static func preservedValueStatements(
        of attribute: Schema.PropertyMetadata, rows keys: [Int64], of entity: StoreLayout.EntityLayout
    ) -> [SQLStatement] {
        let names = [entity.entity.name.databaseValue, attribute.name.databaseValue]
        return SQLArgumentLimit.chunks(of: keys, reserving: names.count).map { chunk in
            SQLStatement(
                sql: """
                    INSERT INTO \(tombstoneTable.quotedDatabaseIdentifier) ("entity", "primaryKey", "attribute", "value") \
                    SELECT ?, \(StoreStatements.primaryKey), ?, \(attribute.columnName.quotedDatabaseIdentifier) \
                    FROM \(entity.table.quotedDatabaseIdentifier) WHERE \(StoreStatements.primaryKey) IN (\(StoreStatements.placeholders(chunk.count)))
                    """,
                arguments: names + chunk.map(\.databaseValue)
            )
        }
    }

    /// Copies the bytes of an `.externalStorage` attribute's files for the rows `keys`.
    private static func preserveExternalValues(
        ofRows keys: [Int64], of entity: StoreLayout.EntityLayout, attribute: Schema.PropertyMetadata,
        externalData: ExternalDataStore, in db: Database
    ) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO \(tombstoneTable.quotedDatabaseIdentifier) ("entity", "primaryKey", "attribute", "value") VALUES (?, ?, ?, ?)
                """)
        let select = try db.cachedStatement(
            sql: StoreStatements.select([attribute.columnName.quotedDatabaseIdentifier], of: entity.table))
        for key in keys {
            guard let row = try Row.fetchOne(select, arguments: [key]) else { continue }
            var stored: DatabaseValue = row[0]
            if let name = ExternalDataStore.fileName(in: stored) { stored = try externalData.read(name).databaseValue }
            try insert.execute(arguments: [entity.entity.name, key, attribute.name, stored])
        }
    }

    /// Gives the tombstones copied during this save the number of its transaction.
    static func assignTombstones(toTransaction number: Int64, in db: Database) throws {
        try db.execute(
            sql:
                "UPDATE \(tombstoneTable.quotedDatabaseIdentifier) SET \"transaction\" = ? WHERE \"transaction\" IS NULL",
            arguments: [number]
        )
    }

    /// The tombstones of the given transactions, by transaction and deleted row.
    static func tombstones(ofTransactions numbers: [Int64], in db: Database) throws -> [Int64: [TombstoneKey:
        StoredTombstone]]
    {
        guard !numbers.isEmpty, try db.tableExists(tombstoneTable) else { return [:] }
        let statement = try db.cachedStatement(
            sql: """
                SELECT "entity", "primaryKey", "attribute", "value" FROM \(tombstoneTable.quotedDatabaseIdentifier) \
                WHERE "transaction" = ? ORDER BY rowid
                """)
        var result: [Int64: [TombstoneKey: StoredTombstone]] = [:]
        for number in numbers {
            for row in try Row.fetchAll(statement, arguments: [number]) {
                let key = TombstoneKey(entity: row["entity"], primaryKey: row["primaryKey"])
                result[number, default: [:]][key, default: [:]][row["attribute"]] = row["value"] as DatabaseValue
            }
        }
        return result
    }

    /// Deletes the tombstones of the given transactions.
    static func deleteTombstones(ofTransactions numbers: [Int64], in db: Database) throws {
        guard !numbers.isEmpty, try db.tableExists(tombstoneTable) else { return }
        let statement = try db.cachedStatement(
            sql: "DELETE FROM \(tombstoneTable.quotedDatabaseIdentifier) WHERE \"transaction\" = ?")
        for number in numbers {
            try statement.execute(arguments: [number])
        }
    }
}
