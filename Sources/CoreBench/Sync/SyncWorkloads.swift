import Foundation
import PersistenceCloud
import PersistenceModels
import PersistenceSQLiteStore
import PersistenceWorkbench

/// How a sync workload runs the core.
enum SyncWay: String, CaseIterable {
    /// The work itself: an import, a push.
    case sync
    /// Inserts into a store that does not sync.
    case mirroringOff = "mirroring-off"
    /// Inserts into a store that syncs, its automatic exports running beside the saves as on a device.
    case mirroringOn = "mirroring-on"
    /// The same, on a device that is offline, timed until every change is queued: the bookkeeping.
    case mirroringOffline = "mirroring-offline"
    /// The same as `mirroringOn`, timed until every change was sent.
    case mirroringUntilSent = "mirroring-sent"

    var label: String {
        switch self {
        case .sync: "core"
        case .mirroringOff: "mirroring off"
        case .mirroringOn: "mirroring on"
        case .mirroringOffline: "on, queued"
        case .mirroringUntilSent: "on, until sent"
        }
    }
}

/// A sync workload: timed runs of the core's mirroring on simulated devices.
protocol SyncWorkload {
    var name: String { get }
    var title: String { get }
    var ways: [SyncWay] { get }
    /// Targets, each a summary and how to check it against the medians and peaks.
    var budgets: [(summary: String, check: ([SyncWay: Double], [SyncWay: Int]) -> (value: String, isMet: Bool)?)] {
        get
    }
    /// A line printed under the results, for scale.
    var note: String? { get }
    func prepare(_ way: SyncWay, scratch: SyncScratch) throws -> PreparedRun
}

/// The first import of `notes` notes into a device that never synced: opening its container, which
/// imports, and the sync that waits for the import.
struct FirstImportWorkload: SyncWorkload {
    let notes: Int
    var name: String { "sync-import-\(notes)" }
    var title: String { "First import of \(notes) notes into an empty device (open the container, sync)" }
    var ways: [SyncWay] { [.sync] }
    var note: String? {
        notes == 4_100 ? "for scale: a real device imports 4,100 records from iCloud in about 14.5 s" : nil
    }
    var budgets: [(summary: String, check: ([SyncWay: Double], [SyncWay: Int]) -> (value: String, isMet: Bool)?)] {
        guard notes >= 10_000 else { return [] }
        return [
            ("≤ 2 s", { seconds, _ in seconds[.sync].map { (Report.format(seconds: $0), $0 <= 2) } }),
            (
                "peak memory ≤ 100 MB",
                { _, peaks in peaks[.sync].map { (SyncReport.megabytes($0), Double($0) / 1_048_576 <= 100) } }
            ),
        ]
    }

    func prepare(_ way: SyncWay, scratch: SyncScratch) throws -> PreparedRun {
        let machine = try scratch.machine(withSyncedNotes: notes)
        let laptop = scratch.device("laptop", in: machine)
        try laptop.rename(to: "laptop")
        try laptop.signIn(appleID: SyncScratch.appleID, iCloud: scratch.iCloud(in: machine))
        let expected = notes
        return PreparedRun(
            action: {
                let container = try scratch.container(on: laptop, mirrors: true)
                try container.syncWithCloudKit()
                let count = try ModelContext(container).fetchCount(FetchDescriptor<BenchSyncNote>())
                guard count == expected else {
                    throw SyncBenchError("the import brought \(count) notes of \(expected)")
                }
            }, cleanUp: { scratch.discard(machine) })
    }
}

/// Sending `notes` changed notes: every synced note edited offline, then the device back online.
struct PushWorkload: SyncWorkload {
    let notes: Int
    var name: String { "sync-push-\(notes)" }
    var title: String { "Push \(notes) changed notes (edited offline; timed from going online until sent)" }
    var ways: [SyncWay] { [.sync] }
    var note: String? { nil }
    var budgets: [(summary: String, check: ([SyncWay: Double], [SyncWay: Int]) -> (value: String, isMet: Bool)?)] { [] }

    func prepare(_ way: SyncWay, scratch: SyncScratch) throws -> PreparedRun {
        let machine = try scratch.machine(withSyncedNotes: notes)
        let phone = scratch.device("phone", in: machine)
        try phone.setNetworkAvailable(false)
        let container = try scratch.container(on: phone, mirrors: true)
        let context = ModelContext(container)
        for note in try context.fetch(FetchDescriptor<BenchSyncNote>()) { note.title += " (edited)" }
        try context.save()
        container.waitForCloudKitActivity()
        let expected = notes
        return PreparedRun(
            action: {
                try phone.setNetworkAvailable(true)
                let report = try container.syncWithCloudKit()
                guard report.sent.count == expected else {
                    throw SyncBenchError("the push sent \(report.sent.count) notes of \(expected)")
                }
            }, cleanUp: { scratch.discard(machine) })
    }
}

/// Inserting `notes` notes in saves of `batch`, with mirroring off and on: the cost of mirroring's
/// bookkeeping (the exports run on their own queue, as on a device).
struct MirroredInsertWorkload: SyncWorkload {
    let notes: Int
    let batch: Int
    var name: String { "sync-insert" }
    var title: String { "Insert \(notes) notes in saves of \(batch), mirroring off and on" }
    var ways: [SyncWay] { [.mirroringOff, .mirroringOn, .mirroringOffline, .mirroringUntilSent] }
    var note: String? { "cr-sqlite reports 2.5× for the bookkeeping of its CRDT tables" }
    var budgets: [(summary: String, check: ([SyncWay: Double], [SyncWay: Int]) -> (value: String, isMet: Bool)?)] {
        // The bookkeeping alone: the exports queue the changes but send nothing. With the network on, the
        // exports' sends share the machine's cores with the saves, as on a device.
        [
            (
                "bookkeeping (on, queued offline) ≤ 1.5× off",
                { seconds, _ in
                    guard let on = seconds[.mirroringOffline], let off = seconds[.mirroringOff], off > 0 else {
                        return nil
                    }
                    return (String(format: "%.2f×", on / off), on / off <= 1.5)
                }
            )
        ]
    }

    func prepare(_ way: SyncWay, scratch: SyncScratch) throws -> PreparedRun {
        let machine = try scratch.freshFolder()
        let phone = scratch.device("phone", in: machine)
        try phone.rename(to: "phone")
        try phone.signIn(appleID: SyncScratch.appleID, iCloud: scratch.iCloud(in: machine))
        try phone.setNetworkAvailable(way != .mirroringOffline)
        let container = try scratch.container(on: phone, mirrors: way != .mirroringOff)
        // The first sync (setup) before the clock starts, as on a device long since set up.
        if way != .mirroringOff, way != .mirroringOffline { try container.syncWithCloudKit() }
        container.waitForCloudKitActivity()
        let (notes, batch) = (notes, batch)
        return PreparedRun(
            action: {
                let context = ModelContext(container)
                for start in stride(from: 0, to: notes, by: batch) {
                    for index in start..<min(start + batch, notes) {
                        context.insert(BenchSyncNote(NoteValues(index: index, rows: notes)))
                    }
                    try context.save()
                }
                switch way {
                case .mirroringUntilSent: try container.syncWithCloudKit()
                // Offline, a sync queues every change and stops at the network: the bookkeeping, all of it.
                case .mirroringOffline: _ = try? container.syncWithCloudKit()
                default: break
                }
            },
            cleanUp: {
                // The exports still under way (or waiting) finish before the next run's clock starts.
                container.waitForCloudKitActivity()
                scratch.discard(machine)
            })
    }
}

/// A sync workload could not do what it measures.
struct SyncBenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
