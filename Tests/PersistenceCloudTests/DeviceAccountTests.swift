import CloudTestSupport
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

@Suite("Devices and accounts", .serialized)
struct DeviceAccountTests {
    @Test("A device offline saves one note three times; back online it sends it once")
    func offlineSavesPushOnce() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let a = try phone.makeContainer()
        let context = ModelContext(a)
        let groceries = Note(title: "Groceries")
        context.insert(groceries)
        try context.save()
        try a.syncWithCloudKit()

        try phone.cloud.setNetworkAvailable(false)
        for body in ["lemons", "lemons, milk", "lemons, milk, bread"] {
            groceries.body = body
            try context.save()
        }
        let offline = #expect(throws: CKError.self) { try a.syncWithCloudKit() }
        #expect(offline?.code == .networkUnavailable)
        #expect(try a.cloudKitPendingChangeCount() == 1)
        try phone.cloud.setNetworkAvailable(true)
        let report = try a.syncWithCloudKit()

        #expect(report.sent.map(\.recordType) == ["CD_Note"])
        let record = try #require(
            try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.first)
        #expect(record.fields["CD_body"] == .string("lemons, milk, bread"))
        #expect(record.version?.saveCount == 2, "one save when inserted, one when back online")
        #expect(report.pendingChanges == 0)
    }

    @Test(
        "Signing out removes the mirrored data from the device and keeps it in iCloud; signing in again brings it back")
    func signOutRemovesMirroredData() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let a = try phone.makeContainer()
        let context = ModelContext(a)
        context.insert(Note(title: "Groceries"))
        try context.save()
        try a.syncWithCloudKit()

        try phone.cloud.signOut()
        let report = try a.syncWithCloudKit()

        #expect(report.removals.map(\.removedModels) == [1])
        #expect(report.removals.first?.reason.contains("signed out") == true)
        #expect(try titles(in: a).isEmpty)
        #expect(try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.count == 1)
        #expect(throws: CKError.self) { try a.syncWithCloudKit() }

        try phone.cloud.signIn(appleID: bench.appleID, iCloud: bench.iCloud)
        try a.syncWithCloudKit()
        #expect(try titles(in: a) == ["Groceries"])
    }

    @Test("Switching accounts: nothing of one account ever shows in the other")
    func switchingAccountsKeepsThemApart() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let a = try phone.makeContainer()
        let context = ModelContext(a)
        context.insert(Note(title: "Alice's note"))
        try context.save()
        try a.syncWithCloudKit()

        try phone.cloud.signIn(appleID: "bob@example.com", iCloud: bench.iCloud)
        let switched = try a.syncWithCloudKit()
        #expect(switched.removals.count == 1)
        #expect(try titles(in: a).isEmpty)
        let bobContext = ModelContext(a)
        bobContext.insert(Note(title: "Bob's note"))
        try bobContext.save()
        try a.syncWithCloudKit()

        #expect(try titles(in: a) == ["Bob's note"])
        let bob = bench.iCloud.account("bob@example.com")
        #expect(
            try bob.records(containerIdentifier: SyncSchema.containerIdentifier).records.map { $0.fields["CD_title"] }
                == [.string("Bob's note")])
        #expect(
            try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.map {
                $0.fields["CD_title"]
            } == [.string("Alice's note")])
        #expect(bench.iCloud.appleIDs() == ["bob@example.com", "tester@example.com"])
    }

    @Test("While the account is temporarily unavailable the data stays on the device and nothing syncs")
    func temporarilyUnavailableKeepsData() async throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let a = try phone.makeContainer()
        try a.syncWithCloudKit()
        try phone.cloud.setAccountTemporarilyUnavailable(true)
        let status = try await AppSandbox.withCurrent(phone.sandbox) {
            try await CKContainer(identifier: SyncSchema.containerIdentifier).accountStatus()
        }
        #expect(status == .temporarilyUnavailable)
        let context = ModelContext(a)
        context.insert(Note(title: "Groceries"))
        try context.save()

        let error = #expect(throws: CKError.self) { try a.syncWithCloudKit() }
        #expect(error?.code == .accountTemporarilyUnavailable)
        #expect(try titles(in: a) == ["Groceries"])
        #expect(try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.isEmpty)

        try phone.cloud.setAccountTemporarilyUnavailable(false)
        try a.syncWithCloudKit()
        #expect(try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.count == 1)
    }

    @Test(
        "Deleting the zone, as a user deleting the app's iCloud data, removes the mirrored data from each device at its next sync"
    )
    func deletedZonePurgesDevices() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let a = try phone.makeContainer()
        let b = try laptop.makeContainer()
        let context = ModelContext(a)
        context.insert(Note(title: "Groceries"))
        try context.save()
        try a.syncWithCloudKit()
        try b.syncWithCloudKit()

        #expect(try bench.account.deleteZone(containerIdentifier: SyncSchema.containerIdentifier))
        let report = try b.syncWithCloudKit()

        #expect(report.removals.first?.reason.contains("deleted the app's data") == true)
        #expect(try titles(in: b).isEmpty)
        let fresh = ModelContext(b)
        fresh.insert(Note(title: "After the reset"))
        try fresh.save()
        try b.syncWithCloudKit()
        try a.syncWithCloudKit()
        #expect(try titles(in: a) == ["After the reset"])
        #expect(try bench.account.zones().first?.epoch == 2)
    }

    @Test("A device with no account keeps its data local and reports notAuthenticated when asked to sync")
    func noAccount() async throws {
        let bench = SyncTestBench()
        let phone = SimulatedDevice(name: "phone", in: bench.folder)
        #expect(
            try await AppSandbox.withCurrent(phone.sandbox) { try await CKContainer.default().accountStatus() }
                == .noAccount)
        let a = try phone.makeContainer()
        let context = ModelContext(a)
        context.insert(Note(title: "Local"))
        try context.save()
        let error = #expect(throws: CKError.self) { try a.syncWithCloudKit() }
        #expect(error?.code == .notAuthenticated)
        #expect(try titles(in: a) == ["Local"])
    }

    @Test("A store that does not sync says so when asked to")
    func containerThatDoesNotSync() throws {
        let bench = SyncTestBench()
        let container = try AppSandbox.withCurrent(SimulatedDevice(name: "phone", in: bench.folder).sandbox) {
            try ModelContainer(
                for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none))
        }
        let error = #expect(throws: CKError.self) { try container.syncWithCloudKit() }
        #expect(error?.code == .badContainer)
    }
}
