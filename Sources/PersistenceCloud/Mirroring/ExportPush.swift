import Foundation
import PersistenceCloudServer
import PersistenceModels

/// Sends the queued changes to the server, a batch per request, and records what the server said.
///
/// A save carries the change tag the device last saw. When another device saved the record since
/// (`serverRecordChanged`), the device resolves as the later upload: it sends its whole record again
/// with the server's tag, replacing the other device's. When the record was deleted since
/// (`unknownItem`), it sends the record as new, bringing it back. A server record this device saved
/// itself but never heard back about (a crash between sending and recording) is taken as its own.
/// Link records merge as a set union: the same link saved twice is one record.
struct ExportPush {
    let mirror: MirrorContext
    let server: any CloudKitAccountServer

    /// The most records one request carries, as CloudKit's modify operation allows.
    static let batchSize = 400
    /// How many times a batch resolves conflicts before the rest waits for the next sync.
    static let attempts = 5

    /// Sends every queued change.
    func push(into report: inout CloudKitSyncReport) throws {
        let queue = try mirror.state.readMirrorState(while: "reading the changes waiting to be sent") {
            try $0.pendingChanges()
        }
        for start in stride(from: 0, to: queue.count, by: Self.batchSize) {
            try send(Array(queue[start..<min(start + Self.batchSize, queue.count)]), into: &report)
        }
    }

    private func send(_ batch: [PendingMirrorChange], into report: inout CloudKitSyncReport) throws {
        let names = batch.map(\.recordName)
        let (records, links) = try mirror.state.readMirrorState(while: "reading the records to send") { tx in
            (try tx.records(named: names), try tx.links(named: names))
        }
        let recordByName = Dictionary(records.map { ($0.recordName, $0) }) { first, _ in first }
        let linkByName = Dictionary(links.map { ($0.recordName, $0) }) { first, _ in first }
        let builder = try RecordBuilder(
            mirror: mirror, records: batch.filter { $0.kind == .save }.compactMap { recordByName[$0.recordName] },
            links: links)
        var saves: [(change: PendingMirrorChange, save: CloudRecordSave)] = []
        var deletions: [(change: PendingMirrorChange, deletion: CloudRecordDeletion)] = []
        for change in batch {
            let known =
                recordByName[change.recordName].map(\.changeTag) ?? linkByName[change.recordName].map(\.changeTag)
                ?? nil
            let tag = known == MirrorState.unacknowledgedTag ? nil : known
            switch change.kind {
            case .delete:
                deletions.append(
                    (
                        change,
                        CloudRecordDeletion(
                            recordName: change.recordName, recordType: change.recordType, changeTag: tag)
                    ))
            case .save:
                if let save = try builder.save(for: change.recordName, changeTag: tag) { saves.append((change, save)) }
            }
        }
        guard !saves.isEmpty || !deletions.isEmpty else { return }
        try markFirstSends(saves.map(\.save.record.recordName), records: recordByName, links: linkByName)
        let (saved, deleted) = try exchange(
            saves: saves.map(\.save), deletions: deletions.map(\.deletion), records: recordByName, into: &report)
        try acknowledge(
            saved: saves.filter { saved[$0.save.record.recordName] != nil }.map(\.change), savedRecords: saved,
            deleted: deletions.filter { deleted.contains($0.deletion.recordName) }.map(\.change),
            records: recordByName, links: linkByName, entityNames: builder.entityNames, into: &report
        )
    }

    /// Gives records sent for the first time the tag that says the device does not know whether the
    /// server has them, so that deleting one before the answer arrives still sends the deletion.
    private func markFirstSends(_ names: [String], records: [String: MirroredRecord], links: [String: MirroredLink])
        throws
    {
        let newRecords = names.compactMap { records[$0] }.filter { $0.changeTag == nil }
        let newLinks = names.compactMap { links[$0] }.filter { $0.changeTag == nil }
        guard !newRecords.isEmpty || !newLinks.isEmpty else { return }
        try mirror.state.withMirrorTransaction(while: "noting the records sent for the first time") { tx in
            try tx.saveRecords(
                newRecords.map {
                    MirroredRecord(recordName: $0.recordName, row: $0.row, changeTag: MirrorState.unacknowledgedTag)
                })
            try tx.saveLinks(
                newLinks.map { link in
                    var sent = link
                    sent.changeTag = MirrorState.unacknowledgedTag
                    return sent
                })
        }
    }

    /// Sends the saves and deletions, resolving refused saves as the later upload.
    private func exchange(
        saves: [CloudRecordSave], deletions: [CloudRecordDeletion], records: [String: MirroredRecord],
        into report: inout CloudKitSyncReport
    ) throws -> (saved: [String: CloudRecord], deleted: Set<String>) {
        var saved: [String: CloudRecord] = [:]
        var deleted = Set<String>()
        var toSend = saves
        var remainingDeletions = deletions
        for _ in 0..<Self.attempts where !toSend.isEmpty || !remainingDeletions.isEmpty {
            let result = try mirror.send(saves: toSend, deletions: remainingDeletions, to: server)
            for (deletion, outcome) in zip(remainingDeletions, result.deletions) {
                deleted.insert(deletion.recordName)
                guard case .deleted(let tombstone?) = outcome, tombstone.removedUnseenVersion,
                    let replaced = tombstone.replaced, replaced.savedBy.identifier != mirror.device.identifier,
                    deletion.recordType != CloudZone.linkRecordType
                else { continue }
                report.conflicts.append(
                    mirror.conflict(
                        .deletionWon, recordName: deletion.recordName, row: records[deletion.recordName]?.row,
                        other: replaced.savedBy.name
                    ))
            }
            remainingDeletions = []
            var retry: [CloudRecordSave] = []
            for (save, outcome) in zip(toSend, result.saves) {
                let name = save.record.recordName
                switch outcome {
                case .saved(let record):
                    saved[name] = record
                case .serverRecordChanged(let serverRecord) where serverRecord.recordType == CloudZone.linkRecordType:
                    // The same link, saved by another device too: one record, kept.
                    saved[name] = serverRecord
                case .serverRecordChanged(let serverRecord):
                    var again = save
                    again.record.changeTag = serverRecord.changeTag
                    let savedBy = serverRecord.version?.savedBy
                    if savedBy?.identifier != mirror.device.identifier {
                        again.resolution = .replacesServerRecord
                        report.conflicts.append(
                            mirror.conflict(
                                .editWon, recordName: name, row: records[name]?.row,
                                other: savedBy?.name ?? "another device"))
                    }
                    retry.append(again)
                case .unknownItem(let tombstone):
                    var again = save
                    again.record.changeTag = nil
                    again.resolution = .undoesDeletion
                    if let deletedBy = tombstone?.deletedBy, deletedBy.identifier != mirror.device.identifier,
                        save.record.recordType != CloudZone.linkRecordType
                    {
                        report.conflicts.append(
                            mirror.conflict(
                                .editUndidDeletion, recordName: name, row: records[name]?.row, other: deletedBy.name))
                    }
                    retry.append(again)
                }
            }
            toSend = retry
        }
        return (saved, deleted)
    }

    /// Records the server's change tags, forgets deleted records, and takes what was sent off the queue
    /// unless it was queued again meanwhile.
    private func acknowledge(
        saved: [PendingMirrorChange], savedRecords: [String: CloudRecord], deleted: [PendingMirrorChange],
        records: [String: MirroredRecord], links: [String: MirroredLink], entityNames: [String: String],
        into report: inout CloudKitSyncReport
    ) throws {
        try mirror.state.withMirrorTransaction(while: "recording what the server took") { tx in
            var updatedRecords: [MirroredRecord] = []
            var updatedLinks: [MirroredLink] = []
            for change in saved {
                guard let record = savedRecords[change.recordName] else { continue }
                if var link = links[change.recordName] {
                    link.changeTag = record.changeTag
                    updatedLinks.append(link)
                } else if var known = records[change.recordName] {
                    known.changeTag = record.changeTag
                    updatedRecords.append(known)
                }
            }
            try tx.saveRecords(updatedRecords)
            try tx.saveLinks(updatedLinks)
            try tx.removeRecords(named: deleted.filter { $0.recordType != CloudZone.linkRecordType }.map(\.recordName))
            try tx.removeLinks(named: deleted.filter { $0.recordType == CloudZone.linkRecordType }.map(\.recordName))
            // The device's upload replaces a version it kept unapplied; the server keeps the fields it kept in part.
            try tx.removeUnappliedRecords(named: saved.map(\.recordName), onlyWhole: true)
            try tx.removeUnappliedRecords(named: deleted.map(\.recordName), onlyWhole: false)
            try tx.dequeue(saved + deleted)
        }
        for change in saved + deleted {
            let row = records[change.recordName]?.row
            let entity = entityNames[change.recordName] ?? row?.rootEntity
            var identifier: PersistentIdentifier?
            if change.kind == .save, let entity, let row {
                identifier = mirror.identifier(entity: entity, primaryKey: row.primaryKey)
            }
            report.sent.append(
                CloudKitSyncReport.RecordChange(
                    kind: change.kind == .save ? .saved : .deleted, recordName: change.recordName,
                    recordType: change.recordType,
                    entityName: change.recordType == CloudZone.linkRecordType ? nil : entity,
                    persistentIdentifier: identifier, device: nil
                ))
        }
    }
}
