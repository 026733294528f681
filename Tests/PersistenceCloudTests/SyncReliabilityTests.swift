import CloudTestSupport
import CoreTestSupport
import Foundation
import PersistenceCore
import Testing

@Suite("Sync survives crashes, damage, an unwritable account and two processes at once", .serialized)
struct SyncReliabilityTests {
    @Test("Killed in the middle of an export, the device sends on its next run: nothing lost, nothing sent twice")
    func killDuringExport() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        try phone.cloud.setNetworkAvailable(false)
        do {
            let container = try phone.makeContainer()
            let context = ModelContext(container)
            for index in 0..<2_000 { context.insert(Note(title: "Note \(index)")) }
            try context.save()
        }
        try phone.cloud.setNetworkAvailable(true)

        try CloudProbeProcess.runAndKill(["sync", phone.sandbox.deviceRoot.path]) {
            (try? bench.account.zones().first?.recordCount ?? 0) ?? 0 > 0
        }
        let partial = (try? bench.account.zones().first?.recordCount) ?? 0
        let finish = try CloudProbeProcess.run(["sync", phone.sandbox.deviceRoot.path])
        #expect(finish.status == 0, "\(finish.output)")

        let records = try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records
        #expect(records.count == 2_000, "the killed export had sent \(partial)")
        #expect(Set(records.compactMap { $0.fields["CD_title"] }).count == 2_000)
        let laptop = try bench.device("laptop")
        let b = try laptop.makeContainer()
        try b.syncWithCloudKit()
        #expect(try ModelContext(b).fetchCount(FetchDescriptor<Note>()) == 2_000)
    }

    @Test("Killed in the middle of an import, the device imports on its next run: nothing lost, nothing twice")
    func killDuringImport() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let a = try phone.makeContainer()
        try insertNotes(3_000, into: a)
        try a.syncWithCloudKit()
        let laptop = try bench.device("laptop")

        for _ in 0..<3 {
            try CloudProbeProcess.runAndKill(["sync", laptop.sandbox.deviceRoot.path], afterAtMost: 400_000)
        }
        let finish = try CloudProbeProcess.run(["sync", laptop.sandbox.deviceRoot.path])
        #expect(finish.status == 0, "\(finish.output)")

        let b = try laptop.makeContainer()
        try b.syncWithCloudKit()
        let titles = try ModelContext(b).fetch(FetchDescriptor<Note>()).map(\.title)
        #expect(titles.count == 3_000)
        #expect(Set(titles).count == 3_000)
    }

    @Test("A damaged record is kept with why, the other records arrive, and a repaired version replaces it")
    func damagedRecordIsKept() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let a = try phone.makeContainer()
        let context = ModelContext(a)
        for title in ["First", "Second", "Third"] { context.insert(Note(title: title)) }
        try context.save()
        try a.syncWithCloudKit()
        let records = try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records
        let damaged = try #require(records.first { $0.fields["CD_title"] == .string("Second") })
        let mistyped = try #require(records.first { $0.fields["CD_title"] == .string("Third") })
        try bench.account.overwriteStoredFields(
            ofRecord: damaged.recordName, containerIdentifier: SyncSchema.containerIdentifier, with: "{not json")
        try bench.account.overwriteStoredFields(
            ofRecord: mistyped.recordName, containerIdentifier: SyncSchema.containerIdentifier,
            with: #"{"CD_entityName":{"STRING":"Note"},"CD_title":{"INT64":3}}"#
        )

        let b = try laptop.makeContainer()
        let report = try b.syncWithCloudKit()

        #expect(try titles(in: b) == ["First"])
        #expect(Set(report.unapplied.map(\.recordName)) == [damaged.recordName, mistyped.recordName])
        #expect(report.unapplied.contains { $0.reason.contains("not readable") })
        #expect(report.unappliedCount == 2)
        #expect(try b.syncWithCloudKit().unappliedCount == 2)
        for onPhone in try ModelContext(a).fetch(FetchDescriptor<Note>()) where onPhone.title != "First" {
            onPhone.body = "repaired"
            try onPhone.modelContext?.save()
        }
        try a.syncWithCloudKit()
        let repaired = try b.syncWithCloudKit()
        #expect(try titles(in: b) == ["First", "Second", "Third"])
        #expect(repaired.unappliedCount == 0)
    }

    @Test(
        "An account store that cannot be written fails the sync naming its folder, and the device's own data stays usable"
    )
    func unwritableAccountStore() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        do {
            let a = try phone.makeContainer()
            let context = ModelContext(a)
            context.insert(Note(title: "Synced before"))
            try context.save()
            try a.syncWithCloudKit()
        }
        let accountFolder = bench.iCloud.accountFolder(appleID: bench.appleID)
        // The probe runs as "nobody": it owns the device, but the account's folder stays the superuser's.
        if geteuid() == 0 {
            try run("/bin/chown", "-R", "65534:65534", phone.sandbox.deviceRoot.path)
            try run("/bin/chmod", "-R", "a+rX", bench.folder.path)
        }
        try run("/bin/chmod", "-R", "a-w", accountFolder.path)
        defer { try? run("/bin/chmod", "-R", "u+w", accountFolder.path) }
        // From a private folder, as from a checkout in one: the program cannot reach its own folder.
        let probe = try CloudProbeProcess.copyInPrivateFolder(in: bench.folder)

        let result = try CloudProbeProcess.run(
            ["sync-without-permission", phone.sandbox.deviceRoot.path], executable: probe
        )

        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("saved"))
        #expect(result.output.contains("failed"), "\(result.output)")
        #expect(result.output.contains(accountFolder.path), "\(result.output)")
        #expect(result.output.contains("notes 2"), "\(result.output)")
    }

    @Test(
        "A device folder the process cannot reach fails naming it, without a trap",
        .enabled(if: geteuid() == 0, "needs the superuser, to run the probe as the user nobody")
    )
    func unreachableDeviceFolder() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        try run("/bin/chmod", "-R", "a+rX", bench.folder.path)
        try run("/bin/chmod", "700", phone.sandbox.deviceRoot.path)
        let probe = try CloudProbeProcess.copyInPrivateFolder(in: bench.folder)

        let result = try CloudProbeProcess.run(
            ["sync-without-permission", phone.sandbox.deviceRoot.path], executable: probe
        )

        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.errors.contains(phone.sandbox.deviceRoot.path), "\(result.errors)")
        #expect(!result.output.contains("saved"))
    }

    @Test("Two devices syncing at the same moment, in two processes, lose nothing")
    func twoProcessesAtOnce() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let start = String(Date().timeIntervalSince1970 + 2)
        let first = try CloudProbeProcess.start([
            "insert-and-sync", phone.sandbox.deviceRoot.path, "600", "phone", start,
        ])
        let second = try CloudProbeProcess.start([
            "insert-and-sync", laptop.sandbox.deviceRoot.path, "600", "laptop", start,
        ])
        let outputs = [first, second].map {
            String(decoding: $0.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        first.process.waitUntilExit()
        second.process.waitUntilExit()
        #expect(first.process.terminationStatus == 0 && second.process.terminationStatus == 0, "\(outputs)")

        #expect(try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.count == 1_200)
        for device in [phone, laptop] {
            let container = try device.makeContainer()
            try container.syncWithCloudKit()
            let titles = try ModelContext(container).fetch(FetchDescriptor<Note>()).map(\.title)
            #expect(titles.count == 1_200 && Set(titles).count == 1_200, "\(device.name) has \(titles.count)")
        }
    }
}

/// Inserts `count` notes in one save.
func insertNotes(_ count: Int, into container: ModelContainer) throws {
    let context = ModelContext(container)
    for index in 0..<count { context.insert(Note(title: "Note \(index)", body: String(repeating: "x", count: 200))) }
    try context.save()
}

/// Runs a program and waits for it.
func run(_ program: String, _ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(filePath: program)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
}
