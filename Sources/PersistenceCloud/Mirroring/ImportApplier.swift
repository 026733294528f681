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
///
/// Nothing received is dropped. A relationship naming a record that has not arrived is kept pending and
/// connected by the import that brings that record; a record the store cannot apply (an entity or link
/// its schema lacks, a value it cannot read) is kept with the reason, and tried again by the first
/// import after a schema of another fingerprint opens the store. Both are kept in the store file, in
/// the same transaction as the token that moved past them.
struct ImportApplier {
    let mirror: MirrorContext
    let server: any CloudKitAccountServer

    /// Another process of this device imported at the same moment: the import starts again.
    struct ImportRaced: Error {}

    /// Fetches and applies what changed since the device's token, with the records kept unapplied
    /// that the store's schema may apply now.
    func importChanges(into report: inout CloudKitSyncReport) throws {
        let (tokenText, pending, kept) = try mirror.state.readMirrorState(while: "reading the server token") { tx in
            (
                try tx.value(forKey: MirrorState.serverToken), Set(try tx.pendingChanges().map(\.recordName)),
                try tx.unappliedRecordSummaries()
            )
        }
        let changes = try mirror.openingEncryptedFields(
            of: server.fetchChanges(
                CloudFetchChangesRequest(
                    containerIdentifier: mirror.containerIdentifier,
                    since: tokenText.flatMap(CloudServerChangeToken.init)
                )))
        guard let container = mirror.container else { return }
        let context = ModelContext(container)
        context.author = MirrorState.importAuthor
        let retried = try retriedRecords(kept: kept, changes: changes)
        var work = try ImportWork(
            mirror: mirror, context: context, changes: changes, retried: retried.records, retriedFields: retried.fields,
            kept: kept, pending: pending
        )
        work.keepAgain(retried.unreadable)
        work.keepDamagedRecords()
        try work.applyRecords()
        work.applyKeptFields()
        try work.applyLinks()
        try work.connectPendingRelationships()
        try work.applyDeletions()
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
        report.unapplied += work.newlyUnapplied
    }

    /// The records kept unapplied under a schema other than the store's now, to try again, and the
    /// fields kept from records applied in part; a record the server changed or deleted since comes with
    /// the changes instead. Those kept without the record (the server could not read it) come apart:
    /// only a new version can replace them.
    private func retriedRecords(
        kept: [String: UnappliedMirrorRecord.Summary], changes: CloudZoneChanges
    ) throws -> (records: [CloudRecord], fields: [CloudRecord], unreadable: [UnappliedMirrorRecord]) {
        let fingerprint = mirror.schema.fingerprint
        let stale = kept.filter { $0.value.schemaFingerprint != fingerprint }
        guard !stale.isEmpty else { return ([], [], []) }
        let superseded = Set(
            changes.savedRecords.map(\.recordName) + changes.deletions.map(\.recordName)
                + changes.damagedRecords.map(\.recordName)
        )
        let names = stale.keys.filter { !superseded.contains($0) }.sorted()
        let entries = try mirror.state.readMirrorState(while: "reading the records kept unapplied") { tx in
            try tx.unappliedRecords(named: names)
        }
        var records: [CloudRecord] = []
        var fields: [CloudRecord] = []
        var unreadable: [UnappliedMirrorRecord] = []
        for entry in entries {
            guard let record = UnappliedRecordPayload.record(named: entry.recordName, from: entry.payload) else {
                unreadable.append(entry)
                continue
            }
            if entry.appliedInPart { fields.append(record) } else { records.append(record) }
        }
        return (records, fields, unreadable)
    }
}
