import Foundation
import PersistenceCloudServer
import PersistenceModels

/// Brings the server's changes since the device's token into the store, through a context of the
/// container (so live queries see them land) and in one transaction of the store together with the
/// new token and the records' change tags: a crash leaves the store as it was before, or with all of it.
///
/// The import's transactions carry the author `NSCloudKitMirroringDelegate.import`, which export never
/// sends back. A record with a change of this device still waiting to be sent is left as this device
/// has it: its upload comes later, so it wins.
struct ImportApplier {
    let mirror: MirrorContext
    let server: any CloudKitAccountServer

    /// Another process of this device imported at the same moment: the import starts again.
    struct ImportRaced: Error {}

    /// Fetches and applies what changed since the device's token.
    func importChanges(into report: inout CloudKitSyncReport) throws {
        let (tokenText, pending) = try mirror.state.readMirrorState(while: "reading the server token") { tx in
            (try tx.value(forKey: MirrorState.serverToken), Set(try tx.pendingChanges().map(\.recordName)))
        }
        let changes = try server.fetchChanges(CloudFetchChangesRequest(
            containerIdentifier: mirror.containerIdentifier, since: tokenText.flatMap(CloudServerChangeToken.init)
        ))
        report.skipped += changes.damagedRecords.map { .init(recordName: $0.recordName, recordType: $0.recordType, reason: $0.reason) }
        guard let container = mirror.container else { return }
        let context = ModelContext(container)
        context.author = MirrorState.importAuthor
        var work = try ImportWork(mirror: mirror, context: context, changes: changes, pending: pending)
        try work.applyRecords(into: &report)
        try work.applyLinks()
        try work.applyDeletions(into: &report)
        let newToken = changes.token?.description
        try context.save(to: mirror.store) { tx, keys in
            guard try tx.value(forKey: MirrorState.serverToken) == tokenText else { throw ImportRaced() }
            try work.record(in: tx, assignedKeys: keys)
            try tx.setValue(newToken, forKey: MirrorState.serverToken)
            if let epoch = changes.token?.zoneEpoch { try tx.setValue(String(epoch), forKey: MirrorState.zoneEpoch) }
        }
        if let epoch = changes.token?.zoneEpoch { mirror.zoneEpoch = epoch }
        if let token = changes.token { mirror.serverToken = token }
        report.received += work.receivedChanges()
        report.conflicts += work.conflicts
    }
}

/// One import's work on a context: the models made, changed and deleted, and the mirror's records.
private struct ImportWork {
    let mirror: MirrorContext
    let context: ModelContext
    let changes: CloudZoneChanges
    let pending: Set<String>
    let recordMetadata: [String: MirroredRecord]
    let linkMetadata: [String: MirroredLink]
    /// The models of the rows the records name, by row.
    var models: [MirroredRow: any PersistentModel]
    /// The model of each record, made or found.
    var modelOfRecord: [String: any PersistentModel] = [:]
    var newRecords: [(name: String, model: any PersistentModel, changeTag: String?)] = []
    var updatedRecords: [MirroredRecord] = []
    var removedRecords: [String] = []
    var newLinks: [(name: String, relationship: String, first: any PersistentModel, second: any PersistentModel, changeTag: String?)] = []
    var removedLinks: [String] = []
    var received: [(kind: CloudKitSyncReport.RecordChange.Kind, name: String, type: String, entity: String?, model: (any PersistentModel)?, device: String)] = []
    var conflicts: [CloudKitSyncReport.Conflict] = []

    init(mirror: MirrorContext, context: ModelContext, changes: CloudZoneChanges, pending: Set<String>) throws {
        self.mirror = mirror
        self.context = context
        self.pending = pending
        let saved = changes.savedRecords.filter { !pending.contains($0.recordName) }
        let (records, links) = try mirror.state.readMirrorState(while: "reading the records the import names") { tx in
            let names = saved.map(\.recordName) + changes.deletions.map(\.recordName)
            return (try tx.records(named: names), try tx.links(named: names))
        }
        var recordMetadata = Dictionary(records.map { ($0.recordName, $0) }) { first, _ in first }
        let linkMetadata = Dictionary(links.map { ($0.recordName, $0) }) { first, _ in first }
        // What the device already has (its own uploads, coming back) is left out before any model is read.
        let changed = saved.filter { record in
            let known = recordMetadata[record.recordName]?.changeTag ?? linkMetadata[record.recordName]?.changeTag
            return known == nil || known != record.changeTag
        }
        self.changes = CloudZoneChanges(savedRecords: changed, deletions: changes.deletions, damagedRecords: changes.damagedRecords, token: changes.token)
        var referenced: [String] = []
        for record in changed {
            if record.recordType == CloudZone.linkRecordType, case .string(let pair)? = record.fields[MirroredSchema.linkRecordNamesField] {
                referenced += pair.split(separator: ":").map(String.init)
            } else {
                referenced += record.fields.values.compactMap { if case .string(let text) = $0, UUID(uuidString: text) != nil { text } else { nil } }
            }
        }
        let missing = Array(Set(referenced).subtracting(recordMetadata.keys))
        if !missing.isEmpty {
            for record in try mirror.state.readMirrorState(while: "reading the records the import links to", { try $0.records(named: missing) }) {
                recordMetadata[record.recordName] = record
            }
        }
        var rows = Set<MirroredRow>()
        for name in changed.map(\.recordName) + changes.deletions.map(\.recordName) + referenced {
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

    /// Makes or updates the model of each saved record, then links the to-one relationships.
    mutating func applyRecords(into report: inout CloudKitSyncReport) throws {
        var toOne: [(model: any PersistentModel, shape: MirroredSchema.EntityShape, record: CloudRecord)] = []
        for record in changes.savedRecords where record.recordType != CloudZone.linkRecordType && !pending.contains(record.recordName) {
            let known = recordMetadata[record.recordName]
            if let known, known.changeTag == record.changeTag { continue }
            guard case .string(let entity)? = record.fields[MirroredSchema.entityNameField], let shape = mirror.schema.entities[entity] else {
                let reason = "its \(MirroredSchema.entityNameField) names no model this store keeps"
                report.skipped.append(.init(recordName: record.recordName, recordType: record.recordType, reason: reason))
                continue
            }
            let values: [(String, Any)]
            do {
                values = try shape.attributes.map { ($0.property.name, try MirroredValue.attributeValue(of: record.fields[$0.field], property: $0.property)) }
            } catch {
                report.skipped.append(.init(recordName: record.recordName, recordType: record.recordType, reason: "\(error)"))
                continue
            }
            let model: any PersistentModel
            if let known, let existing = models[known.row], !existing.isDeleted {
                model = existing
                for (name, value) in values where !Self.isSame(model.persistentBackingData.values[name], value) {
                    model.setMirroredAttribute(value, forKey: name)
                }
                updatedRecords.append(MirroredRecord(recordName: record.recordName, row: known.row, changeTag: record.changeTag))
            } else {
                model = shape.entity.modelType.init(backingData: ModelBackingData())
                for (name, value) in values { model.persistentBackingData.setInitialValue(value, forKey: name) }
                for property in shape.entity.relationships {
                    if let empty = property.relationshipShape?.makeValue([]) { model.persistentBackingData.setInitialValue(empty, forKey: property.name) }
                }
                context.insert(model)
                newRecords.append((record.recordName, model, record.changeTag))
            }
            modelOfRecord[record.recordName] = model
            toOne.append((model, shape, record))
            received.append((.saved, record.recordName, record.recordType, entity, model, record.version?.savedBy.name ?? ""))
            noteConflicts(of: record, known: known, model: model, entity: entity)
        }
        for (model, shape, record) in toOne {
            for (property, field, _) in shape.toOne {
                var target: (any PersistentModel)?
                if case .string(let name)? = record.fields[field] { target = self.model(ofRecord: name) }
                let current = model.mirroredRelationship(forKey: property.name)
                if current.first.map(ObjectIdentifier.init) != target.map(ObjectIdentifier.init) {
                    model.setMirroredRelationship(target.map { [$0] } ?? [], forKey: property.name)
                }
            }
        }
    }

    /// Adds the links of saved link records: links merge as a set union.
    mutating func applyLinks() throws {
        for record in changes.savedRecords where record.recordType == CloudZone.linkRecordType && !pending.contains(record.recordName) {
            if let known = linkMetadata[record.recordName], known.changeTag == record.changeTag { continue }
            guard case .string(let entities)? = record.fields[MirroredSchema.linkEntitiesField],
                  case .string(let relationships)? = record.fields[MirroredSchema.linkRelationshipsField],
                  case .string(let names)? = record.fields[MirroredSchema.linkRecordNamesField]
            else { continue }
            let entityPair = entities.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let propertyPair = relationships.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let recordPair = names.split(separator: ":").map(String.init)
            guard entityPair.count == 2, propertyPair.count == 2, recordPair.count == 2,
                  let shape = mirror.schema.links["\(entityPair[0]).\(propertyPair[0])"],
                  let first = model(ofRecord: recordPair[0]), let second = model(ofRecord: recordPair[1])
            else { continue }
            let current = first.mirroredRelationship(forKey: shape.firstProperty)
            if !current.contains(where: { $0 === second }) {
                first.setMirroredRelationship(current + [second], forKey: shape.firstProperty)
            }
            newLinks.append((record.recordName, shape.name, first, second, record.changeTag))
            received.append((.saved, record.recordName, record.recordType, nil, nil, record.version?.savedBy.name ?? ""))
        }
    }

    /// Deletes the models of deleted records and removes deleted links.
    mutating func applyDeletions(into report: inout CloudKitSyncReport) throws {
        for tombstone in changes.deletions where !pending.contains(tombstone.recordName) {
            if let known = recordMetadata[tombstone.recordName] {
                removedRecords.append(tombstone.recordName)
                guard let model = models[known.row], !model.isDeleted else { continue }
                let entity = Schema.entityName(of: type(of: model))
                if tombstone.removedUnseenVersion, let replaced = tombstone.replaced, replaced.savedBy.identifier == mirror.device.identifier,
                   replaced.changeTag == known.changeTag {
                    conflicts.append(mirror.conflict(
                        .editLostToDeletion, recordName: tombstone.recordName, row: known.row, other: tombstone.deletedBy.name,
                        entity: entity, identifier: model.persistentModelID, lostValues: lostValues(of: model, entity: entity)
                    ))
                }
                received.append((.deleted, tombstone.recordName, tombstone.recordType, entity, nil, tombstone.deletedBy.name))
                context.delete(model)
            } else if let link = linkMetadata[tombstone.recordName], let shape = mirror.schema.links[link.relationship] {
                removedLinks.append(tombstone.recordName)
                received.append((.deleted, tombstone.recordName, tombstone.recordType, nil, nil, tombstone.deletedBy.name))
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

    /// Writes the records and links the import made, changed and removed, with the keys the save gave.
    func record(in tx: any MirrorStateTransaction, assignedKeys keys: [ObjectIdentifier: Int64]) throws {
        func key(of model: any PersistentModel) -> Int64? { keys[ObjectIdentifier(model)] ?? model.persistentBackingData.primaryKey }
        var records = updatedRecords
        for (name, model, tag) in newRecords {
            guard let primaryKey = key(of: model) else { continue }
            let row = MirroredRow(rootEntity: ModelTypeCache.rootEntityName(of: type(of: model)), primaryKey: primaryKey)
            records.append(MirroredRecord(recordName: name, row: row, changeTag: tag))
        }
        try tx.saveRecords(records)
        try tx.removeRecords(named: removedRecords)
        try tx.saveLinks(newLinks.compactMap { link in
            guard let owner = key(of: link.first), let target = key(of: link.second) else { return nil }
            return MirroredLink(recordName: link.name, relationship: link.relationship, owner: owner, target: target, changeTag: link.changeTag)
        })
        try tx.removeLinks(named: removedLinks)
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
    private func model(ofRecord name: String) -> (any PersistentModel)? {
        if let model = modelOfRecord[name] { return model }
        guard let row = recordMetadata[name]?.row, let model = models[row], !model.isDeleted else { return nil }
        return model
    }

    /// Notes a conflict this device lost: its upload was replaced by a later one, or its deletion undone.
    private mutating func noteConflicts(of record: CloudRecord, known: MirroredRecord?, model: any PersistentModel, entity: String) {
        let me = mirror.device.identifier
        guard let version = record.version else { return }
        if let overwrote = version.overwrote, overwrote.savedBy.identifier == me, known?.changeTag == overwrote.changeTag {
            conflicts.append(mirror.conflict(
                .editLost, recordName: record.recordName, row: known?.row, other: version.savedBy.name, entity: entity, identifier: model.persistentModelID
            ))
        }
        if let undid = version.undidDeletionBy, undid.identifier == me {
            conflicts.append(mirror.conflict(.deletionUndone, recordName: record.recordName, row: nil, other: version.savedBy.name, entity: entity, identifier: nil))
        }
    }

    /// A model's attribute values as text, for a conflict that removes it.
    private func lostValues(of model: any PersistentModel, entity: String) -> [String: String] {
        var values: [String: String] = [:]
        for (property, _) in mirror.schema.entities[entity]?.attributes ?? [] {
            guard let value = model.persistentBackingData.values[property.name] else { continue }
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
