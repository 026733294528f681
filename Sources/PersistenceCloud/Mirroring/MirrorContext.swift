import Foundation
import PersistenceCloudServer
import PersistenceModels

/// What one export or import of a mirror works with: the store, its mirror tables, how its models
/// map to records, and who the device is.
final class MirrorContext {
    let schema: MirroredSchema
    let store: OpenedStore
    let state: any MirrorStateStore
    let engine: any ModelStoreEngine
    private(set) weak var container: ModelContainer?
    let containerIdentifier: String
    let device: CloudDeviceIdentity
    /// The folder of the account the store syncs with, which holds its keychain.
    let accountFolder: URL
    private var encryption: CloudFieldEncryption?
    /// The version of the store's schema, recorded with the fields this device saves first.
    let schemaVersion: String
    /// The zone epoch the store last synced with; `nil` until it first did.
    var zoneEpoch: Int64?
    /// The server change token of the store's last import, moved on past requests that only this
    /// device's changes followed.
    var serverToken: CloudServerChangeToken?

    init(
        schema: MirroredSchema, store: OpenedStore, state: any MirrorStateStore, engine: any ModelStoreEngine,
        container: ModelContainer,
        containerIdentifier: String, device: CloudDeviceIdentity, accountFolder: URL, schemaVersion: String,
        zoneEpoch: Int64?, serverToken: CloudServerChangeToken?
    ) {
        self.schema = schema
        self.store = store
        self.state = state
        self.engine = engine
        self.container = container
        self.containerIdentifier = containerIdentifier
        self.device = device
        self.accountFolder = accountFolder
        self.schemaVersion = schemaVersion
        self.zoneEpoch = zoneEpoch
        self.serverToken = serverToken
    }

    /// The encryption of the account's `.allowsCloudEncryption` fields, its key read (or made) on first use.
    ///
    /// - Throws: `CKError` `.internalError` when the account's key cannot be read or made.
    func fieldEncryption() throws -> CloudFieldEncryption {
        if let encryption { return encryption }
        do {
            let made = try CloudFieldEncryption(accountFolder: accountFolder)
            encryption = made
            return made
        } catch {
            throw CKError(
                .internalError, reason: error.description,
                context: "reading the iCloud Keychain's key for encrypted fields")
        }
    }

    /// The changes with every encrypted field opened; a record with a field that does not open is
    /// moved to the damaged records, with the reason, to be kept until a new version of it arrives.
    func openingEncryptedFields(of changes: CloudZoneChanges) throws -> CloudZoneChanges {
        let hasSealedField = changes.savedRecords.contains { record in
            record.fields.values.contains { if case .encrypted = $0 { true } else { false } }
        }
        guard hasSealedField else { return changes }
        let encryption = try fieldEncryption()
        var opened = changes
        opened.savedRecords = []
        for record in changes.savedRecords {
            do {
                opened.savedRecords.append(try encryption.opened(record))
            } catch {
                opened.damagedRecords.append(
                    CloudDamagedRecord(
                        recordName: record.recordName, recordType: record.recordType, reason: error.description))
            }
        }
        return opened
    }

    /// Sends one request, remembering the zone epoch the server answers with.
    func send(saves: [CloudRecordSave], deletions: [CloudRecordDeletion], to server: any CloudKitAccountServer) throws
        -> CloudModifyRecordsResult
    {
        let result = try server.modifyRecords(
            CloudModifyRecordsRequest(
                containerIdentifier: containerIdentifier, zoneEpoch: zoneEpoch, device: device,
                schemaVersion: schemaVersion,
                saves: saves, deletions: deletions
            ))
        // Nobody else changed the zone since the last import: the changes up to the request's end are this
        // device's own, which the next import need not fetch again.
        let onlyMine =
            serverToken.map { $0.zoneEpoch == result.zoneEpoch && $0.changeCounter == result.changeCounterBefore }
            ?? (zoneEpoch == nil && result.changeCounterBefore == 0)
        let token =
            onlyMine
            ? CloudServerChangeToken(zoneEpoch: result.zoneEpoch, changeCounter: result.changeCounterAfter) : nil
        if zoneEpoch != result.zoneEpoch || token != nil {
            zoneEpoch = result.zoneEpoch
            if let token { serverToken = token }
            try state.withMirrorTransaction(while: "recording the zone synced with") { tx in
                try tx.setValue(String(result.zoneEpoch), forKey: MirrorState.zoneEpoch)
                if let token { try tx.setValue(token.description, forKey: MirrorState.serverToken) }
            }
        }
        return result
    }

    /// The identifier of a row of `entity` in this store.
    func identifier(entity: String, primaryKey: Int64) -> PersistentIdentifier? {
        try? PersistentIdentifier.identifier(for: store.identifier, entityName: entity, primaryKey: primaryKey)
    }

    /// A conflict for the report.
    func conflict(
        _ outcome: CloudKitSyncReport.Conflict.Outcome, recordName: String, row: MirroredRow?, other: String,
        entity: String? = nil, identifier: PersistentIdentifier? = nil, lostValues: [String: String] = [:]
    ) -> CloudKitSyncReport.Conflict {
        let entityName = entity ?? row?.rootEntity ?? ""
        return CloudKitSyncReport.Conflict(
            outcome: outcome, recordName: recordName, entityName: entityName,
            persistentIdentifier: identifier
                ?? row.flatMap { self.identifier(entity: entityName, primaryKey: $0.primaryKey) },
            otherDevice: other, lostValues: lostValues
        )
    }
}
