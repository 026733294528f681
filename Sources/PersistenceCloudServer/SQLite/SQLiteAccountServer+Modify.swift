import Foundation
import GRDB

/// Saving and deleting records: one immediate transaction per request, so the server orders the
/// requests of every device.
extension SQLiteAccountServer {
    public func modifyRecords(_ request: CloudModifyRecordsRequest) throws(CloudServerError) -> CloudModifyRecordsResult
    {
        let activity =
            "saving \(request.saves.count) and deleting \(request.deletions.count) records in \(request.containerIdentifier) for \(appleID)"
        return try write(while: activity) { db in
            var zone = try Self.zoneForWriting(request, activity: activity, in: db)
            let counterBefore = zone.changeCounter
            let now = Date()
            var saves: [CloudSaveOutcome] = []
            var registered = Set<String>()
            for save in request.saves {
                let outcome = try Self.apply(save, of: request, zone: &zone, now: now, in: db)
                if case .saved = outcome {
                    try Self.registerFields(of: save.record, request: request, now: now, skipping: &registered, in: db)
                }
                saves.append(outcome)
            }
            var deletions: [CloudDeletionOutcome] = []
            for deletion in request.deletions {
                deletions.append(try Self.apply(deletion, of: request, zone: &zone, now: now, in: db))
            }
            try db.execute(
                sql: """
                    UPDATE "zone" SET "changeCounter" = ? WHERE "container" = ? AND "zoneName" = ?
                    """, arguments: [zone.changeCounter, request.containerIdentifier, request.zoneName])
            return CloudModifyRecordsResult(
                saves: saves, deletions: deletions, zoneEpoch: zone.epoch,
                changeCounterBefore: counterBefore, changeCounterAfter: zone.changeCounter
            )
        }
    }

    /// The zone the request writes, made when a device that never synced writes first.
    ///
    /// - Throws: `.zoneReset` when the device synced with a zone that was deleted since.
    private static func zoneForWriting(_ request: CloudModifyRecordsRequest, activity: String, in db: Database) throws
        -> ZoneRow
    {
        if let zone = try ZoneRow.fetch(container: request.containerIdentifier, zoneName: request.zoneName, in: db) {
            if let epoch = request.zoneEpoch, epoch != zone.epoch {
                throw zoneReset(request.containerIdentifier, activity: activity)
            }
            return zone
        }
        if request.zoneEpoch != nil { throw zoneReset(request.containerIdentifier, activity: activity) }
        let lastEpoch =
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT MAX("epoch") FROM "zoneDeletion" WHERE "container" = ? AND "zoneName" = ?
                    """, arguments: [request.containerIdentifier, request.zoneName]) ?? 0
        try db.execute(
            sql: """
                INSERT INTO "zone" ("container", "zoneName", "epoch", "changeCounter", "createdAt") VALUES (?, ?, ?, 0, ?)
                """,
            arguments: [request.containerIdentifier, request.zoneName, lastEpoch + 1, Date().timeIntervalSince1970])
        return ZoneRow(epoch: lastEpoch + 1, changeCounter: 0)
    }

    /// Saves one record when its change tag is the current one.
    private static func apply(
        _ save: CloudRecordSave, of request: CloudModifyRecordsRequest, zone: inout ZoneRow, now: Date, in db: Database
    ) throws -> CloudSaveOutcome {
        let record = save.record
        let existing = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT * FROM "record" WHERE "container" = ? AND "zoneName" = ? AND "recordName" = ?
                    """), arguments: [request.containerIdentifier, request.zoneName, record.recordName])
        var overwrote: CloudReplacedVersion?
        var undidDeletionBy: CloudDeviceIdentity?
        var keptFields: [String: CloudValue] = [:]
        var saveCount: Int64 = 1
        if let existing {
            let current: String = existing["changeTag"]
            // A damaged record cannot be shown to the device: a save replaces it.
            if record.changeTag != current, case .success(let serverRecord) = RecordRow.record(from: existing) {
                return .serverRecordChanged(serverRecord)
            }
            if save.resolution == .replacesServerRecord {
                overwrote = CloudReplacedVersion(
                    changeTag: current,
                    savedBy: CloudDeviceIdentity(identifier: existing["modifiedByID"], name: existing["modifiedByName"])
                )
            }
            // The stored fields are read only when the record holds some this device does not know.
            let names: String = existing["fieldNames"]
            if !names.split(separator: ",").allSatisfy({ save.knownFields.contains(String($0)) }),
                case .success(let fields) = StoredFields.decode(existing["fields"])
            {
                keptFields = fields.filter { !save.knownFields.contains($0.key) }
            }
            saveCount = existing["saveCount"] + 1
        } else {
            let tombstone = try TombstoneRow.fetchOne(
                container: request.containerIdentifier, zoneName: request.zoneName, recordName: record.recordName,
                in: db)
            if record.changeTag != nil {
                return .unknownItem(tombstone)
            }
            if let tombstone, save.resolution == .undoesDeletion { undidDeletionBy = tombstone.deletedBy }
            if tombstone != nil {
                try db.cachedStatement(
                    sql: """
                        DELETE FROM "tombstone" WHERE "container" = ? AND "zoneName" = ? AND "recordName" = ?
                        """
                ).execute(arguments: [request.containerIdentifier, request.zoneName, record.recordName])
            }
        }
        zone.changeCounter += 1
        let tag = "\(zone.epoch)-\(zone.changeCounter)"
        let fields = keptFields.merging(record.fields) { _, new in new }
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO "record" (
                    "container", "zoneName", "recordName", "recordType", "fields", "fieldNames", "changeTag", "changeCounter", "saveCount",
                    "modifiedAt", "modifiedByID", "modifiedByName", "overwroteTag", "overwroteByID", "overwroteByName",
                    "undidDeletionByID", "undidDeletionByName"
                ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            request.containerIdentifier, request.zoneName, record.recordName, record.recordType,
            StoredFields.encode(fields),
            fields.keys.sorted().joined(separator: ","),
            tag, zone.changeCounter, saveCount, now.timeIntervalSince1970, request.device.identifier,
            request.device.name,
            overwrote?.changeTag, overwrote?.savedBy.identifier, overwrote?.savedBy.name,
            undidDeletionBy?.identifier, undidDeletionBy?.name,
        ])
        var saved = CloudRecord(
            recordName: record.recordName, recordType: record.recordType, fields: fields, changeTag: tag)
        saved.version = CloudRecordVersion(
            savedBy: request.device, savedAt: now, changeCounter: zone.changeCounter, saveCount: saveCount,
            overwrote: overwrote, undidDeletionBy: undidDeletionBy
        )
        return .saved(saved)
    }

    /// Deletes one record, whatever its change tag, and writes its tombstone.
    private static func apply(
        _ deletion: CloudRecordDeletion, of request: CloudModifyRecordsRequest, zone: inout ZoneRow, now: Date,
        in db: Database
    ) throws -> CloudDeletionOutcome {
        let arguments: StatementArguments = [request.containerIdentifier, request.zoneName, deletion.recordName]
        guard
            let existing = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT "recordType", "changeTag", "modifiedByID", "modifiedByName" FROM "record"
                        WHERE "container" = ? AND "zoneName" = ? AND "recordName" = ?
                        """), arguments: arguments)
        else {
            return .deleted(
                try TombstoneRow.fetchOne(
                    container: request.containerIdentifier, zoneName: request.zoneName, recordName: deletion.recordName,
                    in: db))
        }
        zone.changeCounter += 1
        let currentTag: String = existing["changeTag"]
        let replaced = CloudReplacedVersion(
            changeTag: currentTag,
            savedBy: CloudDeviceIdentity(identifier: existing["modifiedByID"], name: existing["modifiedByName"])
        )
        let tombstone = CloudTombstone(
            recordName: deletion.recordName, recordType: existing["recordType"], deletedBy: request.device,
            deletedAt: now,
            changeCounter: zone.changeCounter, replaced: replaced,
            removedUnseenVersion: deletion.changeTag != currentTag
        )
        try db.cachedStatement(
            sql: """
                DELETE FROM "record" WHERE "container" = ? AND "zoneName" = ? AND "recordName" = ?
                """
        ).execute(arguments: arguments)
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO "tombstone" (
                    "container", "zoneName", "recordName", "recordType", "changeCounter", "deletedAt", "deletedByID", "deletedByName",
                    "replacedTag", "replacedByID", "replacedByName", "removedUnseenVersion"
                ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            request.containerIdentifier, request.zoneName, tombstone.recordName, tombstone.recordType,
            tombstone.changeCounter,
            now.timeIntervalSince1970, request.device.identifier, request.device.name,
            replaced.changeTag, replaced.savedBy.identifier, replaced.savedBy.name, tombstone.removedUnseenVersion,
        ])
        return .deleted(tombstone)
    }

    /// Remembers each field of the record's type the first time a device saves a value in it; `registered`
    /// holds the fields this request already recorded.
    private static func registerFields(
        of record: CloudRecord, request: CloudModifyRecordsRequest, now: Date, skipping registered: inout Set<String>,
        in db: Database
    ) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO "schemaField" ("container", "recordType", "field", "type", "firstSavedBySchema", "firstSavedAt")
                VALUES (?, ?, ?, ?, ?, ?)
                """)
        for (name, value) in record.fields where registered.insert("\(record.recordType).\(name)").inserted {
            try statement.execute(arguments: [
                request.containerIdentifier, record.recordType, name, value.typeName, request.schemaVersion,
                now.timeIntervalSince1970,
            ])
        }
    }
}
