import Foundation
import PersistenceCloudServer
import PersistenceModels

/// One import's work on a context: the models made, changed and deleted, the mirror's records, and what
/// it keeps for later (relationships waiting for a record, records the store cannot apply).
struct ImportWork {
    typealias Received = (
        kind: CloudKitSyncReport.RecordChange.Kind, name: String, type: String, entity: String?,
        model: (any PersistentModel)?,
        device: String
    )
    typealias NewLink = (
        name: String, relationship: String, first: any PersistentModel, second: any PersistentModel, changeTag: String?
    )

    let mirror: MirrorContext
    let context: ModelContext
    /// The records to apply: the ones kept unapplied that are tried again, then the server's, without
    /// those the device already has or holds changes of its own for.
    let savedRecords: [CloudRecord]
    let deletions: [CloudTombstone]
    let damagedRecords: [CloudDamagedRecord]
    /// The records with a change of this device waiting to be sent.
    let pending: Set<String>
    /// The records tried again from those kept unapplied.
    let retried: Set<String>
    /// The fields kept from records applied in part, to apply if the schema has them now.
    let retriedFields: [CloudRecord]
    /// The records kept unapplied before this import that it replaces: a newer version or a deletion
    /// arrived, they are tried again, or this device's own upload will replace them.
    let replacedUnapplied: Set<String>
    let recordMetadata: [String: MirroredRecord]
    let linkMetadata: [String: MirroredLink]
    /// The relationships that waited for a record before this import and involve a record it brings or deletes.
    let waitingBefore: [PendingMirroredRelationship.Key: PendingMirroredRelationship]
    /// The models of the rows the records name, by row.
    var models: [MirroredRow: any PersistentModel]
    /// The model of each record, made or found.
    var modelOfRecord: [String: any PersistentModel] = [:]
    var newRecords: [(name: String, model: any PersistentModel, changeTag: String?)] = []
    var updatedRecords: [MirroredRecord] = []
    var removedRecords: [String] = []
    var newLinks: [NewLink] = []
    var removedLinks: [String] = []
    var received: [Received] = []
    var conflicts: [CloudKitSyncReport.Conflict] = []
    /// The relationships waiting for a record after this import, and those kept before that no longer wait.
    var waiting: [PendingMirroredRelationship.Key: PendingMirroredRelationship] = [:]
    var settled: Set<PendingMirroredRelationship.Key> = []
    /// The records kept unapplied by this import, and, for the report, those received now.
    var unapplied: [UnappliedMirrorRecord] = []
    var newlyUnapplied: [CloudKitSyncReport.UnappliedRecord] = []

    init(
        mirror: MirrorContext, context: ModelContext, changes: CloudZoneChanges, retried: [CloudRecord],
        retriedFields: [CloudRecord],
        kept: [String: UnappliedMirrorRecord.Summary], pending: Set<String>
    ) throws {
        self.mirror = mirror
        self.context = context
        self.pending = pending
        self.deletions = changes.deletions
        self.damagedRecords = changes.damagedRecords.filter { !pending.contains($0.recordName) }
        self.retried = Set((retried + retriedFields).map(\.recordName))
        self.retriedFields = retriedFields
        // Anything the server sends is newer than what was kept.
        let saved = (retried + changes.savedRecords).filter { !pending.contains($0.recordName) }
        let names = saved.map(\.recordName) + changes.deletions.map(\.recordName) + retriedFields.map(\.recordName)
        let (records, links, waiting) = try mirror.state.readMirrorState(while: "reading the records the import names")
        { tx in
            (try tx.records(named: names), try tx.links(named: names), try tx.pendingRelationships(involving: names))
        }
        var recordMetadata = Dictionary(records.map { ($0.recordName, $0) }) { first, _ in first }
        let linkMetadata = Dictionary(links.map { ($0.recordName, $0) }) { first, _ in first }
        // What the device already has (its own uploads, coming back) is left out before any model is read.
        let changed = saved.filter { record in
            let known = recordMetadata[record.recordName]?.changeTag ?? linkMetadata[record.recordName]?.changeTag
            return known == nil || known != record.changeTag
        }
        self.savedRecords = changed
        // What arrives again replaces what was kept of it; this device's own upload, which comes back
        // unchanged, replaces a record kept whole (the export forgets it) but keeps the fields of one
        // kept in part, which the server kept too.
        var replaced = Set(
            changed.map(\.recordName) + changes.deletions.map(\.recordName) + retriedFields.map(\.recordName))
        replaced.formUnion(changes.damagedRecords.map(\.recordName))
        replaced.formUnion(pending.filter { kept[$0]?.appliedInPart == false })
        replaced.formIntersection(kept.keys)
        self.replacedUnapplied = replaced
        self.waitingBefore = Dictionary(waiting.map { ($0.key, $0) }) { first, _ in first }
        var referenced: [String] = []
        for record in changed + retriedFields {
            if record.recordType == CloudZone.linkRecordType,
                case .string(let pair)? = record.fields[MirroredSchema.linkRecordNamesField]
            {
                referenced += pair.split(separator: ":").map(String.init)
            } else {
                referenced += record.fields.values.compactMap {
                    if case .string(let text) = $0, UUID(uuidString: text) != nil { text } else { nil }
                }
            }
        }
        referenced += waiting.flatMap { [$0.ownerRecordName, $0.targetRecordName] }
        let missing = Array(Set(referenced).subtracting(recordMetadata.keys))
        if !missing.isEmpty {
            for record in try mirror.state.readMirrorState(
                while: "reading the records the import links to", { try $0.records(named: missing) })
            {
                recordMetadata[record.recordName] = record
            }
        }
        var rows = Set<MirroredRow>()
        for name in changed.map(\.recordName) + changes.deletions.map(\.recordName) + retriedFields.map(\.recordName)
            + referenced
        {
            if let row = recordMetadata[name]?.row { rows.insert(row) }
            if let link = linkMetadata[name], let shape = mirror.schema.links[link.relationship] {
                rows.insert(MirroredRow(rootEntity: shape.firstRoot, primaryKey: link.owner))
                rows.insert(MirroredRow(rootEntity: shape.secondRoot, primaryKey: link.target))
            }
        }
        self.recordMetadata = recordMetadata
        self.linkMetadata = linkMetadata
        models = [:]
        for (root, group) in Dictionary(grouping: rows, by: \.rootEntity) {
            for (key, model) in try context.mirroredModels(ofRootEntity: root, primaryKeys: group.map(\.primaryKey)) {
                models[MirroredRow(rootEntity: root, primaryKey: key)] = model
            }
        }
    }

    /// Makes or updates the model of each saved record, then links the to-one relationships; a record
    /// the store cannot apply is kept, and a link to a record that has not arrived waits for it.
    mutating func applyRecords() throws {
        var toOne: [(model: any PersistentModel, shape: MirroredSchema.EntityShape, record: CloudRecord)] = []
        for record in savedRecords where record.recordType != CloudZone.linkRecordType {
            let known = recordMetadata[record.recordName]
            if let known, known.changeTag == record.changeTag { continue }
            let entityName: String? =
                if case .string(let name)? = record.fields[MirroredSchema.entityNameField] { name } else { nil }
            guard let entity = entityName, let shape = mirror.schema.entities[entity] else {
                let reason = entityName.map {
                    "its \(MirroredSchema.entityNameField) \"\($0)\" names an entity this store's schema does not have"
                }
                keep(
                    record, entity: entityName,
                    reason: reason ?? "it has no \(MirroredSchema.entityNameField) naming its entity")
                continue
            }
            let values: [(String, Any)]
            do {
                values = try shape.attributes.map {
                    (
                        $0.property.name,
                        try MirroredValue.attributeValue(of: record.fields[$0.field], property: $0.property)
                    )
                }
            } catch {
                keep(record, entity: entity, reason: "\(error)")
                continue
            }
            let model: any PersistentModel
            if let known, let existing = models[known.row], !existing.isDeleted {
                model = existing
                let backing = model.persistentBackingData
                for (name, value) in values where !Self.isSame(backing.currentValue(forKey: name), value) {
                    model.setMirroredAttribute(value, forKey: name)
                }
                updatedRecords.append(
                    MirroredRecord(recordName: record.recordName, row: known.row, changeTag: record.changeTag))
            } else {
                model = shape.entity.modelType.init(backingData: ModelBackingData())
                for (name, value) in values { model.persistentBackingData.setInitialValue(value, forKey: name) }
                for property in shape.entity.relationships {
                    if let empty = property.relationshipShape?.makeValue([]) {
                        model.persistentBackingData.setInitialValue(empty, forKey: property.name)
                    }
                }
                context.insert(model)
                newRecords.append((record.recordName, model, record.changeTag))
            }
            modelOfRecord[record.recordName] = model
            keepUnknownFields(
                of: record, fields: record.fields.filter { !shape.knownFields.contains($0.key) }, entity: entity)
            toOne.append((model, shape, record))
            received.append(
                (.saved, record.recordName, record.recordType, entity, model, record.version?.savedBy.name ?? ""))
            noteConflicts(of: record, known: known, model: model, entity: entity)
        }
        for (model, shape, record) in toOne {
            for (property, field, _) in shape.toOne {
                let key = PendingMirroredRelationship.Key(recordName: record.recordName, field: field)
                var target: (any PersistentModel)?
                if case .string(let name)? = record.fields[field] {
                    target = self.model(ofRecord: name)
                    if target == nil, !isKnown(name) {
                        waitFor(
                            PendingMirroredRelationship(
                                recordName: record.recordName, field: field, kind: .toOne,
                                relationship: "\(shape.entity.name).\(property.name)",
                                ownerRecordName: record.recordName, targetRecordName: name
                            ))
                    }
                }
                if waiting[key] == nil { settle(key) }
                let current = model.mirroredRelationship(forKey: property.name)
                if current.first.map(ObjectIdentifier.init) != target.map(ObjectIdentifier.init) {
                    model.setMirroredRelationship(target.map { [$0] } ?? [], forKey: property.name)
                }
            }
        }
    }

    /// Deletes the models of deleted records and removes deleted links.
    mutating func applyDeletions() throws {
        for tombstone in deletions where !pending.contains(tombstone.recordName) {
            if let known = recordMetadata[tombstone.recordName] {
                removedRecords.append(tombstone.recordName)
                guard let model = models[known.row], !model.isDeleted else { continue }
                let entity = Schema.entityName(of: type(of: model))
                if tombstone.removedUnseenVersion, let replaced = tombstone.replaced,
                    replaced.savedBy.identifier == mirror.device.identifier,
                    replaced.changeTag == known.changeTag
                {
                    conflicts.append(
                        mirror.conflict(
                            .editLostToDeletion, recordName: tombstone.recordName, row: known.row,
                            other: tombstone.deletedBy.name,
                            entity: entity, identifier: model.persistentModelID,
                            lostValues: lostValues(of: model, entity: entity)
                        ))
                }
                received.append(
                    (.deleted, tombstone.recordName, tombstone.recordType, entity, nil, tombstone.deletedBy.name))
                context.delete(model)
            } else if let link = linkMetadata[tombstone.recordName], let shape = mirror.schema.links[link.relationship]
            {
                removedLinks.append(tombstone.recordName)
                received.append(
                    (.deleted, tombstone.recordName, tombstone.recordType, nil, nil, tombstone.deletedBy.name))
                guard let first = models[MirroredRow(rootEntity: shape.firstRoot, primaryKey: link.owner)],
                    let second = models[MirroredRow(rootEntity: shape.secondRoot, primaryKey: link.target)],
                    !first.isDeleted
                else { continue }
                let current = first.mirroredRelationship(forKey: shape.firstProperty)
                if current.contains(where: { $0 === second }) {
                    first.setMirroredRelationship(current.filter { $0 !== second }, forKey: shape.firstProperty)
                }
            }
        }
    }

    /// Writes the records and links the import made, changed and removed, with the keys the save gave,
    /// and what it keeps for later.
    func record(in tx: any MirrorStateTransaction, assignedKeys keys: [ObjectIdentifier: Int64]) throws {
        func key(of model: any PersistentModel) -> Int64? {
            keys[ObjectIdentifier(model)] ?? model.persistentBackingData.primaryKey
        }
        var records = updatedRecords
        for (name, model, tag) in newRecords {
            guard let primaryKey = key(of: model) else { continue }
            let row = MirroredRow(
                rootEntity: ModelTypeCache.rootEntityName(of: type(of: model)), primaryKey: primaryKey)
            records.append(MirroredRecord(recordName: name, row: row, changeTag: tag))
        }
        try tx.saveRecords(records)
        try tx.removeRecords(named: removedRecords)
        try tx.saveLinks(
            newLinks.compactMap { link in
                guard let owner = key(of: link.first), let target = key(of: link.second) else { return nil }
                return MirroredLink(
                    recordName: link.name, relationship: link.relationship, owner: owner, target: target,
                    changeTag: link.changeTag)
            })
        try tx.removeLinks(named: removedLinks)
        try recordKept(in: tx)
    }

    /// The received changes, with the identifiers the save gave new models.
    func receivedChanges() -> [CloudKitSyncReport.RecordChange] {
        received.map { change in
            CloudKitSyncReport.RecordChange(
                kind: change.kind, recordName: change.name, recordType: change.type, entityName: change.entity,
                persistentIdentifier: change.model.map(\.persistentModelID), device: change.device
            )
        }
    }

    /// The model a record name stands for: made or found by this import, or known to the mirror.
    func model(ofRecord name: String) -> (any PersistentModel)? {
        if let model = modelOfRecord[name] { return model }
        guard let row = recordMetadata[name]?.row, let model = models[row], !model.isDeleted else { return nil }
        return model
    }

    /// Whether the device has (or had) the record: made by this import, or known to the mirror.
    func isKnown(_ name: String) -> Bool {
        modelOfRecord[name] != nil || recordMetadata[name] != nil
    }

    /// Whether the device had the record and its model is gone: deleted here, or deleted now.
    func isGone(_ name: String) -> Bool {
        isKnown(name) && model(ofRecord: name) == nil
    }

    /// Notes a conflict this device lost: its upload was replaced by a later one, or its deletion undone.
    private mutating func noteConflicts(
        of record: CloudRecord, known: MirroredRecord?, model: any PersistentModel, entity: String
    ) {
        let me = mirror.device.identifier
        guard let version = record.version else { return }
        if let overwrote = version.overwrote, overwrote.savedBy.identifier == me,
            known?.changeTag == overwrote.changeTag
        {
            conflicts.append(
                mirror.conflict(
                    .editLost, recordName: record.recordName, row: known?.row, other: version.savedBy.name,
                    entity: entity, identifier: model.persistentModelID
                ))
        }
        if let undid = version.undidDeletionBy, undid.identifier == me {
            conflicts.append(
                mirror.conflict(
                    .deletionUndone, recordName: record.recordName, row: nil, other: version.savedBy.name,
                    entity: entity, identifier: nil))
        }
    }

    /// A model's attribute values as text, for a conflict that removes it.
    private func lostValues(of model: any PersistentModel, entity: String) -> [String: String] {
        var values: [String: String] = [:]
        for (property, _) in mirror.schema.entities[entity]?.attributes ?? [] {
            guard let value = model.persistentBackingData.currentValue(forKey: property.name) else { continue }
            if let optional = value as? any OptionalValue, optional.wrappedValue == nil { continue }
            values[property.name] = (value as? any OptionalValue)?.wrappedValue.map { "\($0)" } ?? "\(value)"
        }
        return values
    }

    /// Whether two attribute values are the same, for values that can tell.
    private static func isSame(_ current: Any?, _ new: Any) -> Bool {
        guard let current, let left = current as? AnyHashable, let right = new as? AnyHashable else { return false }
        return left == right
    }
}
