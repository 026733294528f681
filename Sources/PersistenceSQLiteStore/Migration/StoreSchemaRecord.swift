import Foundation
import GRDB
import PersistenceModels

/// The schema version a store was last opened with, kept in a one-row table of its own.
enum StoreSchemaRecord {
    /// The table holding the version; prefixed so it never clashes with an entity's table.
    static let table = "persistence_schema_version"

    /// The recorded version, or `nil` when the store has none (new, or written before versions were recorded).
    static func version(in db: Database) throws -> Schema.Version? {
        guard try db.tableExists(table) else { return nil }
        let row = try Row.fetchOne(
            db, sql: "SELECT \"major\", \"minor\", \"patch\" FROM \(table.quotedDatabaseIdentifier) WHERE \"id\" = 1")
        return row.map { Schema.Version($0["major"], $0["minor"], $0["patch"]) }
    }

    /// Records `version` as the store's schema version.
    static func record(_ version: Schema.Version, in db: Database) throws {
        let quoted = table.quotedDatabaseIdentifier
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS \(quoted) (\
                "id" INTEGER PRIMARY KEY CHECK ("id" = 1), \
                "major" INTEGER NOT NULL, "minor" INTEGER NOT NULL, "patch" INTEGER NOT NULL)
                """)
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(quoted) (\"id\", \"major\", \"minor\", \"patch\") VALUES (1, ?, ?, ?)",
            arguments: [version.major, version.minor, version.patch]
        )
    }
}
