import Foundation
import PersistenceModels

extension ModelContainer {
    /// Syncs the container's stores that mirror to iCloud now, and waits: it lets the automatic work
    /// queued so far finish, sends every change waiting on the device, brings in the account's changes,
    /// and reports all the mirror did since the last report.
    ///
    /// A device has no such call: it syncs when it decides to. The workbench syncs on its own too (an
    /// import when the container loads, an export after each save), and this call makes the moment
    /// known, so that tests and command-line apps can drive sync between simulated devices.
    ///
    /// ```swift
    /// try phone.mainContext.save()
    /// try phoneContainer.syncWithCloudKit()
    /// let report = try laptopContainer.syncWithCloudKit()
    /// print(report.received.count, "record(s) arrived")
    /// ```
    ///
    /// - Returns: What was sent, received and resolved, and what the device keeps without having applied it.
    /// - Throws: ``CKError``: `.notAuthenticated` without an iCloud account on the device,
    ///   `.networkUnavailable` while the device is offline (the changes then wait on the device),
    ///   `.accountTemporarilyUnavailable`, `.serviceUnavailable` when the account's store cannot be
    ///   written (naming its folder), `.incompatibleVersion` for a schema the account refuses, and
    ///   `.badContainer` when no store of the container syncs.
    @discardableResult
    @_spi(Workbench) public func workbenchSyncWithCloudKit() throws -> CloudKitSyncReport {
        let mirrors = cloudKitMirrors
        guard !mirrors.isEmpty else {
            throw CKError(
                .badContainer,
                reason:
                    "no configuration of the container syncs with iCloud (cloudKitDatabase is .none, or .automatic without an iCloud container in AppEntitlements)",
                context: "syncing with iCloud"
            )
        }
        var report = CloudKitSyncReport()
        for mirror in mirrors {
            report.append(try mirror.sync())
        }
        return report
    }

    /// How many changes wait on this device to be sent to iCloud.
    ///
    /// - Throws: ``SwiftDataError`` when a store cannot be read.
    package func cloudKitPendingChangeCount() throws -> Int {
        try cloudKitMirrors.reduce(0) { $0 + (try $1.pendingChangeCount()) }
    }

    /// Returns once the container's mirrors have nothing left to do on their own (an export waiting
    /// after a save included), without syncing; for measurements that must not overlap a mirror's work.
    package func waitForCloudKitActivity() {
        for mirror in cloudKitMirrors { mirror.waitUntilIdle() }
    }

    /// The records received from iCloud that the container's stores keep without having applied them
    /// (an entity its schema lacks, a value it cannot read), with why: each is applied by the first sync
    /// after a schema that can opens the store.
    ///
    /// - Throws: ``SwiftDataError`` when a store cannot be read.
    package func cloudKitUnappliedRecords() throws -> [CloudKitSyncReport.UnappliedRecord] {
        try cloudKitMirrors.flatMap { try $0.unappliedRecords() }
    }

    /// When the container's mirror last synced, if it ever did.
    ///
    /// - Throws: ``SwiftDataError`` when a store cannot be read.
    package func cloudKitLastSync() throws -> Date? {
        try cloudKitMirrors.compactMap { try $0.lastSync() }.max()
    }

    /// Whether a store of the container mirrors to iCloud.
    package var mirrorsToCloudKit: Bool { !cloudKitMirrors.isEmpty }

    private var cloudKitMirrors: [CloudKitMirror] {
        mirrors.compactMap { $0 as? CloudKitMirror }
    }
}
