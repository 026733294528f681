import Foundation

/// A value of a record's field, in the types CloudKit's console shows.
///
/// Core Data mirrors a Boolean as `INT64`, a UUID or a URL as `STRING`, and any `Codable` value, or
/// the data of a transformable attribute, as `BYTES`.
public enum CloudValue: Hashable, Sendable, CustomStringConvertible {
    /// Text: a `String`, a UUID's or a URL's text, or the record name a to-one relationship links to.
    case string(String)
    /// A whole number, or a Boolean as 0 or 1.
    case int64(Int64)
    /// A floating-point number.
    case double(Double)
    /// A moment.
    case timestamp(Date)
    /// Data: `Data`, any other `Codable` value as JSON, or a transformable attribute's data.
    case bytes(Data)
    /// A value of the plain type `type` (`STRING`, `INT64` …) that the device encrypted with a key of
    /// the account's iCloud Keychain before sending it: an attribute marked `.allowsCloudEncryption`.
    /// The server and its console see only the sealed bytes.
    case encrypted(CloudFieldType, Data)

    /// The field type's name as CloudKit's console writes it: `STRING`, `INT64`, `DOUBLE`, `TIMESTAMP`,
    /// `BYTES`, or one of them after `ENCRYPTED_`.
    public var typeName: String { kind.rawValue }

    /// The value's field type.
    public var kind: CloudFieldType {
        switch self {
        case .string: .string
        case .int64: .int64
        case .double: .double
        case .timestamp: .timestamp
        case .bytes: .bytes
        case .encrypted(let type, _): type.encrypted
        }
    }

    /// The value as the console shows it: text quoted, bytes counted, an encrypted value only counted.
    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .int64(let number): "\(number)"
        case .double(let number): "\(number)"
        case .timestamp(let date): date.formatted(.iso8601)
        case .bytes(let data): "\(data.count) bytes"
        case .encrypted(_, let sealed): "encrypted, \(sealed.count) bytes"
        }
    }
}

/// The type of a record's field, as a record type's schema lists it.
public enum CloudFieldType: String, Codable, Hashable, Sendable, CaseIterable {
    /// `STRING`.
    case string = "STRING"
    /// `INT64`.
    case int64 = "INT64"
    /// `DOUBLE`.
    case double = "DOUBLE"
    /// `TIMESTAMP`.
    case timestamp = "TIMESTAMP"
    /// `BYTES`.
    case bytes = "BYTES"
    /// `ENCRYPTED_STRING`: a `STRING` the device encrypted.
    case encryptedString = "ENCRYPTED_STRING"
    /// `ENCRYPTED_INT64`.
    case encryptedInt64 = "ENCRYPTED_INT64"
    /// `ENCRYPTED_DOUBLE`.
    case encryptedDouble = "ENCRYPTED_DOUBLE"
    /// `ENCRYPTED_TIMESTAMP`.
    case encryptedTimestamp = "ENCRYPTED_TIMESTAMP"
    /// `ENCRYPTED_BYTES`.
    case encryptedBytes = "ENCRYPTED_BYTES"

    /// Whether values of this type reach the server encrypted.
    public var isEncrypted: Bool { self != plain }

    /// The type of the values before encryption: `STRING` for `ENCRYPTED_STRING`, the type itself otherwise.
    public var plain: CloudFieldType {
        switch self {
        case .encryptedString: .string
        case .encryptedInt64: .int64
        case .encryptedDouble: .double
        case .encryptedTimestamp: .timestamp
        case .encryptedBytes: .bytes
        default: self
        }
    }

    /// The encrypted type of this type's values: `ENCRYPTED_STRING` for `STRING`.
    public var encrypted: CloudFieldType {
        switch self {
        case .string: .encryptedString
        case .int64: .encryptedInt64
        case .double: .encryptedDouble
        case .timestamp: .encryptedTimestamp
        case .bytes: .encryptedBytes
        default: self
        }
    }
}

extension CloudValue: Codable {
    private struct TypeKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads a value written by ``encode(to:)``: one key naming the type, such as `{"STRING": "Milk"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TypeKey.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first,
            let type = CloudFieldType(rawValue: key.stringValue)
        else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "a field value names one of STRING, INT64, DOUBLE, TIMESTAMP, BYTES, or one of them after ENCRYPTED_"
                )
            )
        }
        switch type {
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .int64: self = .int64(try container.decode(Int64.self, forKey: key))
        case .double: self = .double(try container.decode(Double.self, forKey: key))
        case .timestamp: self = .timestamp(Date(timeIntervalSince1970: try container.decode(Double.self, forKey: key)))
        case .bytes, .encryptedString, .encryptedInt64, .encryptedDouble, .encryptedTimestamp, .encryptedBytes:
            guard let data = Data(base64Encoded: try container.decode(String.self, forKey: key)) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\(type.rawValue) are not base64")
            }
            self = type.isEncrypted ? .encrypted(type.plain, data) : .bytes(data)
        }
    }

    /// Writes the value under its type's name; a timestamp as seconds since 1970, bytes and encrypted
    /// values as base64.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        let key = TypeKey(stringValue: typeName)
        switch self {
        case .string(let text): try container.encode(text, forKey: key)
        case .int64(let number): try container.encode(number, forKey: key)
        case .double(let number): try container.encode(number, forKey: key)
        case .timestamp(let date): try container.encode(date.timeIntervalSince1970, forKey: key)
        case .bytes(let data), .encrypted(_, let data): try container.encode(data.base64EncodedString(), forKey: key)
        }
    }
}

/// A record of a CloudKit database: its name, type and fields, and what the server says of its version.
///
/// Core Data mirrors a model as a record of type `CD_<root entity>` named with a UUID, its attributes as
/// fields `CD_<attribute>` and its entity as `CD_entityName`; a many-to-many link is a `CDMR` record.
public struct CloudRecord: Hashable, Sendable {
    /// The record's name, unique in its zone.
    public var recordName: String
    /// The record type, such as `CD_Note` or `CDMR`.
    public var recordType: String
    /// The fields that have a value.
    public var fields: [String: CloudValue]
    /// The server's change tag of this version; `nil` for a record the server has not saved yet.
    public var changeTag: String?
    /// Who saved this version, and what it replaced; `nil` until the server saved it.
    public var version: CloudRecordVersion?

    /// A record to save: `changeTag` is the tag of the version the saver last saw, `nil` for a new record.
    public init(recordName: String, recordType: String, fields: [String: CloudValue], changeTag: String? = nil) {
        self.recordName = recordName
        self.recordType = recordType
        self.fields = fields
        self.changeTag = changeTag
        self.version = nil
    }
}

/// What the server knows of the version of a record it saved.
public struct CloudRecordVersion: Hashable, Sendable {
    /// The device that saved the version.
    public var savedBy: CloudDeviceIdentity
    /// When it was saved, by the server's clock.
    public var savedAt: Date
    /// The zone's change counter when it was saved: the order of saves.
    public var changeCounter: Int64
    /// How many times the record was saved.
    public var saveCount: Int64
    /// The version this one replaced without its saver having seen it (a conflict the later upload won).
    public var overwrote: CloudReplacedVersion?
    /// The deletion this version undid: a device saved the record after another had deleted it.
    public var undidDeletionBy: CloudDeviceIdentity?

    /// A version saved by `savedBy` at `savedAt`, the zone's `changeCounter`-th change.
    public init(
        savedBy: CloudDeviceIdentity, savedAt: Date, changeCounter: Int64, saveCount: Int64,
        overwrote: CloudReplacedVersion? = nil, undidDeletionBy: CloudDeviceIdentity? = nil
    ) {
        self.savedBy = savedBy
        self.savedAt = savedAt
        self.changeCounter = changeCounter
        self.saveCount = saveCount
        self.overwrote = overwrote
        self.undidDeletionBy = undidDeletionBy
    }
}

/// A version of a record that a later save or deletion replaced.
public struct CloudReplacedVersion: Hashable, Sendable {
    /// The replaced version's change tag.
    public var changeTag: String
    /// The device that had saved it.
    public var savedBy: CloudDeviceIdentity

    /// The version with `changeTag`, saved by `savedBy`.
    public init(changeTag: String, savedBy: CloudDeviceIdentity) {
        self.changeTag = changeTag
        self.savedBy = savedBy
    }
}

/// A device as the server knows it: a stable identifier and the name its owner gave it.
public struct CloudDeviceIdentity: Hashable, Sendable, Codable {
    /// A stable identifier, made when the device first used iCloud.
    public var identifier: String
    /// The device's name, such as `phone`.
    public var name: String

    /// A device with a stable identifier and a name.
    public init(identifier: String, name: String) {
        self.identifier = identifier
        self.name = name
    }
}

/// A deleted record, as the zone's tombstone log keeps it.
public struct CloudTombstone: Hashable, Sendable {
    /// The deleted record's name.
    public var recordName: String
    /// The deleted record's type.
    public var recordType: String
    /// The device that deleted it.
    public var deletedBy: CloudDeviceIdentity
    /// When, by the server's clock.
    public var deletedAt: Date
    /// The zone's change counter when it was deleted.
    public var changeCounter: Int64
    /// The version the deletion removed.
    public var replaced: CloudReplacedVersion?
    /// Whether the deleting device had not seen that version: an edit the deletion won over.
    public var removedUnseenVersion: Bool

    /// A tombstone of the record `recordName`.
    public init(
        recordName: String, recordType: String, deletedBy: CloudDeviceIdentity, deletedAt: Date, changeCounter: Int64,
        replaced: CloudReplacedVersion?, removedUnseenVersion: Bool
    ) {
        self.recordName = recordName
        self.recordType = recordType
        self.deletedBy = deletedBy
        self.deletedAt = deletedAt
        self.changeCounter = changeCounter
        self.replaced = replaced
        self.removedUnseenVersion = removedUnseenVersion
    }
}

/// The zone Core Data mirrors into, in an account's private database.
public enum CloudZone {
    /// `com.apple.coredata.cloudkit.zone`.
    public static let coreDataZoneName = "com.apple.coredata.cloudkit.zone"
    /// The record type of a many-to-many link.
    public static let linkRecordType = "CDMR"
}
