import CloudTestSupport
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

@Suite("Silent pushes: an app with Background Modes → Remote notifications hears of other devices' changes")
struct SilentPushTests {
    /// What an app signed with Background Modes → Remote notifications declares.
    private static let pushed = AppEntitlements(
        iCloudContainerIdentifiers: [SyncSchema.containerIdentifier], backgroundModes: [.remoteNotification])

    private func titles(on container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])).map(\.title)
    }

    /// Whether `condition` holds within `seconds`, looking every 20 ms.
    private func eventually(within seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    @Test("A device whose app declares the mode brings in each change of another device as it reaches iCloud")
    func pushedChangesArrive() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone").makeContainer()
        let laptop = try bench.device("laptop").makeContainer(entitlements: Self.pushed)
        let context = ModelContext(phone)
        let note = Note(title: "Groceries")
        context.insert(note)
        try context.save()
        try phone.syncWithCloudKit()
        #expect(try eventually { try titles(on: laptop) == ["Groceries"] }, "the insert did not arrive")

        // The phone's own export after a save pushes too: no sync is asked for on either device.
        note.title = "Groceries for Sunday"
        try context.save()
        #expect(try eventually { try titles(on: laptop) == ["Groceries for Sunday"] }, "the edit did not arrive")

        context.delete(note)
        try context.save()
        #expect(try eventually { try titles(on: laptop).isEmpty }, "the deletion did not arrive")
    }

    @Test("Without the mode, another device's change waits for the app's own next sync")
    func withoutTheModeTheChangeWaits() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone").makeContainer()
        let laptop = try bench.device("laptop").makeContainer(
            entitlements: AppEntitlements(iCloudContainerIdentifiers: [SyncSchema.containerIdentifier]))
        laptop.waitForCloudKitActivity()
        let context = ModelContext(phone)
        context.insert(Note(title: "Groceries"))
        try context.save()
        try phone.syncWithCloudKit()
        #expect(!(try eventually(within: 1) { try titles(on: laptop) == ["Groceries"] }), "a change arrived unasked")
        try laptop.syncWithCloudKit()
        #expect(try titles(on: laptop) == ["Groceries"])
    }

    @Test("No push reaches a device that is offline or signed in to another account; back online, it catches up")
    func pushesReachOnlyTheAccountsOnlineDevices() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone").makeContainer()
        let laptopDevice = try bench.device("laptop")
        let laptop = try laptopDevice.makeContainer(entitlements: Self.pushed)
        let other = try bench.device("tablet", signedInAs: "someone-else@example.com").makeContainer(
            entitlements: Self.pushed)
        laptop.waitForCloudKitActivity()
        try laptopDevice.cloud.setNetworkAvailable(false)
        let context = ModelContext(phone)
        context.insert(Note(title: "Groceries"))
        try context.save()
        try phone.syncWithCloudKit()
        #expect(!(try eventually(within: 1) { try titles(on: laptop) == ["Groceries"] }), "the offline laptop got it")
        #expect(try titles(on: other).isEmpty)

        try laptopDevice.cloud.setNetworkAvailable(true)
        #expect(try eventually { try titles(on: laptop) == ["Groceries"] }, "the laptop did not catch up when back")
        #expect(try titles(on: other).isEmpty)
    }
}
