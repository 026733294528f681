import Foundation
import PersistenceCore
import PersistenceWorkbench

/// Records shaped as Core Data mirrors the sync tests' models, for a device that sends them itself in
/// an order an app's export does not choose on its own, such as a note before the folder it names
/// (as an export split over several requests, or a device killed between them, leaves the server).
public enum CoreDataRecords {
    /// A new record name, as Core Data names records: a UUID.
    public static func newName() -> String {
        UUID().uuidString
    }

    /// A `CD_Note` record, its folder named by record name.
    public static func note(_ recordName: String, title: String, folder: String? = nil) -> CloudRecord {
        var fields: [String: CloudValue] = ["CD_entityName": .string("Note"), "CD_title": .string(title)]
        if let folder { fields["CD_folder"] = .string(folder) }
        return CloudRecord(recordName: recordName, recordType: "CD_Note", fields: fields)
    }

    /// A `CD_Folder` record.
    public static func folder(_ recordName: String, name: String) -> CloudRecord {
        CloudRecord(
            recordName: recordName, recordType: "CD_Folder",
            fields: ["CD_entityName": .string("Folder"), "CD_name": .string(name)])
    }

    /// A `CD_Tag` record.
    public static func tag(_ recordName: String, name: String) -> CloudRecord {
        CloudRecord(
            recordName: recordName, recordType: "CD_Tag",
            fields: ["CD_entityName": .string("Tag"), "CD_name": .string(name)])
    }

    /// A `CDMR` record linking a note to a tag.
    public static func tagLink(note: String, tag: String) -> CloudRecord {
        CloudRecord(
            recordName: newName(), recordType: "CDMR",
            fields: [
                "CD_entityNames": .string("Note:Tag"), "CD_relationships": .string("tags:notes"),
                "CD_recordNames": .string("\(note):\(tag)"),
            ])
    }
}

/// A device that sends records to its account itself, not through a container's export.
public struct RecordSendingFailed: Error, CustomStringConvertible {
    public let description: String
}

extension SimulatedDevice {
    /// Saves records to the account as this device, in one request: new records, or new versions of
    /// records the account holds (this device has seen their latest version). `schemaVersion` is the
    /// version of the app's schema the device runs, recorded with fields it is the first to save.
    ///
    /// - Throws: `RecordSendingFailed` when the device is not signed in or the server refuses a save.
    public func send(_ records: [CloudRecord], schemaVersion: String = "1.0.0") throws {
        let cloud = self.cloud
        guard let account = cloud.account else {
            throw RecordSendingFailed(description: "\(name) is not signed in to iCloud")
        }
        let held = (try? account.records(containerIdentifier: SyncSchema.containerIdentifier).records) ?? []
        let tags = Dictionary(held.map { ($0.recordName, $0.changeTag) }) { first, _ in first }
        let saves = records.map { record in
            var record = record
            record.changeTag = tags[record.recordName] ?? nil
            return CloudRecordSave(record: record, knownFields: Set(record.fields.keys))
        }
        let result = try account.modifyRecords(
            CloudModifyRecordsRequest(
                containerIdentifier: SyncSchema.containerIdentifier, zoneEpoch: nil, device: cloud.identity,
                schemaVersion: schemaVersion,
                saves: saves, deletions: []
            ))
        for outcome in result.saves {
            guard case .saved = outcome else {
                throw RecordSendingFailed(description: "the server refused a save of \(name): \(outcome)")
            }
        }
    }

    /// Deletes records of the account as this device.
    ///
    /// - Throws: `RecordSendingFailed` when the device is not signed in.
    public func delete(_ records: [CloudRecord]) throws {
        let cloud = self.cloud
        guard let account = cloud.account else {
            throw RecordSendingFailed(description: "\(name) is not signed in to iCloud")
        }
        _ = try account.modifyRecords(
            CloudModifyRecordsRequest(
                containerIdentifier: SyncSchema.containerIdentifier, zoneEpoch: nil, device: cloud.identity,
                schemaVersion: "1.0.0",
                saves: [],
                deletions: records.map {
                    CloudRecordDeletion(recordName: $0.recordName, recordType: $0.recordType, changeTag: nil)
                }
            ))
    }
}
