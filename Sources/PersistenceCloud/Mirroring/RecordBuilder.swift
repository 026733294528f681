import Foundation
import PersistenceCloudServer
import PersistenceModels

/// Makes the records to send from the store's rows as they are now: a model's attributes and to-one
/// links, or a many-to-many link between two records.
struct RecordBuilder {
    private let mirror: MirrorContext
    /// The rows of the records to send, read from the store, by record name.
    private let rows: [String: DecodedRow]
    /// The first record name of each row the records refer to.
    private let names: [MirroredRow: String]
    private let linksByName: [String: MirroredLink]
    /// The record each to-one relationship still waits for, by record name and field: the device has
    /// not received it yet, so the relationship is empty here but not on the server.
    private let waitingTargets: [String: [String: String]]
    /// The entity of each record's row, by record name.
    private(set) var entityNames: [String: String] = [:]

    /// Reads the rows of `records` and the names of every record they and `links` refer to.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read.
    init(mirror: MirrorContext, records: [MirroredRecord], links: [MirroredLink]) throws {
        self.mirror = mirror
        var rows: [String: DecodedRow] = [:]
        var referenced: Set<MirroredRow> = []
        for (root, group) in Dictionary(grouping: records, by: \.row.rootEntity) {
            let byKey = Dictionary(grouping: group, by: \.row.primaryKey)
            for row in try mirror.engine.rows(of: root, primaryKeys: Array(byKey.keys)) {
                let entity = row.entityName ?? root
                for record in byKey[row.primaryKey] ?? [] {
                    rows[record.recordName] = row
                    entityNames[record.recordName] = entity
                }
                for (property, _, destinationRoot) in mirror.schema.entities[entity]?.toOne ?? [] {
                    if let key = row.backing.foreignKeys[property.name] {
                        referenced.insert(MirroredRow(rootEntity: destinationRoot, primaryKey: key))
                    }
                }
            }
        }
        for link in links {
            guard let shape = mirror.schema.links[link.relationship] else { continue }
            referenced.insert(MirroredRow(rootEntity: shape.firstRoot, primaryKey: link.owner))
            referenced.insert(MirroredRow(rootEntity: shape.secondRoot, primaryKey: link.target))
        }
        var names: [MirroredRow: String] = [:]
        let (known, waiting) = try mirror.state.readMirrorState(while: "reading the names of linked records") { tx in
            (try tx.records(ofRows: Array(referenced)), try tx.pendingRelationships(heldBy: records.map(\.recordName)))
        }
        for record in known where names[record.row] == nil { names[record.row] = record.recordName }
        var waitingTargets: [String: [String: String]] = [:]
        for relationship in waiting where relationship.kind == .toOne {
            waitingTargets[relationship.recordName, default: [:]][relationship.field] = relationship.targetRecordName
        }
        self.rows = rows
        self.names = names
        self.linksByName = Dictionary(links.map { ($0.recordName, $0) }) { first, _ in first }
        self.waitingTargets = waitingTargets
    }

    /// The save of the record named `recordName` with its current values; `nil` when its row is gone
    /// (its deletion is then sent by the next export).
    ///
    /// - Throws: ``SwiftDataError`` for a value a record cannot carry.
    func save(for recordName: String, changeTag: String?) throws -> CloudRecordSave? {
        if let link = linksByName[recordName] { return linkSave(link, changeTag: changeTag) }
        guard let row = rows[recordName], let entity = entityNames[recordName],
            let shape = mirror.schema.entities[entity]
        else { return nil }
        var fields: [String: CloudValue] = [MirroredSchema.entityNameField: .string(entity)]
        for (property, field) in shape.attributes {
            guard let value = row.backing.currentValue(forKey: property.name),
                let plain = try MirroredValue.field(of: value, property: property)
            else { continue }
            fields[field] =
                MirroredSchema.isCloudEncrypted(property)
                ? try mirror.fieldEncryption().seal(
                    plain, field: field, recordName: recordName, recordType: shape.recordType)
                : plain
        }
        for (property, field, destinationRoot) in shape.toOne {
            guard let key = row.backing.foreignKeys[property.name] else {
                if let waiting = waitingTargets[recordName]?[field] { fields[field] = .string(waiting) }
                continue
            }
            guard let name = names[MirroredRow(rootEntity: destinationRoot, primaryKey: key)] else { continue }
            fields[field] = .string(name)
        }
        return CloudRecordSave(
            record: CloudRecord(
                recordName: recordName, recordType: shape.recordType, fields: fields, changeTag: changeTag),
            knownFields: shape.knownFields
        )
    }

    private func linkSave(_ link: MirroredLink, changeTag: String?) -> CloudRecordSave? {
        guard let shape = mirror.schema.links[link.relationship],
            let first = names[MirroredRow(rootEntity: shape.firstRoot, primaryKey: link.owner)],
            let second = names[MirroredRow(rootEntity: shape.secondRoot, primaryKey: link.target)]
        else { return nil }
        let fields: [String: CloudValue] = [
            MirroredSchema.linkEntitiesField: .string("\(shape.firstEntity):\(shape.secondEntity)"),
            MirroredSchema.linkRelationshipsField: .string("\(shape.firstProperty):\(shape.secondProperty ?? "")"),
            MirroredSchema.linkRecordNamesField: .string("\(first):\(second)"),
        ]
        return CloudRecordSave(
            record: CloudRecord(
                recordName: link.recordName, recordType: CloudZone.linkRecordType, fields: fields, changeTag: changeTag),
            knownFields: Set(fields.keys)
        )
    }
}
