import Foundation
import PersistenceCloudServer
import PersistenceModels

/// Many-to-many links an import receives as `CDMR` records.
extension ImportWork {
    /// Adds the links of saved link records: links merge as a set union. A link to a record that has
    /// not arrived waits for it; a link of a relationship the schema lacks is kept unapplied.
    mutating func applyLinks() throws {
        for record in savedRecords where record.recordType == CloudZone.linkRecordType {
            if let known = linkMetadata[record.recordName], known.changeTag == record.changeTag { continue }
            guard let link = LinkRecordFields(record) else {
                keep(record, entity: nil, reason: "its fields do not name a relationship and the two records it links")
                continue
            }
            guard let shape = mirror.schema.links[link.relationship] else {
                keep(
                    record, entity: nil,
                    reason: "it links by \(link.relationship), a relationship this store's schema does not have")
                continue
            }
            let key = PendingMirroredRelationship.Key(
                recordName: record.recordName, field: MirroredSchema.linkRecordNamesField)
            guard let first = model(ofRecord: link.first), let second = model(ofRecord: link.second) else {
                if isGone(link.first) || isGone(link.second) {
                    settle(key)
                } else {
                    waitFor(
                        PendingMirroredRelationship(
                            recordName: record.recordName, field: key.field, kind: .link, relationship: shape.name,
                            ownerRecordName: link.first, targetRecordName: link.second, changeTag: record.changeTag
                        ))
                }
                continue
            }
            settle(key)
            connect(
                linkRecord: record.recordName, shape: shape, first: first, second: second, changeTag: record.changeTag,
                device: record.version?.savedBy.name ?? "")
        }
    }

    /// Adds a link between two models and records its record.
    mutating func connect(
        linkRecord name: String, shape: MirroredSchema.LinkShape, first: any PersistentModel,
        second: any PersistentModel,
        changeTag: String?, device: String
    ) {
        let current = first.mirroredRelationship(forKey: shape.firstProperty)
        if !current.contains(where: { $0 === second }) {
            first.setMirroredRelationship(current + [second], forKey: shape.firstProperty)
        }
        newLinks.append((name, shape.name, first, second, changeTag))
        received.append((.saved, name, CloudZone.linkRecordType, nil, nil, device))
    }
}

/// What a link record (`CDMR`) says: the relationship, named from its first side, and the two records.
struct LinkRecordFields {
    let relationship: String
    let first: String
    let second: String

    /// The fields of `record`; `nil` when they do not name two entities, two properties and two records.
    init?(_ record: CloudRecord) {
        guard case .string(let entities)? = record.fields[MirroredSchema.linkEntitiesField],
            case .string(let relationships)? = record.fields[MirroredSchema.linkRelationshipsField],
            case .string(let names)? = record.fields[MirroredSchema.linkRecordNamesField]
        else { return nil }
        let entityPair = entities.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let propertyPair = relationships.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let recordPair = names.split(separator: ":").map(String.init)
        guard entityPair.count == 2, propertyPair.count == 2, recordPair.count == 2 else { return nil }
        relationship = "\(entityPair[0]).\(propertyPair[0])"
        first = recordPair[0]
        second = recordPair[1]
    }
}
