import Foundation
import PersistenceCloudServer

/// A received record as the mirror keeps it while the store cannot apply it: its type, fields and
/// change tag, and who saved the version, so that applying it later reports it as that device's change.
struct UnappliedRecordPayload: Codable {
    var recordType: String
    var fields: [String: CloudValue]
    var changeTag: String?
    var savedBy: CloudDeviceIdentity?
    var savedAt: Double?
    var changeCounter: Int64?
    var saveCount: Int64?

    init(_ record: CloudRecord) {
        recordType = record.recordType
        fields = record.fields
        changeTag = record.changeTag
        savedBy = record.version?.savedBy
        savedAt = record.version?.savedAt.timeIntervalSince1970
        changeCounter = record.version?.changeCounter
        saveCount = record.version?.saveCount
    }

    /// The payload's bytes.
    ///
    /// - Throws: `EncodingError` for a value JSON cannot hold (a non-finite `DOUBLE`).
    static func encode(_ record: CloudRecord) throws -> Data {
        try JSONEncoder().encode(UnappliedRecordPayload(record))
    }

    /// The record `recordName` a payload keeps; `nil` for a record kept without one (the server could not
    /// read it) or bytes this version of the mirror cannot read.
    static func record(named recordName: String, from data: Data?) -> CloudRecord? {
        guard let data, let payload = try? JSONDecoder().decode(UnappliedRecordPayload.self, from: data) else {
            return nil
        }
        var record = CloudRecord(
            recordName: recordName, recordType: payload.recordType, fields: payload.fields, changeTag: payload.changeTag
        )
        if let savedBy = payload.savedBy {
            record.version = CloudRecordVersion(
                savedBy: savedBy, savedAt: Date(timeIntervalSince1970: payload.savedAt ?? 0),
                changeCounter: payload.changeCounter ?? 0, saveCount: payload.saveCount ?? 1
            )
        }
        return record
    }
}
