import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section14WaterLog
import Testing

@Suite("Section 14: sync between devices", .serialized)
struct SyncChecks {
    @Test("entries logged on two devices, one of them offline, add up on both after syncing")
    func entriesMerge() throws {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "waterlog-sync-\(UUID().uuidString)", directoryHint: .isDirectory)
        defer { try? FileManager.default.removeItem(at: folder) }
        let iCloud = SimulatedICloud(root: folder.appending(path: "iCloud", directoryHint: .isDirectory))
        func device(_ name: String) throws -> AppSandbox {
            let sandbox = AppSandbox(
                appIdentifier: "com.example.WaterLog",
                deviceRoot: folder.appending(path: name, directoryHint: .isDirectory))
            try CloudDevice(sandbox).rename(to: name)
            try CloudDevice(sandbox).signIn(appleID: "drinker@example.com", iCloud: iCloud)
            return sandbox
        }
        let phone = try device("phone")
        let watch = try device("watch")
        let phoneStore = try WaterLogStore.makeContainer(sandbox: phone, syncsWithICloud: true)
        let watchStore = try WaterLogStore.makeContainer(sandbox: watch, syncsWithICloud: true)
        try CloudDevice(watch).setNetworkAvailable(false)

        try WaterLog(context: ModelContext(phoneStore), calendar: utc).log(amount: 250, at: day(0, 8))
        try WaterLog(context: ModelContext(watchStore), calendar: utc).log(amount: 400, at: day(0, 9))
        try phoneStore.syncWithCloudKit()
        _ = try? watchStore.syncWithCloudKit()
        try CloudDevice(watch).setNetworkAvailable(true)
        try watchStore.syncWithCloudKit()
        try phoneStore.syncWithCloudKit()

        for (name, store) in [("phone", phoneStore), ("watch", watchStore)] {
            let total = try WaterLog(context: ModelContext(store), calendar: utc).total(on: day(0))
            #expect(
                total == 650,
                "The day's total on the \(name) after both synced: expected 650 (250 from the phone, 400 logged offline on the watch), found \(total)."
            )
        }
    }
}
