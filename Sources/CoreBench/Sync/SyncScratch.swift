import Foundation
import PersistenceCloud
import PersistenceCloudServer
import PersistenceModels
import PersistenceSQLiteStore
import PersistenceSandbox
import PersistenceWorkbench

/// Simulated devices and iCloud accounts for the sync workloads: filled templates made once, copied
/// before each run.
final class SyncScratch {
    static let appleID = "bench@example.com"
    static let containerIdentifier = "iCloud.com.example.CoreBench"

    let root: URL
    private var templates: [Int: URL] = [:]
    private var counter = 0

    init(inside scratch: Scratch) {
        root = scratch.root.appending(path: "sync", directoryHint: .isDirectory)
    }

    /// A fresh folder for one run.
    func freshFolder() throws -> URL {
        counter += 1
        let folder = root.appending(path: "run-\(counter)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes a run's folder.
    func discard(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A copy of a machine where the device `phone` made `notes` notes and sent them to the account:
    /// the folder holds `iCloud` and `Devices/phone`, the phone signed in to the copy's iCloud.
    func machine(withSyncedNotes notes: Int) throws -> URL {
        let template = try template(notes: notes)
        let folder = try freshFolder()
        for item in ["iCloud", "Devices"] {
            try FileManager.default.copyItem(at: template.appending(path: item), to: folder.appending(path: item))
        }
        try device("phone", in: folder).signIn(appleID: Self.appleID, iCloud: iCloud(in: folder))
        return folder
    }

    /// The device `name` of a machine folder.
    func device(_ name: String, in folder: URL) -> CloudDevice {
        CloudDevice(deviceRoot: folder.appending(path: "Devices").appending(path: name, directoryHint: .isDirectory))
    }

    /// The simulated iCloud of a machine folder.
    func iCloud(in folder: URL) -> SimulatedICloud {
        SimulatedICloud(root: folder.appending(path: "iCloud", directoryHint: .isDirectory))
    }

    /// A container of the bench app on a device, syncing (`mirrors`) or not.
    func container(on device: CloudDevice, mirrors: Bool) throws -> ModelContainer {
        let sandbox = AppSandbox(appIdentifier: "com.example.CoreBench", deviceRoot: device.deviceRoot)
        return try AppSandbox.withCurrent(sandbox) {
            let configuration = ModelConfiguration(
                url: sandbox.applicationSupportDirectory.appending(path: "Bench.store"),
                cloudKitDatabase: mirrors ? .private(Self.containerIdentifier) : .none
            )
            return try ModelContainer(for: BenchSyncNote.self, configurations: configuration)
        }
    }

    private func template(notes: Int) throws -> URL {
        if let template = templates[notes] { return template }
        let folder = try freshFolder()
        let phone = device("phone", in: folder)
        try phone.rename(to: "phone")
        try phone.signIn(appleID: Self.appleID, iCloud: iCloud(in: folder))
        try autoreleasingContainer(on: phone) { container in
            let context = ModelContext(container)
            for index in 0..<notes { context.insert(BenchSyncNote(NoteValues(index: index, rows: notes))) }
            try context.save()
            try container.syncWithCloudKit()
        }
        templates[notes] = folder
        return folder
    }

    /// Runs `body` with a syncing container that is released (its files closed) when it returns.
    ///
    /// Work the sync started may hold the container a moment after `body` returns; the template's files are
    /// copied only once it is gone, since closing its last connection folds the WAL into the store and
    /// deletes it, which once failed a copy halfway (the `-wal` file listed, then gone).
    private func autoreleasingContainer(on device: CloudDevice, _ body: (ModelContainer) throws -> Void) throws {
        weak var released: ModelContainer?
        do {
            let container = try container(on: device, mirrors: true)
            released = container
            try body(container)
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while released != nil {
            guard ContinuousClock.now < deadline else {
                throw BenchError.wrongResult("the template's container was still open 10 s after its last use")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }
}
