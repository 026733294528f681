import Foundation
import PersistenceCloudServer
import PersistenceModels
import Synchronization

/// A store's mirror to the private database of an iCloud container, on the account its device is
/// signed in to.
///
/// It works on a serial queue of its own, as Core Data's mirroring delegate does: when the container
/// loads it sets up and imports; after each save it exports; when the device's account or network
/// changes, or a silent push says another device changed the account (``SilentPushes``), it syncs.
/// ``ModelContainer/syncWithCloudKit()`` waits for that work and runs an export and an import at once, so
/// tests and command-line apps can sync at known moments.
// Unchecked Sendable: its mutable state is touched on its serial queue only (`observers` in init and deinit), and `automatic` is behind a Mutex.
final class CloudKitMirror: StoreMirror, @unchecked Sendable {
    /// What the mirror does on its own.
    enum Work {
        /// Setup and import, as the container loads.
        case load
        /// Export, after a save.
        case export
        /// Export then import.
        case sync
    }

    let request: CloudKitMirroringRequest
    private weak var container: ModelContainer?
    let store: OpenedStore
    let schema: MirroredSchema
    private let queue = DispatchQueue(label: "PersistenceCloud.CloudKitMirror")
    /// Marks the mirror's queue, so that a sync asked for from an event handler runs at once.
    private let queueMark = DispatchSpecificKey<ObjectIdentifier>()
    private let automatic = Mutex(AutomaticWork())
    private var observers: [any NSObjectProtocol] = []
    // Touched on the queue only.
    private var schemaChecked = false
    private var servers: [String: SQLiteAccountServer] = [:]

    private struct AutomaticWork {
        var exportScheduled = false
        var unreported = CloudKitSyncReport()
    }

    init(request: CloudKitMirroringRequest, container: ModelContainer, store: OpenedStore) {
        self.request = request
        self.container = container
        self.store = store
        self.schema = MirroredSchema(entities: store.schema.entities)
        let deviceRoot = request.device.deviceRoot.standardizedFileURL
        for name in [Notification.Name.CKAccountChanged, CloudDevice.networkAvailabilityDidChangeNotification] {
            observers.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    guard (note.object as? CloudDevice)?.deviceRoot.standardizedFileURL == deviceRoot else { return }
                    self?.schedule(.sync)
                })
        }
        queue.setSpecific(key: queueMark, value: ObjectIdentifier(self))
        if request.receivesSilentPushes { SilentPushes.subscribe(self) }
        schedule(.load)
    }

    deinit {
        // A container may be released inside NotificationCenter, whose lock is held while it removes an
        // observer: an app's observer block that holds the last reference to the container, removed in
        // the app's own deinit. Removing these observers there would take that lock again, so they are
        // removed from another thread; their blocks hold the mirror weakly and do nothing meanwhile.
        if request.receivesSilentPushes { SilentPushes.unsubscribe(ObjectIdentifier(self)) }
        nonisolated(unsafe) let observers = observers
        DispatchQueue.global().async {
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
        }
    }

    func storeDidSave(author: String?) {
        guard !MirrorState.isMirrorAuthor(author) else { return }
        schedule(.export)
    }

    /// How long an export waits after the save that asked for it, so that the saves of a burst go out
    /// together, as a device coalesces its exports.
    static let exportDelay: DispatchTimeInterval = .milliseconds(200)

    /// Queues work; the saves made while an export waits are sent by that export.
    func schedule(_ work: Work) {
        guard case .export = work else {
            queue.async { [weak self] in self?.runAutomatically(work) }
            return
        }
        let alreadyScheduled = automatic.withLock { state in
            defer { state.exportScheduled = true }
            return state.exportScheduled
        }
        if alreadyScheduled { return }
        queue.asyncAfter(deadline: .now() + Self.exportDelay) { [weak self] in self?.runAutomatically(work) }
    }

    private func runAutomatically(_ work: Work) {
        if case .export = work { automatic.withLock { $0.exportScheduled = false } }
        var report = CloudKitSyncReport()
        // Failures are in the events; the next sync tries again.
        try? run(work, into: &report)
        automatic.withLock { $0.unreported.append(report) }
    }

    /// Waits for the work queued so far (an export still waiting for its moment finds nothing left to
    /// send), then exports and imports, and reports everything the mirror did since the last report.
    func sync() throws -> CloudKitSyncReport {
        // Event handlers run on the mirror's queue: a sync asked for there runs at once.
        if DispatchQueue.getSpecific(key: queueMark) == ObjectIdentifier(self) { return try syncOnQueue() }
        return try queue.sync { try syncOnQueue() }
    }

    private func syncOnQueue() throws -> CloudKitSyncReport {
        var report = automatic.withLock { state in
            defer { state.unreported = CloudKitSyncReport() }
            return state.unreported
        }
        do {
            try run(.sync, into: &report)
        } catch {
            // What happened before the failure is reported with the next sync.
            automatic.withLock { $0.unreported.append(report) }
            throw error
        }
        return report
    }

    /// Returns once the mirror has nothing to do: no export waiting for its moment, no work queued.
    func waitUntilIdle() {
        while true {
            queue.sync {}
            if !automatic.withLock({ $0.exportScheduled }) { return }
            usleep(5_000)
        }
    }

    /// How many changes wait on this device.
    func pendingChangeCount() throws -> Int {
        guard let state = store.engine as? any MirrorStateStore else { return 0 }
        return try state.readMirrorState(while: "counting the changes waiting to be sent") { try $0.pendingCount() }
    }

    /// The records received that the store keeps unapplied, with why, by name.
    func unappliedRecords() throws -> [CloudKitSyncReport.UnappliedRecord] {
        guard let state = store.engine as? any MirrorStateStore else { return [] }
        let kept = try state.readMirrorState(while: "listing the records kept unapplied") { tx in
            try tx.unappliedRecords(named: nil)
        }
        return kept.filter { !$0.appliedInPart }.map { record in
            CloudKitSyncReport.UnappliedRecord(
                recordName: record.recordName, recordType: record.recordType, entityName: record.entityName,
                reason: record.reason
            )
        }
    }

    /// When the store last synced, if it ever did.
    func lastSync() throws -> Date? {
        guard let state = store.engine as? any MirrorStateStore else { return nil }
        let seconds = try state.readMirrorState(while: "reading when the store last synced") {
            try $0.value(forKey: MirrorState.lastSync)
        }
        return seconds.flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }

    // MARK: - Running

    private func run(_ work: Work, into report: inout CloudKitSyncReport) throws {
        guard let container, let engine = store.engine, let state = engine as? any MirrorStateStore else { return }
        let device = CloudDevice(deviceRoot: request.device.deviceRoot)
        let settings = device.settings
        let recorded = try state.readMirrorState(while: "reading the account the store mirrors") { tx in
            (
                try tx.value(forKey: MirrorState.account),
                try tx.value(forKey: MirrorState.zoneEpoch).flatMap(Int64.init),
                try tx.value(forKey: MirrorState.serverToken).flatMap(CloudServerChangeToken.init)
            )
        }
        var (recordedAccount, recordedEpoch, recordedToken) = recorded
        if let account = recordedAccount, account != settings.appleID {
            let reason =
                settings.appleID.map { "the device switched from the iCloud account \(account) to \($0)" }
                ?? "the device signed out of the iCloud account \(account)"
            report.removals.append(try purge(reason: reason, container: container, state: state))
            (recordedAccount, recordedEpoch, recordedToken) = (nil, nil, nil)
        }
        guard let appleID = settings.appleID, let root = settings.iCloudRoot else {
            if case .sync = work, !report.removals.isEmpty { return }
            let error = CKError(
                .notAuthenticated, reason: "no iCloud account is signed in on the device \(device.name)",
                context: activity(work))
            if case .load = work { postFailedEvent(.setup, error: error, container: container) }
            throw error
        }
        let mirror = MirrorContext(
            schema: schema, store: store, state: state, engine: engine, container: container,
            containerIdentifier: request.containerIdentifier,
            device: device.identity,
            accountFolder: SimulatedICloud(root: URL(filePath: root, directoryHint: .isDirectory)).accountFolder(
                appleID: appleID),
            schemaVersion: "\(container.schema.version)", zoneEpoch: recordedEpoch,
            serverToken: recordedToken
        )
        report.pendingChanges = try state.withMirrorTransaction(while: "queuing the changes to send") { tx in
            if recordedAccount == nil { try tx.setValue(appleID, forKey: MirrorState.account) }
            return try ExportStaging(schema: schema, rootOfEntity: { self.schema.entities[$0]?.rootName }).stage(in: tx)
        }
        // Read again: the account or the network may have changed while the changes were queued.
        let current = device.settings
        if current.temporarilyUnavailable || current.appleID != appleID {
            throw CKError(
                .accountTemporarilyUnavailable,
                reason:
                    "the iCloud account \(appleID) is temporarily unavailable on \(device.name); the data stays on the device",
                context: activity(work)
            )
        }
        guard current.networkAvailable else {
            throw CKError(
                .networkUnavailable,
                reason: "the network is off on \(device.name); \(report.pendingChanges) change(s) wait on the device",
                context: activity(work)
            )
        }
        let server = server(appleID: appleID, root: root)
        if case .load = work {
            try event(.setup, container: container) { try checkDeployedSchema(server: server) }
        } else if !schemaChecked {
            try checkDeployedSchema(server: server)
        }
        let sentBefore = report.sent.count
        try exchange(work, mirror: mirror, server: server, state: state, container: container, into: &report)
        if report.sent.count > sentBefore {
            SilentPushes.post(
                containerIdentifier: request.containerIdentifier, appleID: appleID, iCloudRoot: root,
                senderDevice: request.device.deviceRoot)
        }
        (report.pendingChanges, report.unappliedCount, report.waitingRelationships) = try state.readMirrorState(
            while: "counting what waits on the device"
        ) { tx in
            (try tx.pendingCount(), try tx.unappliedRecordCount(), try tx.pendingRelationshipCount())
        }
        try? state.withMirrorTransaction(while: "recording the sync") { tx in
            try tx.setValue(String(Date().timeIntervalSince1970), forKey: MirrorState.lastSync)
        }
        try? server.recordSync(
            CloudDeviceSyncReport(
                device: device.identity, containerIdentifier: request.containerIdentifier, date: Date(),
                pendingChanges: report.pendingChanges, storePath: store.identifier,
                unappliedRecords: report.unappliedCount
            ))
    }

    /// Exports and imports as `work` asks, starting again once if the zone turns out to be deleted.
    private func exchange(
        _ work: Work, mirror: MirrorContext, server: SQLiteAccountServer, state: any MirrorStateStore,
        container: ModelContainer,
        into report: inout CloudKitSyncReport
    ) throws {
        for attempt in 0..<2 {
            do {
                if case .load = work, report.pendingChanges == 0 {
                } else {
                    try event(.export, container: container) {
                        try ExportPush(mirror: mirror, server: server).push(into: &report)
                    }
                }
                if case .export = work { return }
                try event(.import, container: container) {
                    do {
                        try ImportApplier(mirror: mirror, server: server).importChanges(into: &report)
                    } catch is ImportApplier.ImportRaced {
                        try ImportApplier(mirror: mirror, server: server).importChanges(into: &report)
                    }
                }
                return
            } catch let error as CKError where error.code == .userDeletedZone && attempt == 0 {
                report.removals.append(
                    try purge(reason: "the user deleted the app's data from iCloud", container: container, state: state)
                )
                mirror.zoneEpoch = nil
                mirror.serverToken = nil
                try state.withMirrorTransaction(while: "recording the account after the zone was deleted") { tx in
                    try tx.setValue(
                        CloudDevice(deviceRoot: request.device.deviceRoot).appleID, forKey: MirrorState.account)
                    _ = try ExportStaging(schema: schema, rootOfEntity: { self.schema.entities[$0]?.rootName }).stage(
                        in: tx)
                }
            }
        }
    }

    /// Refuses to sync a schema that takes away what the account holds, once per mirror.
    private func checkDeployedSchema(server: SQLiteAccountServer) throws {
        guard !schemaChecked, let container else { return }
        let deployed = try translating { try server.deployedSchema(containerIdentifier: request.containerIdentifier) }
        let problems = DeployedSchemaCheck.problems(of: schema, version: container.schema.version, deployed: deployed)
        guard problems.isEmpty else {
            throw CKError(
                .incompatibleVersion, reason: DeployedSchemaCheck.describe(problems),
                context: "setting up the mirror of \(store.identifier)")
        }
        schemaChecked = true
    }

    private func server(appleID: String, root: String) -> SQLiteAccountServer {
        let key = "\(root)\n\(appleID)"
        if let known = servers[key] { return known }
        let made = SimulatedICloud(root: URL(filePath: root, directoryHint: .isDirectory)).account(appleID)
        servers[key] = made
        return made
    }

    private func activity(_ work: Work) -> String {
        switch work {
        case .load: "setting up the mirror of \(store.identifier) with \(request.containerIdentifier)"
        case .export: "exporting \(store.identifier) to \(request.containerIdentifier)"
        case .sync: "syncing \(store.identifier) with \(request.containerIdentifier)"
        }
    }

    // MARK: - Events

    /// Runs `body` as one event, posted when it starts and when it ends; server errors become `CKError`s.
    private func event(
        _ type: NSPersistentCloudKitContainer.EventType, container: ModelContainer, _ body: () throws -> Void
    ) throws {
        let started = NSPersistentCloudKitContainer.Event(
            identifier: UUID(), storeIdentifier: store.identifier, type: type, startDate: Date(), endDate: nil,
            succeeded: false, error: nil
        )
        post(started, container: container)
        do {
            try translating(body)
            post(started.ended(succeeded: true, error: nil), container: container)
        } catch {
            let failure =
                (error as? CKError)
                ?? CKError(.internalError, reason: "\(error)", context: "the \(type) of \(store.identifier)")
            post(started.ended(succeeded: false, error: failure), container: container)
            throw failure
        }
    }

    private func postFailedEvent(
        _ type: NSPersistentCloudKitContainer.EventType, error: CKError, container: ModelContainer
    ) {
        let started = NSPersistentCloudKitContainer.Event(
            identifier: UUID(), storeIdentifier: store.identifier, type: type, startDate: Date(), endDate: nil,
            succeeded: false, error: nil
        )
        post(started, container: container)
        post(started.ended(succeeded: false, error: error), container: container)
    }

    private func post(_ event: NSPersistentCloudKitContainer.Event, container: ModelContainer) {
        NotificationCenter.default.post(
            name: NSPersistentCloudKitContainer.eventChangedNotification, object: container,
            userInfo: [NSPersistentCloudKitContainer.eventNotificationUserInfoKey: event]
        )
    }

    /// Runs `body`, turning the server's errors into CloudKit's.
    private func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CloudServerError {
            switch error.kind {
            case .zoneReset: throw CKError(.userDeletedZone, reason: error.reason, context: error.context)
            case .accountStoreUnavailable:
                throw CKError(.serviceUnavailable, reason: error.reason, context: error.context)
            case .invalidRequest: throw CKError(.internalError, reason: error.reason, context: error.context)
            }
        }
    }
}
