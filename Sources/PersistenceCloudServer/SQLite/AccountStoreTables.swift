import Foundation
import GRDB

/// The tables of an account's store.
///
/// - `zone`: each record zone of each container's private database, with its epoch (which incarnation
///   of the zone it is) and its change counter, which every save and deletion moves on by one.
/// - `zoneDeletion`: zones deleted, so that a zone made again gets a new epoch.
/// - `record`: each record's latest version: its fields as JSON (and their names, so that a save can
///   tell without reading them whether the record holds fields its device does not know), change tag,
///   the counter of its last change, who saved it and what it replaced.
/// - `tombstone`: the log of deleted records.
/// - `schemaField`: every field of every record type saved so far, with its type.
/// - `device`: the devices that synced, for the console, with what each had waiting and kept unapplied.
enum AccountStoreTables {
    static func create(in db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS "zone" (
                    "container" TEXT NOT NULL, "zoneName" TEXT NOT NULL,
                    "epoch" INTEGER NOT NULL, "changeCounter" INTEGER NOT NULL, "createdAt" REAL NOT NULL,
                    PRIMARY KEY ("container", "zoneName")
                );
                CREATE TABLE IF NOT EXISTS "zoneDeletion" (
                    "container" TEXT NOT NULL, "zoneName" TEXT NOT NULL, "epoch" INTEGER NOT NULL, "deletedAt" REAL NOT NULL,
                    PRIMARY KEY ("container", "zoneName", "epoch")
                );
                CREATE TABLE IF NOT EXISTS "record" (
                    "container" TEXT NOT NULL, "zoneName" TEXT NOT NULL, "recordName" TEXT NOT NULL,
                    "recordType" TEXT NOT NULL, "fields" TEXT NOT NULL, "fieldNames" TEXT NOT NULL,
                    "changeTag" TEXT NOT NULL, "changeCounter" INTEGER NOT NULL, "saveCount" INTEGER NOT NULL,
                    "modifiedAt" REAL NOT NULL, "modifiedByID" TEXT NOT NULL, "modifiedByName" TEXT NOT NULL,
                    "overwroteTag" TEXT, "overwroteByID" TEXT, "overwroteByName" TEXT,
                    "undidDeletionByID" TEXT, "undidDeletionByName" TEXT,
                    PRIMARY KEY ("container", "zoneName", "recordName")
                );
                CREATE INDEX IF NOT EXISTS "record_changes" ON "record"("container", "zoneName", "changeCounter");
                CREATE TABLE IF NOT EXISTS "tombstone" (
                    "container" TEXT NOT NULL, "zoneName" TEXT NOT NULL, "recordName" TEXT NOT NULL,
                    "recordType" TEXT NOT NULL, "changeCounter" INTEGER NOT NULL,
                    "deletedAt" REAL NOT NULL, "deletedByID" TEXT NOT NULL, "deletedByName" TEXT NOT NULL,
                    "replacedTag" TEXT, "replacedByID" TEXT, "replacedByName" TEXT, "removedUnseenVersion" INTEGER NOT NULL,
                    PRIMARY KEY ("container", "zoneName", "recordName")
                );
                CREATE INDEX IF NOT EXISTS "tombstone_changes" ON "tombstone"("container", "zoneName", "changeCounter");
                CREATE TABLE IF NOT EXISTS "schemaField" (
                    "container" TEXT NOT NULL, "recordType" TEXT NOT NULL, "field" TEXT NOT NULL, "type" TEXT NOT NULL,
                    "firstSavedBySchema" TEXT NOT NULL, "firstSavedAt" REAL NOT NULL,
                    PRIMARY KEY ("container", "recordType", "field")
                );
                CREATE TABLE IF NOT EXISTS "device" (
                    "container" TEXT NOT NULL, "deviceID" TEXT NOT NULL, "name" TEXT NOT NULL,
                    "lastSyncAt" REAL NOT NULL, "pendingChanges" INTEGER NOT NULL, "storePath" TEXT NOT NULL,
                    "unappliedRecords" INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY ("container", "deviceID")
                );
                """)
        // An account made before devices reported the records they keep unapplied.
        if try !db.columns(in: "device").contains(where: { $0.name == "unappliedRecords" }) {
            try db.execute(sql: #"ALTER TABLE "device" ADD COLUMN "unappliedRecords" INTEGER NOT NULL DEFAULT 0"#)
        }
    }
}
