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
/// - `PersistenceMirror_PendingRelationship`: relationships received whose related record has not
///   arrived yet, connected by the import that brings it.
/// - `PersistenceMirror_Unapplied`: records received that the store could not apply, with the reason
///   and the record (or, for a record applied in part, the fields it could not), applied by an import
///   once the store's schema can.
///
/// The tables keyed by record name are `WITHOUT ROWID`: each row then lives in one B-tree, which halves
/// what queuing a change writes.
enum MirrorTables {
    static let state = "PersistenceMirror_State"
    static let record = "PersistenceMirror_Record"
    static let link = "PersistenceMirror_Link"
    static let pending = "PersistenceMirror_Pending"
    static let pendingRelationship = "PersistenceMirror_PendingRelationship"
    static let unapplied = "PersistenceMirror_Unapplied"

    /// Every table, for erasing the mirror's state.
    static let all = [state, record, link, pending, pendingRelationship, unapplied]

    /// Creates the tables that do not exist yet: all of them in a store that never synced, the tables
    /// for what an import keeps in a store that synced before they existed.
    static func create(in db: Database) throws {
        if try !db.tableExists(pending) { try createSyncTables(in: db) }
        if try !db.tableExists(unapplied) { try createKeptTables(in: db) }
    }

    /// Whether the store has the mirror's tables.
    static func exist(in db: Database) throws -> Bool {
        try db.tableExists(pending)
    }

    /// Whether the store has the tables for what an import keeps.
    static func keptTablesExist(in db: Database) throws -> Bool {
        try db.tableExists(unapplied)
    }

    private static func createKeptTables(in db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS \(pendingRelationship.quotedDatabaseIdentifier) (
                    "recordName" TEXT NOT NULL, "field" TEXT NOT NULL, "kind" INTEGER NOT NULL, "relationship" TEXT NOT NULL,
                    "ownerRecordName" TEXT NOT NULL, "targetRecordName" TEXT NOT NULL, "changeTag" TEXT,
                    PRIMARY KEY ("recordName", "field")
                ) WITHOUT ROWID;
                CREATE INDEX IF NOT EXISTS "PersistenceMirror_PendingRelationship_owner"
                    ON \(pendingRelationship.quotedDatabaseIdentifier)("ownerRecordName");
                CREATE INDEX IF NOT EXISTS "PersistenceMirror_PendingRelationship_target"
                    ON \(pendingRelationship.quotedDatabaseIdentifier)("targetRecordName");
                CREATE TABLE IF NOT EXISTS \(unapplied.quotedDatabaseIdentifier) (
                    "recordName" TEXT PRIMARY KEY NOT NULL, "recordType" TEXT NOT NULL, "entityName" TEXT,
                    "reason" TEXT NOT NULL,
                    "payload" BLOB, "schemaFingerprint" TEXT NOT NULL, "appliedInPart" INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
    }

    private static func createSyncTables(in db: Database) throws {
        try db.execute(
            sql: """
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
}
