import Foundation
import GRDB

/// A zone as the account's console lists it.
public struct CloudZoneSummary: Hashable, Sendable {
    /// The zone's iCloud container.
    public var containerIdentifier: String
    /// The zone's name.
    public var zoneName: String
    /// Which incarnation of the zone this is: deleting the zone and making it again moves it on.
    public var epoch: Int64
    /// The zone's change counter: how many saves and deletions it has served.
    public var changeCounter: Int64
    /// How many records it holds.
    public var recordCount: Int
    /// How many tombstones its log holds.
    public var tombstoneCount: Int
    /// When this incarnation of the zone was made.
    public var createdAt: Date
}

/// A device as the account's console lists it.
public struct CloudDeviceSummary: Hashable, Sendable {
    /// The iCloud container the device synced with.
    public var containerIdentifier: String
    /// The device.
    public var device: CloudDeviceIdentity
    /// When it last synced.
    public var lastSyncAt: Date
    /// How many changes the device still had waiting after its last sync.
    public var pendingChanges: Int
    /// The store the device mirrors.
    public var storePath: String
    /// How many records the device kept unapplied after its last sync.
    public var unappliedRecords: Int = 0
}

/// What the account's console shows and does: the zones, records, tombstones and devices of the
/// account, and deleting a zone as a user deleting the app's iCloud data does.
extension SQLiteAccountServer {
    /// Every zone of every container, sorted.
    ///
    /// - Throws: ``CloudServerError`` when the account cannot be read.
    public func zones() throws(CloudServerError) -> [CloudZoneSummary] {
        try read(while: "listing the zones of \(appleID)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT "zone".*,
                        (SELECT COUNT(*) FROM "record" r WHERE r."container" = "zone"."container" AND r."zoneName" = "zone"."zoneName") AS "records",
                        (SELECT COUNT(*) FROM "tombstone" t WHERE t."container" = "zone"."container" AND t."zoneName" = "zone"."zoneName") AS "tombstones"
                    FROM "zone" ORDER BY "container", "zoneName"
                    """
            ).map { row in
                CloudZoneSummary(
                    containerIdentifier: row["container"], zoneName: row["zoneName"], epoch: row["epoch"],
                    changeCounter: row["changeCounter"], recordCount: row["records"], tombstoneCount: row["tombstones"],
                    createdAt: Date(timeIntervalSince1970: row["createdAt"])
                )
            }
        }
    }

    /// The records of a zone, of one record type or all, in the order they last changed.
    ///
    /// - Throws: ``CloudServerError`` when the account cannot be read.
    public func records(
        containerIdentifier: String, zoneName: String = CloudZone.coreDataZoneName, recordType: String? = nil
    )
        throws(CloudServerError) -> (records: [CloudRecord], damaged: [CloudDamagedRecord])
    {
        try read(while: "listing the records of \(containerIdentifier) for \(appleID)") { db in
            var sql = #"SELECT * FROM "record" WHERE "container" = ? AND "zoneName" = ?"#
            var arguments: StatementArguments = [containerIdentifier, zoneName]
            if let recordType {
                sql += #" AND "recordType" = ?"#
                arguments += [recordType]
            }
            var records: [CloudRecord] = []
            var damaged: [CloudDamagedRecord] = []
            for row in try Row.fetchAll(db, sql: sql + #" ORDER BY "changeCounter""#, arguments: arguments) {
                switch RecordRow.record(from: row) {
                case .success(let record): records.append(record)
                case .failure(let damage): damaged.append(damage)
                }
            }
            return (records, damaged)
        }
    }

    /// The tombstones of a zone, oldest first.
    ///
    /// - Throws: ``CloudServerError`` when the account cannot be read.
    public func tombstones(containerIdentifier: String, zoneName: String = CloudZone.coreDataZoneName)
        throws(CloudServerError) -> [CloudTombstone]
    {
        try read(while: "listing the tombstones of \(containerIdentifier) for \(appleID)") { db in
            try TombstoneRow.fetchAll(container: containerIdentifier, zoneName: zoneName, after: 0, in: db)
        }
    }

    /// The devices that synced with the account, most recent first.
    ///
    /// - Throws: ``CloudServerError`` when the account cannot be read.
    public func devices() throws(CloudServerError) -> [CloudDeviceSummary] {
        try read(while: "listing the devices of \(appleID)") { db in
            try Row.fetchAll(db, sql: #"SELECT * FROM "device" ORDER BY "lastSyncAt" DESC"#).map { row in
                CloudDeviceSummary(
                    containerIdentifier: row["container"],
                    device: CloudDeviceIdentity(identifier: row["deviceID"], name: row["name"]),
                    lastSyncAt: Date(timeIntervalSince1970: row["lastSyncAt"]), pendingChanges: row["pendingChanges"],
                    storePath: row["storePath"], unappliedRecords: row["unappliedRecords"]
                )
            }
        }
    }

    /// Deletes a zone with every record and tombstone in it, as a user deleting the app's data from
    /// iCloud's settings does. The record types stay deployed. A device that synced with the zone is
    /// told at its next sync (`zoneReset`) and purges what it mirrored; the next save makes the zone again.
    ///
    /// - Returns: Whether there was such a zone.
    /// - Throws: ``CloudServerError`` when the account cannot be written.
    @discardableResult
    public func deleteZone(containerIdentifier: String, zoneName: String = CloudZone.coreDataZoneName)
        throws(CloudServerError) -> Bool
    {
        try write(while: "deleting the zone \(zoneName) of \(containerIdentifier) for \(appleID)") { db in
            guard let zone = try ZoneRow.fetch(container: containerIdentifier, zoneName: zoneName, in: db) else {
                return false
            }
            let arguments: StatementArguments = [containerIdentifier, zoneName]
            try db.execute(sql: #"DELETE FROM "record" WHERE "container" = ? AND "zoneName" = ?"#, arguments: arguments)
            try db.execute(
                sql: #"DELETE FROM "tombstone" WHERE "container" = ? AND "zoneName" = ?"#, arguments: arguments)
            try db.execute(sql: #"DELETE FROM "zone" WHERE "container" = ? AND "zoneName" = ?"#, arguments: arguments)
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO "zoneDeletion" ("container", "zoneName", "epoch", "deletedAt") VALUES (?, ?, ?, ?)
                    """, arguments: [containerIdentifier, zoneName, zone.epoch, Date().timeIntervalSince1970])
            return true
        }
    }

    /// Replaces the stored fields of a record with `text` as it is, for tests and demonstrations of a
    /// damaged record.
    ///
    /// - Throws: ``CloudServerError`` when the account cannot be written.
    package func overwriteStoredFields(ofRecord recordName: String, containerIdentifier: String, with text: String)
        throws(CloudServerError)
    {
        try write(while: "damaging a record of \(appleID)") { db in
            try db.execute(
                sql: """
                    UPDATE "record" SET "fields" = ?, "fieldNames" = '?' WHERE "container" = ? AND "recordName" = ?
                    """, arguments: [text, containerIdentifier, recordName])
        }
    }
}
