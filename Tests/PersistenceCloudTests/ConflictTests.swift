import CloudTestSupport
import Foundation
import PersistenceCore
import Testing

/// Two devices that both have the note "Groceries", synced.
private func twoDevicesSharingANote(_ bench: SyncTestBench) throws -> (
    a: ModelContainer, b: ModelContainer, phone: SimulatedDevice, laptop: SimulatedDevice
) {
    let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
    let a = try phone.makeContainer()
    let b = try laptop.makeContainer()
    let context = ModelContext(a)
    context.insert(Note(title: "Groceries", body: "lemons", modifiedAt: Date(timeIntervalSince1970: 1_000)))
    try context.save()
    try a.syncWithCloudKit()
    try b.syncWithCloudKit()
    return (a, b, phone, laptop)
}

/// Edits the note titled `title` in a fresh context of `container` and saves.
private func edit(_ title: String, in container: ModelContainer, _ change: (Note) -> Void) throws {
    let found = try note(title, in: container)
    change(found)
    try found.modelContext?.save()
}

@Suite("Conflicts between devices: the later upload wins the whole record", .serialized)
struct ConflictTests {
    @Test(
        "Both devices edit one note offline: the later upload wins the whole record, though the other edit was newer by its device's clock"
    )
    func laterUploadWinsWhole() throws {
        let bench = SyncTestBench()
        let (a, b, phone, laptop) = try twoDevicesSharingANote(bench)
        try phone.cloud.setNetworkAvailable(false)
        try laptop.cloud.setNetworkAvailable(false)
        // The phone's clock says its edit is the newer one; the laptop edits another field.
        try edit("Groceries", in: a) {
            $0.body = "lemons, phone"
            $0.modifiedAt = Date(timeIntervalSince1970: 9_000)
        }
        try edit("Groceries", in: b) {
            $0.isPinned = true
            $0.modifiedAt = Date(timeIntervalSince1970: 2_000)
        }

        try phone.cloud.setNetworkAvailable(true)
        let phoneSync = try a.syncWithCloudKit()
        try laptop.cloud.setNetworkAvailable(true)
        let laptopSync = try b.syncWithCloudKit()
        let phoneAgain = try a.syncWithCloudKit()

        for container in [a, b] {
            let groceries = try note("Groceries", in: container)
            #expect(groceries.body == "lemons", "the laptop's whole record won: the phone's body edit is lost")
            #expect(groceries.isPinned)
            #expect(groceries.modifiedAt == Date(timeIntervalSince1970: 2_000))
        }
        #expect(phoneSync.conflicts.isEmpty)
        #expect(laptopSync.conflicts.map(\.outcome) == [.editWon])
        #expect(laptopSync.conflicts.first?.otherDevice == "phone")
        #expect(phoneAgain.conflicts.map(\.outcome) == [.editLost])
        #expect(phoneAgain.conflicts.first?.otherDevice == "laptop")
        let record = try #require(
            try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.first)
        #expect(record.version?.overwrote?.savedBy.name == "phone")
    }

    @Test("Two devices add different tags to one note: both links are kept")
    func tagsMergeAsAUnion() throws {
        let bench = SyncTestBench()
        let (a, b, _, _) = try twoDevicesSharingANote(bench)
        try edit("Groceries", in: a) { $0.tags = [CloudTestSupport.Tag(name: "shopping")] }
        try edit("Groceries", in: b) { $0.tags = [CloudTestSupport.Tag(name: "weekly")] }

        try a.syncWithCloudKit()
        try b.syncWithCloudKit()
        try a.syncWithCloudKit()

        for container in [a, b] {
            #expect(Set((try note("Groceries", in: container).tags ?? []).map(\.name)) == ["shopping", "weekly"])
        }
        let links = try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier, recordType: "CDMR")
            .records
        #expect(links.count == 2)
    }

    @Test("A device removing one tag removes only that link, on every device")
    func removingATagRemovesOnlyThatLink() throws {
        let bench = SyncTestBench()
        let (a, b, _, _) = try twoDevicesSharingANote(bench)
        try edit("Groceries", in: a) {
            $0.tags = [CloudTestSupport.Tag(name: "shopping"), CloudTestSupport.Tag(name: "weekly")]
        }
        try a.syncWithCloudKit()
        try b.syncWithCloudKit()

        try edit("Groceries", in: b) { note in note.tags = (note.tags ?? []).filter { $0.name != "weekly" } }
        try b.syncWithCloudKit()
        try a.syncWithCloudKit()

        for container in [a, b] {
            #expect((try note("Groceries", in: container).tags ?? []).map(\.name) == ["shopping"])
            #expect(
                Set(try ModelContext(container).fetch(FetchDescriptor<CloudTestSupport.Tag>()).map(\.name)) == [
                    "shopping", "weekly",
                ])
        }
        #expect(
            try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier, recordType: "CDMR").records
                .count == 1)
        #expect(
            try bench.account.tombstones(containerIdentifier: SyncSchema.containerIdentifier).map(\.recordType) == [
                "CDMR"
            ])
    }

    @Test("A deletes while B edits, the deletion uploaded first: B's later edit brings the note back on both")
    func editAfterDeletionBringsTheNoteBack() throws {
        let bench = SyncTestBench()
        let (a, b, phone, laptop) = try twoDevicesSharingANote(bench)
        // Offline, so that each change waits until its device comes online: the test chooses the upload order.
        try phone.cloud.setNetworkAvailable(false)
        try laptop.cloud.setNetworkAvailable(false)
        let groceries = try note("Groceries", in: a)
        groceries.modelContext?.delete(groceries)
        try groceries.modelContext?.save()
        try edit("Groceries", in: b) { $0.body = "lemons and limes" }

        try phone.cloud.setNetworkAvailable(true)
        try a.syncWithCloudKit()
        try laptop.cloud.setNetworkAvailable(true)
        let laptopSync = try b.syncWithCloudKit()
        let phoneSync = try a.syncWithCloudKit()

        for container in [a, b] {
            #expect(try note("Groceries", in: container).body == "lemons and limes")
        }
        #expect(laptopSync.conflicts.map(\.outcome) == [.editUndidDeletion])
        #expect(phoneSync.conflicts.map(\.outcome) == [.deletionUndone])
        #expect(try bench.account.tombstones(containerIdentifier: SyncSchema.containerIdentifier).isEmpty)
    }

    @Test("A deletes while B edits, the edit uploaded first: A's later deletion removes the note on both")
    func deletionAfterEditRemovesTheNote() throws {
        let bench = SyncTestBench()
        let (a, b, phone, laptop) = try twoDevicesSharingANote(bench)
        try phone.cloud.setNetworkAvailable(false)
        try laptop.cloud.setNetworkAvailable(false)
        try edit("Groceries", in: b) { $0.body = "lemons and limes" }
        let groceries = try note("Groceries", in: a)
        groceries.modelContext?.delete(groceries)
        try groceries.modelContext?.save()

        try laptop.cloud.setNetworkAvailable(true)
        try b.syncWithCloudKit()
        try phone.cloud.setNetworkAvailable(true)
        let phoneSync = try a.syncWithCloudKit()
        let laptopSync = try b.syncWithCloudKit()

        for container in [a, b] {
            #expect(try titles(in: container).isEmpty)
        }
        #expect(phoneSync.conflicts.map(\.outcome) == [.deletionWon])
        #expect(laptopSync.conflicts.map(\.outcome) == [.editLostToDeletion])
        #expect(laptopSync.conflicts.first?.lostValues["body"] == "lemons and limes")
        let tombstone = try #require(
            try bench.account.tombstones(containerIdentifier: SyncSchema.containerIdentifier).first)
        #expect(tombstone.recordType == "CD_Note")
        #expect(tombstone.deletedBy.name == "phone")
        #expect(tombstone.removedUnseenVersion)
    }
}
