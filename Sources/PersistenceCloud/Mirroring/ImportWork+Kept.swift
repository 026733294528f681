import Foundation
import PersistenceCloudServer
import PersistenceModels

/// What an import keeps rather than drops: relationships naming a record that has not arrived, which
/// wait for it (in any order, over any number of imports), and records the store cannot apply, which
/// stay with the reason until a schema that can opens the store or a newer version replaces them.
extension ImportWork {
    /// Keeps a record the store cannot apply, with why; a record applied in part keeps only the fields it could not.
    mutating func keep(_ record: CloudRecord, entity: String?, reason: String, appliedInPart: Bool = false) {
        var reason = reason
        var payload: Data?
        do {
            payload = try UnappliedRecordPayload.encode(record)
        } catch {
            reason += "; its fields cannot be kept either (\(error))"
        }
        unapplied.append(
            UnappliedMirrorRecord(
                recordName: record.recordName, recordType: record.recordType, entityName: entity, reason: reason,
                payload: payload,
                schemaFingerprint: mirror.schema.fingerprint, appliedInPart: appliedInPart
            ))
        if !retried.contains(record.recordName), !appliedInPart {
            newlyUnapplied.append(
                .init(recordName: record.recordName, recordType: record.recordType, entityName: entity, reason: reason))
        }
    }

    /// Keeps the fields of an applied record that this store's schema does not have (a newer version of
    /// the app added them), for the first import under a schema that has them; `fields` empty keeps nothing.
    mutating func keepUnknownFields(of record: CloudRecord, fields: [String: CloudValue], entity: String) {
        guard !fields.isEmpty else { return }
        var part = record
        part.fields = fields
        part.fields[MirroredSchema.entityNameField] = .string(entity)
        let reason = "its fields \(fields.keys.sorted().joined(separator: ", ")) are not in this store's schema"
        keep(part, entity: entity, reason: reason, appliedInPart: true)
    }

    /// Applies the fields kept from records applied in part that the store's schema has now; the
    /// others stay kept. A model deleted since has nothing to apply them to.
    mutating func applyKeptFields() {
        for record in retriedFields {
            guard case .string(let entity)? = record.fields[MirroredSchema.entityNameField],
                let shape = mirror.schema.entities[entity],
                let model = model(ofRecord: record.recordName)
            else { continue }
            var unknown: [String: CloudValue] = [:]
            var applied = false
            for (field, value) in record.fields.sorted(by: { $0.key < $1.key })
            where field != MirroredSchema.entityNameField {
                if let (property, _) = shape.attributes.first(where: { $0.field == field }),
                    let converted = try? MirroredValue.attributeValue(of: value, property: property)
                {
                    model.setMirroredAttribute(converted, forKey: property.name)
                    applied = true
                } else if let (property, _, _) = shape.toOne.first(where: { $0.field == field }),
                    case .string(let name) = value
                {
                    applied = true
                    if let target = self.model(ofRecord: name) {
                        if model.mirroredRelationship(forKey: property.name).isEmpty {
                            model.setMirroredRelationship([target], forKey: property.name)
                        }
                    } else if !isKnown(name) {
                        waitFor(
                            PendingMirroredRelationship(
                                recordName: record.recordName, field: field, kind: .toOne,
                                relationship: "\(entity).\(property.name)",
                                ownerRecordName: record.recordName, targetRecordName: name
                            ))
                    }
                } else {
                    unknown[field] = value
                }
            }
            keepUnknownFields(of: record, fields: unknown, entity: entity)
            if applied {
                received.append(
                    (.saved, record.recordName, record.recordType, entity, model, record.version?.savedBy.name ?? ""))
            }
        }
    }

    /// Keeps the records the server could not read, by name and reason: a repaired version replaces them.
    mutating func keepDamagedRecords() {
        for damage in damagedRecords {
            unapplied.append(
                UnappliedMirrorRecord(
                    recordName: damage.recordName, recordType: damage.recordType, entityName: nil,
                    reason: damage.reason, payload: nil,
                    schemaFingerprint: mirror.schema.fingerprint
                ))
            newlyUnapplied.append(
                .init(
                    recordName: damage.recordName, recordType: damage.recordType, entityName: nil, reason: damage.reason
                ))
        }
    }

    /// Keeps again, marked with this schema, records kept without their fields: no schema can apply them.
    mutating func keepAgain(_ records: [UnappliedMirrorRecord]) {
        for var record in records where !replacedUnapplied.contains(record.recordName) {
            record.schemaFingerprint = mirror.schema.fingerprint
            unapplied.append(record)
        }
    }

    /// Notes a relationship that waits for its record from now on, replacing what waited for the same field.
    mutating func waitFor(_ relationship: PendingMirroredRelationship) {
        waiting[relationship.key] = relationship
        settled.remove(relationship.key)
    }

    /// Notes that a field no longer waits for a record: it was connected, or its record changed or went.
    mutating func settle(_ key: PendingMirroredRelationship.Key) {
        waiting[key] = nil
        if waitingBefore[key] != nil { settled.insert(key) }
    }

    /// Connects the relationships that waited for a record this import brought, and forgets those
    /// whose record, owner or link was deleted. A to-one relationship the device has set since it
    /// started waiting keeps the device's value.
    mutating func connectPendingRelationships() throws {
        let deleted = Set(deletions.map(\.recordName))
        for relationship in waitingBefore.values.sorted(by: { ($0.recordName, $0.field) < ($1.recordName, $1.field) }) {
            let key = relationship.key
            // The record holding it arrived again: applying it decided.
            guard waiting[key] == nil, !settled.contains(key) else { continue }
            if [relationship.recordName, relationship.ownerRecordName, relationship.targetRecordName].contains(
                where: deleted.contains)
            {
                settle(key)
                continue
            }
            switch relationship.kind {
            case .toOne: connectToOne(relationship)
            case .link: connectLink(relationship)
            }
        }
    }

    private mutating func connectToOne(_ relationship: PendingMirroredRelationship) {
        guard let (_, property, _) = mirror.schema.toOneRelationship(named: relationship.relationship),
            let owner = model(ofRecord: relationship.ownerRecordName)
        else {
            settle(relationship.key)
            return
        }
        guard let target = model(ofRecord: relationship.targetRecordName) else {
            if isGone(relationship.targetRecordName) { settle(relationship.key) }
            return
        }
        if owner.mirroredRelationship(forKey: property.name).isEmpty {
            owner.setMirroredRelationship([target], forKey: property.name)
        }
        settle(relationship.key)
    }

    private mutating func connectLink(_ relationship: PendingMirroredRelationship) {
        guard let shape = mirror.schema.links[relationship.relationship] else {
            settle(relationship.key)
            return
        }
        guard let first = model(ofRecord: relationship.ownerRecordName),
            let second = model(ofRecord: relationship.targetRecordName)
        else {
            if isGone(relationship.ownerRecordName) || isGone(relationship.targetRecordName) {
                settle(relationship.key)
            }
            return
        }
        settle(relationship.key)
        connect(
            linkRecord: relationship.recordName, shape: shape, first: first, second: second,
            changeTag: relationship.changeTag, device: "")
    }

    /// Writes what the import keeps for later, in its transaction.
    func recordKept(in tx: any MirrorStateTransaction) throws {
        let deleted = Set(deletions.map(\.recordName))
        try tx.removePendingRelationships(settled.sorted { ($0.recordName, $0.field) < ($1.recordName, $1.field) })
        // A relationship naming a record deleted in this import has nothing left to wait for.
        try tx.savePendingRelationships(
            waiting.values
                .filter { !deleted.contains($0.targetRecordName) && !deleted.contains($0.ownerRecordName) }
                .sorted { ($0.recordName, $0.field) < ($1.recordName, $1.field) })
        try tx.removeUnappliedRecords(named: replacedUnapplied.sorted(), onlyWhole: false)
        try tx.saveUnappliedRecords(unapplied)
    }
}
