import CloudTestSupport
import Foundation
import PersistenceCore
import Testing

/// What a device keeps for later, with each device in a process of its own.
extension SyncReliabilityTests {
    @Test(
        "A folder another process sends after the note naming it connects, though the receiver was killed between imports"
    )
    func linkWaitsAcrossProcesses() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let (phoneRoot, laptopRoot) = (phone.sandbox.deviceRoot.path, laptop.sandbox.deviceRoot.path)
        let (noteRecord, folderRecord) = (CoreDataRecords.newName(), CoreDataRecords.newName())

        let note = try CloudProbeProcess.run(["send-note", phoneRoot, noteRecord, "Packing", folderRecord])
        #expect(note.status == 0, "\(note.output)\(note.errors)")
        let firstImport = try CloudProbeProcess.runAndKill(["sync-and-stay", laptopRoot], afterAtMost: 0)
        #expect(firstImport.contains("synced sent 0, received 1"), "\(firstImport)")
        let folder = try CloudProbeProcess.run(["send-folder", phoneRoot, folderRecord, "Trips"])
        #expect(folder.status == 0, "\(folder.output)\(folder.errors)")
        try CloudProbeProcess.runAndKill(["sync", laptopRoot], afterAtMost: 300_000)
        let secondImport = try CloudProbeProcess.run(["sync", laptopRoot])
        #expect(secondImport.status == 0, "\(secondImport.output)\(secondImport.errors)")

        let b = try laptop.makeContainer()
        let report = try b.syncWithCloudKit()
        #expect(try folderName(ofNote: "Packing", in: b) == "Trips")
        #expect(report.waitingRelationships == 0)
        let context = ModelContext(b)
        #expect(try context.fetchCount(FetchDescriptor<Note>()) == 1)
        #expect(try context.fetchCount(FetchDescriptor<Folder>()) == 1)
    }

    @Test(
        "A trip a newer app sends from another process is kept by the older app, edited again, and found once it migrates"
    )
    func unappliedRecordAcrossProcesses() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let (phoneRoot, laptopRoot) = (phone.sandbox.deviceRoot.path, laptop.sandbox.deviceRoot.path)

        let added = try CloudProbeProcess.run(["add-trip", phoneRoot, "Lisbon", "Summer"])
        #expect(added.status == 0, "\(added.output)\(added.errors)")
        let kept = try CloudProbeProcess.run(["sync", laptopRoot])
        #expect(kept.output.contains("1 unapplied"), "\(kept.output)\(kept.errors)")
        let renamed = try CloudProbeProcess.run(["rename-trip", phoneRoot, "Lisbon", "Porto"])
        #expect(renamed.status == 0, "\(renamed.output)\(renamed.errors)")
        let keptAgain = try CloudProbeProcess.run(["sync", laptopRoot])
        #expect(keptAgain.output.contains("1 unapplied"), "\(keptAgain.output)\(keptAgain.errors)")
        // The updated app's first sync is killed at a random moment, and the next one finishes.
        try CloudProbeProcess.runAndKill(["sync", laptopRoot, "v2"], afterAtMost: 300_000)
        let migrated = try CloudProbeProcess.run(["sync", laptopRoot, "v2"])
        #expect(migrated.status == 0, "\(migrated.output)\(migrated.errors)")

        #expect(migrated.output.contains("trip Porto in Summer"), "\(migrated.output)")
        let newer = try laptop.makeContainerV2()
        try newer.syncWithCloudKit()
        #expect(try trips(in: newer) == ["Porto in Summer"])
        #expect(try newer.cloudKitUnappliedRecords().isEmpty)
    }
}
