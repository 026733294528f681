import Foundation

/// The iCloud servers of one account, as a device reaches them: one private database per iCloud
/// container, each with its record zones.
///
/// Every call is one transaction on the server, and the server orders them: two devices calling at the
/// same moment are served one after the other, whatever their clocks say. ``SQLiteAccountServer`` keeps
/// an account in an SQLite file; any other server that keeps these promises can stand in for it.
///
/// ## Topics
/// - ``fetchChanges(_:)``
/// - ``modifyRecords(_:)``
/// - ``deployedSchema(containerIdentifier:)``
/// - ``recordSync(_:)``
public protocol CloudKitAccountServer: Sendable {
    /// The account's Apple ID, such as `you@example.com`.
    var appleID: String { get }

    /// The changes of a zone since a token: every record saved and every record deleted since then, in
    /// the order the server made them, and the token to ask from next time.
    ///
    /// - Throws: ``CloudServerError``; `.zoneReset` when the token belongs to a zone deleted since.
    func fetchChanges(_ request: CloudFetchChangesRequest) throws(CloudServerError) -> CloudZoneChanges

    /// Saves and deletes records of a zone in one transaction, creating the zone when it is new.
    ///
    /// A save is accepted only when its change tag is the record's current one (or the record is new);
    /// otherwise its outcome is ``CloudSaveOutcome/serverRecordChanged(_:)`` with the server's record,
    /// or ``CloudSaveOutcome/unknownItem`` when the record was deleted since. A deletion always succeeds.
    ///
    /// - Throws: ``CloudServerError``; `.zoneReset` when the request's zone epoch is not the zone's.
    func modifyRecords(_ request: CloudModifyRecordsRequest) throws(CloudServerError) -> CloudModifyRecordsResult

    /// The record types and fields that devices have saved in a container, which can only grow.
    ///
    /// - Throws: ``CloudServerError`` when the account cannot be read.
    func deployedSchema(containerIdentifier: String) throws(CloudServerError) -> CloudDeployedSchema

    /// Records a device's sync, for the account's console.
    ///
    /// - Throws: ``CloudServerError`` when the account cannot be written.
    func recordSync(_ report: CloudDeviceSyncReport) throws(CloudServerError)
}

/// A request for a zone's changes since a token.
public struct CloudFetchChangesRequest: Sendable {
    /// The iCloud container, such as `iCloud.com.example.notes`.
    public var containerIdentifier: String
    /// The zone, Core Data's by default.
    public var zoneName: String
    /// The token of the last fetch; `nil` for everything.
    public var since: CloudServerChangeToken?

    /// A request for the changes of a zone since `since`.
    public init(
        containerIdentifier: String, zoneName: String = CloudZone.coreDataZoneName, since: CloudServerChangeToken?
    ) {
        self.containerIdentifier = containerIdentifier
        self.zoneName = zoneName
        self.since = since
    }
}

/// A zone's place in its history, which a device keeps to fetch only what changed since.
///
/// The epoch tells zones apart: deleting a zone and making it again starts a new epoch, so a token of
/// the deleted zone is recognised as such.
public struct CloudServerChangeToken: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Which incarnation of the zone the token belongs to.
    public var zoneEpoch: Int64
    /// The zone's change counter when the token was made.
    public var changeCounter: Int64

    /// The token of change `changeCounter` of the zone's incarnation `zoneEpoch`.
    public init(zoneEpoch: Int64, changeCounter: Int64) {
        self.zoneEpoch = zoneEpoch
        self.changeCounter = changeCounter
    }

    /// `<epoch>:<counter>`, the form a device keeps.
    public var description: String { "\(zoneEpoch):\(changeCounter)" }

    /// Reads the form ``description`` writes.
    public init?(_ text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let epoch = Int64(parts[0]), let counter = Int64(parts[1]) else { return nil }
        self.init(zoneEpoch: epoch, changeCounter: counter)
    }
}

/// What changed in a zone since a token.
public struct CloudZoneChanges: Sendable {
    /// The records saved since the token, each in its latest version, in the server's order.
    public var savedRecords: [CloudRecord]
    /// The records deleted since the token, in the server's order.
    public var deletions: [CloudTombstone]
    /// Records the server holds but cannot read; the others arrive without them.
    public var damagedRecords: [CloudDamagedRecord]
    /// The token to ask from next time; `nil` while the zone does not exist.
    public var token: CloudServerChangeToken?

    /// Changes as a server answers them.
    public init(
        savedRecords: [CloudRecord], deletions: [CloudTombstone], damagedRecords: [CloudDamagedRecord],
        token: CloudServerChangeToken?
    ) {
        self.savedRecords = savedRecords
        self.deletions = deletions
        self.damagedRecords = damagedRecords
        self.token = token
    }
}

/// A record the server cannot read, named so that someone can repair or delete it.
public struct CloudDamagedRecord: Error, Hashable, Sendable {
    /// The record's name.
    public var recordName: String
    /// The record's type.
    public var recordType: String
    /// Why it cannot be read.
    public var reason: String

    /// A damaged record, and why it cannot be read.
    public init(recordName: String, recordType: String, reason: String) {
        self.recordName = recordName
        self.recordType = recordType
        self.reason = reason
    }
}

/// Saves and deletions a device sends in one request.
public struct CloudModifyRecordsRequest: Sendable {
    /// The iCloud container.
    public var containerIdentifier: String
    /// The zone, Core Data's by default.
    public var zoneName: String
    /// The zone epoch the device synced with last; `nil` for a device that never has, which creates
    /// the zone if it does not exist.
    public var zoneEpoch: Int64?
    /// The device sending the request.
    public var device: CloudDeviceIdentity
    /// The version of the device's schema, recorded with the fields it is the first to save.
    public var schemaVersion: String
    /// The records to save, in order.
    public var saves: [CloudRecordSave]
    /// The records to delete, after the saves.
    public var deletions: [CloudRecordDeletion]

    /// A request of `device` to save and delete records.
    public init(
        containerIdentifier: String, zoneName: String = CloudZone.coreDataZoneName, zoneEpoch: Int64?,
        device: CloudDeviceIdentity, schemaVersion: String, saves: [CloudRecordSave], deletions: [CloudRecordDeletion]
    ) {
        self.containerIdentifier = containerIdentifier
        self.zoneName = zoneName
        self.zoneEpoch = zoneEpoch
        self.device = device
        self.schemaVersion = schemaVersion
        self.saves = saves
        self.deletions = deletions
    }
}

/// One record to save.
public struct CloudRecordSave: Sendable {
    /// The record, its change tag the version the device last saw (`nil` for a new record).
    public var record: CloudRecord
    /// Every field the device's schema has for the record's type: a field among them without a value
    /// is removed, and fields the device does not know keep their values.
    public var knownFields: Set<String>
    /// Why the save may replace a version the device has not seen: it lost the race for the change
    /// tag and resolves as the later upload.
    public var resolution: CloudSaveResolution

    /// A save of `record`, whose type has `knownFields` on the saving device.
    public init(record: CloudRecord, knownFields: Set<String>, resolution: CloudSaveResolution = .none) {
        self.record = record
        self.knownFields = knownFields
        self.resolution = resolution
    }
}

/// How a device resolves a save the server refused.
public enum CloudSaveResolution: Hashable, Sendable {
    /// An ordinary save.
    case none
    /// The device saw the server's record and replaces it as the later upload.
    case replacesServerRecord
    /// The record was deleted; the device saves it again, bringing it back.
    case undoesDeletion
}

/// One record to delete.
public struct CloudRecordDeletion: Sendable {
    /// The record's name.
    public var recordName: String
    /// The record's type.
    public var recordType: String
    /// The change tag of the version the device last saw, if any: a deletion of a newer version still
    /// succeeds, and the server notes that it removed an edit its device had not seen.
    public var changeTag: String?

    /// A deletion of the record `recordName`, whose version `changeTag` the device last saw.
    public init(recordName: String, recordType: String, changeTag: String?) {
        self.recordName = recordName
        self.recordType = recordType
        self.changeTag = changeTag
    }
}

/// What happened to each save and deletion of a request.
public struct CloudModifyRecordsResult: Sendable {
    /// The outcome of each save, in the request's order.
    public var saves: [CloudSaveOutcome]
    /// The outcome of each deletion, in the request's order.
    public var deletions: [CloudDeletionOutcome]
    /// The zone's epoch after the request.
    public var zoneEpoch: Int64
    /// The zone's change counter before the request, and after it: a device whose token was at the
    /// first knows that every change up to the second is its own.
    public var changeCounterBefore: Int64
    public var changeCounterAfter: Int64

    /// The outcomes of a request.
    public init(
        saves: [CloudSaveOutcome], deletions: [CloudDeletionOutcome], zoneEpoch: Int64, changeCounterBefore: Int64,
        changeCounterAfter: Int64
    ) {
        self.saves = saves
        self.deletions = deletions
        self.zoneEpoch = zoneEpoch
        self.changeCounterBefore = changeCounterBefore
        self.changeCounterAfter = changeCounterAfter
    }
}

/// The outcome of a save.
public enum CloudSaveOutcome: Sendable {
    /// Saved: the record as the server now holds it, with its new change tag.
    case saved(CloudRecord)
    /// Refused: the change tag was not the current one. The server's record comes back
    /// (`CKError.serverRecordChanged`).
    case serverRecordChanged(CloudRecord)
    /// Refused: the record was deleted since the device last saw it (`CKError.unknownItem`).
    case unknownItem(CloudTombstone?)
}

/// The outcome of a deletion.
public enum CloudDeletionOutcome: Sendable {
    /// Deleted, and the tombstone written; `nil` when the record did not exist.
    case deleted(CloudTombstone?)
}

/// The record types and fields saved in a container, each with the schema version that first saved it.
public struct CloudDeployedSchema: Hashable, Sendable {
    /// One field of a record type.
    public struct Field: Hashable, Sendable {
        /// The field's name, such as `CD_title`.
        public var name: String
        /// The type of its values.
        public var type: CloudFieldType
        /// The version of the schema of the device that first saved it.
        public var firstSavedBySchema: String

        /// A field first saved by a device on schema `firstSavedBySchema`.
        public init(name: String, type: CloudFieldType, firstSavedBySchema: String) {
            self.name = name
            self.type = type
            self.firstSavedBySchema = firstSavedBySchema
        }
    }

    /// The fields of each record type.
    public var recordTypes: [String: [Field]]

    /// A schema of these record types.
    public init(recordTypes: [String: [Field]]) {
        self.recordTypes = recordTypes
    }
}

/// A device's sync, as the account's console lists it.
public struct CloudDeviceSyncReport: Sendable {
    /// The device that synced.
    public var device: CloudDeviceIdentity
    /// The iCloud container it synced with.
    public var containerIdentifier: String
    /// When the device synced.
    public var date: Date
    /// How many changes the device still had waiting afterwards.
    public var pendingChanges: Int
    /// The store the device mirrors, for the console to show.
    public var storePath: String
    /// How many records the device received and keeps without having applied them (its schema cannot yet).
    public var unappliedRecords: Int

    /// A report of one sync of `device`.
    public init(
        device: CloudDeviceIdentity, containerIdentifier: String, date: Date, pendingChanges: Int, storePath: String,
        unappliedRecords: Int = 0
    ) {
        self.device = device
        self.containerIdentifier = containerIdentifier
        self.date = date
        self.pendingChanges = pendingChanges
        self.storePath = storePath
        self.unappliedRecords = unappliedRecords
    }
}
