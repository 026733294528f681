import Foundation
import PersistenceCloudServer
import PersistenceCrypto
import PersistenceModels

/// How the models of a mirrored store become records, as Core Data mirrors them: a model of entity
/// `Photo` (a `MediaItem`) is a record of type `CD_MediaItem` with `CD_entityName = "Photo"`, each
/// attribute a field `CD_<attribute>`, each to-one relationship a field `CD_<relationship>` holding the
/// linked record's name, and each many-to-many link a `CDMR` record of its own.
struct MirroredSchema {
    /// One entity's record shape.
    struct EntityShape {
        let entity: Schema.Entity
        /// The root entity, whose table keeps the rows.
        let rootName: String
        /// `CD_<root entity>`.
        let recordType: String
        /// The stored attributes, each with its field.
        let attributes: [(property: Schema.PropertyMetadata, field: String)]
        /// The to-one relationships, each with its field and destination's root entity.
        let toOne: [(property: Schema.PropertyMetadata, field: String, destinationRoot: String)]
        /// Every field a device with this schema knows for the record type, `CD_entityName` included.
        let knownFields: Set<String>
        /// The field of each attribute and to-one relationship, by property name.
        let fieldOfProperty: [String: String]
    }

    /// One many-to-many relationship, named from its first side (of the two `Entity.property` names,
    /// the smaller): links are records between a row of the first side and a row of the second.
    struct LinkShape {
        let name: String
        let firstEntity: String
        let firstProperty: String
        let secondEntity: String
        let secondProperty: String?
        let firstRoot: String
        let secondRoot: String
    }

    static let entityNameField = "CD_entityName"
    static let linkEntitiesField = "CD_entityNames"
    static let linkRelationshipsField = "CD_relationships"
    static let linkRecordNamesField = "CD_recordNames"

    let entities: [String: EntityShape]
    let links: [String: LinkShape]
    /// The many-to-many relationships of each entity, by property name: the link's name and whether
    /// the entity is its first side.
    let linksOfEntity: [String: [String: (link: String, isFirst: Bool)]]
    /// The root entities, each once.
    let rootEntities: [Schema.Entity]
    /// A digest of the entities, record types, fields and links of the schema: a store opened with a
    /// schema of another fingerprint tries again the records an import could not apply.
    let fingerprint: String

    init(entities given: [Schema.Entity]) {
        var entities: [String: EntityShape] = [:]
        var links: [String: LinkShape] = [:]
        var linksOfEntity: [String: [String: (String, Bool)]] = [:]
        for entity in given {
            let root = entity.rootEntity.name
            var attributes: [(Schema.PropertyMetadata, String)] = []
            var toOne: [(Schema.PropertyMetadata, String, String)] = []
            for property in entity.properties {
                guard let shape = property.relationshipShape else {
                    if !property.isEphemeral { attributes.append((property, "CD_\(property.name)")) }
                    continue
                }
                let destination = Schema.entityName(of: shape.destination)
                let inverse = ModelTypeCache.inverse(of: property, in: entity.modelType)
                if !shape.isToMany {
                    toOne.append(
                        (
                            property, "CD_\(property.name)",
                            given.first { $0.name == destination }?.rootEntity.name ?? destination
                        ))
                } else if inverse?.relationshipShape?.isToMany ?? true {
                    let mine = "\(entity.name).\(property.name)"
                    let theirs = inverse.map { "\(destination).\($0.name)" }
                    let isFirst = theirs.map { mine <= $0 } ?? true
                    let name = isFirst ? mine : theirs!
                    linksOfEntity[entity.name, default: [:]][property.name] = (name, isFirst)
                    if links[name] == nil {
                        let destinationRoot = given.first { $0.name == destination }?.rootEntity.name ?? destination
                        links[name] =
                            isFirst
                            ? LinkShape(
                                name: name, firstEntity: entity.name, firstProperty: property.name,
                                secondEntity: destination,
                                secondProperty: inverse?.name, firstRoot: root, secondRoot: destinationRoot)
                            : LinkShape(
                                name: name, firstEntity: destination, firstProperty: inverse!.name,
                                secondEntity: entity.name,
                                secondProperty: property.name, firstRoot: destinationRoot, secondRoot: root)
                    }
                }
            }
            let known = Set(attributes.map(\.1) + toOne.map(\.1) + [Self.entityNameField])
            let fields = Dictionary(attributes.map { ($0.0.name, $0.1) } + toOne.map { ($0.0.name, $0.1) }) {
                first, _ in first
            }
            entities[entity.name] = EntityShape(
                entity: entity, rootName: root, recordType: "CD_\(root)", attributes: attributes, toOne: toOne,
                knownFields: known,
                fieldOfProperty: fields
            )
        }
        self.entities = entities
        self.links = links
        self.linksOfEntity = linksOfEntity
        var roots: [Schema.Entity] = []
        for entity in given where entity.superentity == nil && !roots.contains(entity) { roots.append(entity) }
        self.rootEntities = roots
        self.fingerprint = Self.fingerprint(entities: entities, links: links)
    }

    private static func fingerprint(entities: [String: EntityShape], links: [String: LinkShape]) -> String {
        var lines = entities.values.map { shape in
            "\(shape.entity.name) \(shape.recordType) \(shape.knownFields.sorted().joined(separator: ","))"
        }
        lines += links.values.map { "link \($0.name) \($0.firstEntity):\($0.secondEntity)" }
        let digest = Insecure.SHA1.hash(data: Data(lines.sorted().joined(separator: "\n").utf8))
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    /// The to-one relationship `Entity.property` names, with its entity's shape; `nil` when this schema
    /// has no such relationship.
    func toOneRelationship(
        named name: String
    ) -> (shape: EntityShape, property: Schema.PropertyMetadata, field: String)? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let shape = entities[parts[0]],
            let (property, field, _) = shape.toOne.first(where: { $0.property.name == parts[1] })
        else { return nil }
        return (shape, property, field)
    }

    /// The fields of every record type this schema saves, with their types: what the account's
    /// deployed schema is compared with.
    var expectedFields: [String: [String: CloudFieldType]] {
        var types: [String: [String: CloudFieldType]] = [:]
        for shape in entities.values {
            types[shape.recordType, default: [:]][Self.entityNameField] = .string
            for (property, field) in shape.attributes {
                if let type = Self.fieldType(of: property) { types[shape.recordType, default: [:]][field] = type }
            }
            for (_, field, _) in shape.toOne { types[shape.recordType, default: [:]][field] = .string }
        }
        if !links.isEmpty {
            for field in [Self.linkEntitiesField, Self.linkRelationshipsField, Self.linkRecordNamesField] {
                types[CloudZone.linkRecordType, default: [:]][field] = .string
            }
        }
        return types
    }

    /// The field type an attribute's values take: Booleans and integers `INT64`, UUIDs and URLs
    /// `STRING`, data and any other `Codable` value `BYTES`; its `ENCRYPTED_` type when the attribute is
    /// marked `.allowsCloudEncryption`.
    static func fieldType(of property: Schema.PropertyMetadata) -> CloudFieldType? {
        let plain = property.transformation != nil ? .bytes : fieldType(of: property.unwrappedValueType)
        return isCloudEncrypted(property) ? plain?.encrypted : plain
    }

    /// Whether the attribute's values travel encrypted (`.allowsCloudEncryption`).
    static func isCloudEncrypted(_ property: Schema.PropertyMetadata) -> Bool {
        property.options.contains(.allowsCloudEncryption)
    }

    private static func fieldType(of type: Any.Type) -> CloudFieldType? {
        switch type {
        case is Bool.Type, is any BinaryInteger.Type: return .int64
        case is Double.Type, is Float.Type: return .double
        case is String.Type, is UUID.Type, is URL.Type: return .string
        case is Date.Type: return .timestamp
        case is Data.Type: return .bytes
        default: break
        }
        if let raw = type as? any RawRepresentable.Type, let rawType = fieldType(of: raw.rawValueType) {
            return rawType
        }
        return type is any Encodable.Type ? .bytes : nil
    }

    /// The name of the link record between two records: the same on every device, so two devices
    /// adding the same link make one record.
    static func linkRecordName(link: String, first: String, second: String) -> String {
        var digest = Array(Insecure.SHA1.hash(data: Data("\(link)|\(first)|\(second)".utf8)).prefix(16))
        // A name-based (version 5) UUID.
        digest[6] = (digest[6] & 0x0F) | 0x50
        digest[8] = (digest[8] & 0x3F) | 0x80
        let uuid = digest.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
        return uuid.uuidString
    }
}

extension RawRepresentable {
    fileprivate static var rawValueType: Any.Type { RawValue.self }
}

/// Attribute values as record fields, and back.
enum MirroredValue {
    /// The field value of an attribute's value; `nil` for no value.
    ///
    /// - Throws: ``SwiftDataError`` for a value a record cannot carry.
    static func field(of value: Any, property: Schema.PropertyMetadata) throws -> CloudValue? {
        switch try property.portableValue(of: value) {
        case .null, .model, .models: nil
        case .bool(let flag): .int64(flag ? 1 : 0)
        case .integer(let number): .int64(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .date(let date): .timestamp(date)
        case .uuid(let uuid): .string(uuid.uuidString)
        case .url(let url): .string(url.absoluteString)
        case .data(let data), .json(let data): .bytes(data)
        }
    }

    /// The attribute's value for a field value (`nil` for a field without one).
    ///
    /// - Throws: ``SwiftDataError`` when the field is not of the attribute's type, or the attribute
    ///   needs a value and neither the record nor the declaration gives one.
    static func attributeValue(of field: CloudValue?, property: Schema.PropertyMetadata) throws -> Any {
        guard let field else {
            guard let absent = property.valueWhenAbsent else {
                throw SwiftDataError(
                    .unsupportedValue, reason: "the record has no value for \(property.name), which needs one",
                    context: "reading a record")
            }
            return absent
        }
        let base = property.transformation != nil ? Data.self : property.unwrappedValueType
        let portable: SnapshotValue
        switch field {
        case .int64(let number) where base == Bool.self: portable = .bool(number != 0)
        case .string(let text) where base == UUID.self:
            guard let uuid = UUID(uuidString: text) else {
                throw SwiftDataError(
                    .unsupportedValue, reason: "\"\(text)\" is not a UUID",
                    context: "reading \(property.name) of a record")
            }
            portable = .uuid(uuid)
        case .string(let text) where base == URL.self:
            guard let url = URL(string: text) else {
                throw SwiftDataError(
                    .unsupportedValue, reason: "\"\(text)\" is not a URL",
                    context: "reading \(property.name) of a record")
            }
            portable = .url(url)
        case .bytes(let data): portable = base == Data.self ? .data(data) : .json(data)
        case .int64(let number): portable = .integer(number)
        case .double(let number): portable = .double(number)
        case .string(let text): portable = .string(text)
        case .timestamp(let date): portable = .date(date)
        case .encrypted(let type, _):
            throw SwiftDataError(
                .unsupportedValue, reason: "the \(type.encrypted.rawValue) value was not decrypted before it was read",
                context: "reading \(property.name) of a record")
        }
        return try property.attributeValue(fromPortable: portable)
    }
}
