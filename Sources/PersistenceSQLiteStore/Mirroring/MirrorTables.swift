import Foundation
import GRDB
import PersistenceModels

/// The tables a store's mirror to iCloud keeps in the store file, beside the models and the history,
/// as Core Data keeps its mirroring metadata: made the first time a mirror writes, so a store that
/// never syncs never has them.
///
/// - `PersistenceMirror_State`: the mirror's values by key (the server token, the last exported
///   history transaction, the account the store mirrors).
/// - `PersistenceMirror_Record`: each record a row is mirrored as, with the change tag last seen.
/// - `PersistenceMirror_Link`: each many-to-many link mirrored as a `CDMR` record.
/// - `PersistenceMirror_Pending`: the changes waiting to be sent, in the order they were queued.
///
/// The tables keyed by record name are `WITHOUT ROWID`: each row then lives in one B-tree, which halves
/// what queuing a change writes.
enum MirrorTables {
    static let state = "PersistenceMirror_State"
    static let record = "PersistenceMirror_Record"
    static let link = "PersistenceMirror_Link"
    static let pending = "PersistenceMirror_Pending"

    /// Creates the tables that do not exist yet.
    static func create(in db: Database) throws {
        guard try !db.tableExists(pending) else { return }
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS \(state.quotedDatabaseIdentifier) ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS \(record.quotedDatabaseIdentifier) (
                "recordName" TEXT PRIMARY KEY NOT NULL, "entity" TEXT NOT NULL, "primaryKey" INTEGER NOT NULL, "changeTag" TEXT
            ) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS "PersistenceMirror_Record_row" ON \(record.quotedDatabaseIdentifier)("entity", "primaryKey");
            CREATE TABLE IF NOT EXISTS \(link.quotedDatabaseIdentifier) (
                "recordName" TEXT PRIMARY KEY NOT NULL, "relationship" TEXT NOT NULL,
                "owner" INTEGER NOT NULL, "target" INTEGER NOT NULL, "changeTag" TEXT
            ) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS "PersistenceMirror_Link_owner" ON \(link.quotedDatabaseIdentifier)("relationship", "owner");
            CREATE INDEX IF NOT EXISTS "PersistenceMirror_Link_target" ON \(link.quotedDatabaseIdentifier)("relationship", "target");
            CREATE TABLE IF NOT EXISTS \(pending.quotedDatabaseIdentifier) (
                "recordName" TEXT PRIMARY KEY NOT NULL, "kind" INTEGER NOT NULL, "recordType" TEXT NOT NULL,
                "generation" INTEGER NOT NULL, "sequence" INTEGER NOT NULL
            ) WITHOUT ROWID;
            """)
    }

    /// Whether the store has the mirror's tables.
    static func exist(in db: Database) throws -> Bool {
        try db.tableExists(pending)
    }
}
