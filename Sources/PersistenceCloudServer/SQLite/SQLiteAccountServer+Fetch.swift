import Foundation
import GRDB

/// Reading a zone's changes and the deployed schema.
extension SQLiteAccountServer {
    public func fetchChanges(_ request: CloudFetchChangesRequest) throws(CloudServerError) -> CloudZoneChanges {
        let activity = "fetching the changes of \(request.zoneName) in \(request.containerIdentifier) for \(appleID)"
        return try read(while: activity) { db in
            guard
                let zone = try ZoneRow.fetch(container: request.containerIdentifier, zoneName: request.zoneName, in: db)
            else {
                if request.since != nil { throw Self.zoneReset(request.containerIdentifier, activity: activity) }
                return CloudZoneChanges(savedRecords: [], deletions: [], damagedRecords: [], token: nil)
            }
            if let since = request.since, since.zoneEpoch != zone.epoch {
                throw Self.zoneReset(request.containerIdentifier, activity: activity)
            }
            let after = request.since?.changeCounter ?? 0
            var saved: [CloudRecord] = []
            var damaged: [CloudDamagedRecord] = []
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM "record" WHERE "container" = ? AND "zoneName" = ? AND "changeCounter" > ? ORDER BY "changeCounter"
                        """), arguments: [request.containerIdentifier, request.zoneName, after])
            while let row = try rows.next() {
                switch RecordRow.record(from: row) {
                case .success(let record): saved.append(record)
                case .failure(let damage): damaged.append(damage)
                }
            }
            // A device fetching everything has nothing to delete.
            let deletions =
                request.since == nil
                ? []
                : try TombstoneRow.fetchAll(
                    container: request.containerIdentifier, zoneName: request.zoneName, after: after, in: db
                )
            return CloudZoneChanges(
                savedRecords: saved, deletions: deletions, damagedRecords: damaged,
                token: CloudServerChangeToken(zoneEpoch: zone.epoch, changeCounter: zone.changeCounter)
            )
        }
    }

    public func deployedSchema(containerIdentifier: String) throws(CloudServerError) -> CloudDeployedSchema {
        try read(while: "reading the record types of \(containerIdentifier) for \(appleID)") { db in
            var types: [String: [CloudDeployedSchema.Field]] = [:]
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT "recordType", "field", "type", "firstSavedBySchema" FROM "schemaField" WHERE "container" = ? ORDER BY "recordType", "field"
                    """, arguments: [containerIdentifier])
            for row in rows {
                guard let type = CloudFieldType(rawValue: row["type"]) else { continue }
                types[row["recordType"], default: []].append(
                    .init(name: row["field"], type: type, firstSavedBySchema: row["firstSavedBySchema"]))
            }
            return CloudDeployedSchema(recordTypes: types)
        }
    }

    public func recordSync(_ report: CloudDeviceSyncReport) throws(CloudServerError) {
        try write(while: "recording the sync of \(report.device.name) for \(appleID)") { db in
            try db.execute(
                sql: """
                    INSERT INTO "device" (
                        "container", "deviceID", "name", "lastSyncAt", "pendingChanges", "storePath", "unappliedRecords"
                    ) VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT ("container", "deviceID") DO UPDATE SET
                        "name" = excluded."name", "lastSyncAt" = excluded."lastSyncAt",
                        "pendingChanges" = excluded."pendingChanges", "storePath" = excluded."storePath",
                        "unappliedRecords" = excluded."unappliedRecords"
                    """,
                arguments: [
                    report.containerIdentifier, report.device.identifier, report.device.name,
                    report.date.timeIntervalSince1970, report.pendingChanges, report.storePath, report.unappliedRecords,
                ])
        }
    }

    static func zoneReset(_ container: String, activity: String) -> CloudServerError {
        CloudServerError(
            .zoneReset,
            reason:
                "the zone \(CloudZone.coreDataZoneName) of \(container) was deleted since this device last synced (the user deleted the app's iCloud data)",
            context: activity
        )
    }
}

/// A zone's row.
struct ZoneRow {
    let epoch: Int64
    var changeCounter: Int64

    static func fetch(container: String, zoneName: String, in db: Database) throws -> ZoneRow? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT "epoch", "changeCounter" FROM "zone" WHERE "container" = ? AND "zoneName" = ?
                """, arguments: [container, zoneName]
        ).map { ZoneRow(epoch: $0["epoch"], changeCounter: $0["changeCounter"]) }
    }
}

/// A record's row, read into a record.
enum RecordRow {
    static func record(from row: Row) -> Result<CloudRecord, CloudDamagedRecord> {
        let name: String = row["recordName"]
        let type: String = row["recordType"]
        switch StoredFields.decode(row["fields"]) {
        case .failure(let damage):
            return .failure(CloudDamagedRecord(recordName: name, recordType: type, reason: damage.text))
        case .success(let fields):
            var record = CloudRecord(recordName: name, recordType: type, fields: fields, changeTag: row["changeTag"])
            let overwrote: CloudReplacedVersion? = (row["overwroteTag"] as String?).map { tag in
                CloudReplacedVersion(
                    changeTag: tag,
                    savedBy: CloudDeviceIdentity(
                        identifier: row["overwroteByID"] ?? "", name: row["overwroteByName"] ?? ""))
            }
            let undid: CloudDeviceIdentity? = (row["undidDeletionByID"] as String?).map { identifier in
                CloudDeviceIdentity(identifier: identifier, name: row["undidDeletionByName"] ?? "")
            }
            record.version = CloudRecordVersion(
                savedBy: CloudDeviceIdentity(identifier: row["modifiedByID"], name: row["modifiedByName"]),
                savedAt: Date(timeIntervalSince1970: row["modifiedAt"]),
                changeCounter: row["changeCounter"],
                saveCount: row["saveCount"],
                overwrote: overwrote,
                undidDeletionBy: undid
            )
            return .success(record)
        }
    }
}

/// A tombstone's row.
enum TombstoneRow {
    static func fetchAll(container: String, zoneName: String, after counter: Int64, in db: Database) throws
        -> [CloudTombstone]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT * FROM "tombstone" WHERE "container" = ? AND "zoneName" = ? AND "changeCounter" > ? ORDER BY "changeCounter"
                """, arguments: [container, zoneName, counter]
        ).map(tombstone(from:))
    }

    static func fetchOne(container: String, zoneName: String, recordName: String, in db: Database) throws
        -> CloudTombstone?
    {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT * FROM "tombstone" WHERE "container" = ? AND "zoneName" = ? AND "recordName" = ?
                    """), arguments: [container, zoneName, recordName]
        ).map(tombstone(from:))
    }

    static func tombstone(from row: Row) -> CloudTombstone {
        let replaced: CloudReplacedVersion? = (row["replacedTag"] as String?).map { tag in
            CloudReplacedVersion(
                changeTag: tag,
                savedBy: CloudDeviceIdentity(identifier: row["replacedByID"] ?? "", name: row["replacedByName"] ?? ""))
        }
        return CloudTombstone(
            recordName: row["recordName"],
            recordType: row["recordType"],
            deletedBy: CloudDeviceIdentity(identifier: row["deletedByID"], name: row["deletedByName"]),
            deletedAt: Date(timeIntervalSince1970: row["deletedAt"]),
            changeCounter: row["changeCounter"],
            replaced: replaced,
            removedUnseenVersion: row["removedUnseenVersion"]
        )
    }
}
