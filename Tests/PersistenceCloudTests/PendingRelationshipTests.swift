import CloudTestSupport
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

/// The folder of the note titled `title` in a fresh context of `container`, by name.
func folderName(ofNote title: String, in container: ModelContainer) throws -> String? {
    try note(title, in: container).folder?.name
}

/// The record the account holds under `recordName`.
func accountRecord(_ recordName: String, in bench: SyncTestBench) throws -> CloudRecord {
    let records = try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records
    return try #require(records.first { $0.recordName == recordName }, "the account holds no record \(recordName)")
}

@Suite("Relationships whose record arrives later wait for it", .serialized)
struct PendingRelationshipTests {
    @Test("A note whose folder another device sends in a later push finds its folder once the folder arrives")
    func folderArrivesLater() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let (noteName, folderRecord) = (CoreDataRecords.newName(), CoreDataRecords.newName())
        try phone.send([CoreDataRecords.note(noteName, title: "Packing", folder: folderRecord)])
        let b = try laptop.makeContainer()

        let first = try b.syncWithCloudKit()
        #expect(try folderName(ofNote: "Packing", in: b) == nil)
        #expect(first.waitingRelationships == 1)
        try phone.send([CoreDataRecords.folder(folderRecord, name: "Trips")])
        let second = try b.syncWithCloudKit()

        #expect(try folderName(ofNote: "Packing", in: b) == "Trips")
        #expect(second.waitingRelationships == 0)
        #expect(try ModelContext(b).fetchCount(FetchDescriptor<Folder>()) == 1)
    }

    @Test(
        "Links wait over any number of imports, in any order: a tag link before its tag and note, a folder after its notes"
    )
    func anyOrderOverManyImports() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let (first, second, tag, folder) = (
            CoreDataRecords.newName(), CoreDataRecords.newName(), CoreDataRecords.newName(), CoreDataRecords.newName()
        )
        let b = try laptop.makeContainer()
        let pushes: [[CloudRecord]] = [
            [CoreDataRecords.tagLink(note: first, tag: tag)],
            [CoreDataRecords.tag(tag, name: "travel")],
            [CoreDataRecords.note(first, title: "Passport", folder: folder)],
            [CoreDataRecords.note(second, title: "Tickets", folder: folder)],
            [CoreDataRecords.folder(folder, name: "Trips")],
        ]
        var waiting: [Int] = []
        for push in pushes {
            try phone.send(push)
            waiting.append(try b.syncWithCloudKit().waitingRelationships)
        }

        #expect(waiting == [1, 1, 1, 2, 0])
        let passport = try note("Passport", in: b)
        #expect(passport.folder?.name == "Trips")
        #expect(passport.tags?.map(\.name) == ["travel"])
        #expect(try folderName(ofNote: "Tickets", in: b) == "Trips")
        let context = ModelContext(b)
        #expect(try context.fetchCount(FetchDescriptor<Folder>()) == 1)
        #expect(try context.fetchCount(FetchDescriptor<CloudTestSupport.Tag>()) == 1)
        #expect(try context.fetch(FetchDescriptor<CloudTestSupport.Tag>()).first?.notes?.count == 1)
    }

    @Test("A note that arrives again while it waits waits for the folder its new version names, once")
    func newVersionReplacesTheWait() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let (noteName, home, work) = (CoreDataRecords.newName(), CoreDataRecords.newName(), CoreDataRecords.newName())
        try phone.send([CoreDataRecords.note(noteName, title: "Keys", folder: home)])
        let b = try laptop.makeContainer()
        try b.syncWithCloudKit()
        try phone.send([CoreDataRecords.note(noteName, title: "Keys", folder: work)])

        #expect(try b.syncWithCloudKit().waitingRelationships == 1)
        try phone.send([CoreDataRecords.folder(home, name: "Home"), CoreDataRecords.folder(work, name: "Work")])
        let report = try b.syncWithCloudKit()

        #expect(try folderName(ofNote: "Keys", in: b) == "Work")
        #expect(report.waitingRelationships == 0)
    }

    @Test(
        "A note edited here while its folder is on the way keeps the folder on the server, and gets it when it arrives")
    func editWhileWaitingKeepsTheLink() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let (noteName, folderRecord) = (CoreDataRecords.newName(), CoreDataRecords.newName())
        try phone.send([CoreDataRecords.note(noteName, title: "Packing", folder: folderRecord)])
        let b = try laptop.makeContainer()
        try b.syncWithCloudKit()

        let onLaptop = try note("Packing", in: b)
        onLaptop.body = "sunscreen"
        try onLaptop.modelContext?.save()
        let sent = try b.syncWithCloudKit()

        #expect(sent.sent.map(\.recordName) == [noteName])
        let record = try accountRecord(noteName, in: bench)
        #expect(record.fields["CD_body"] == .string("sunscreen"))
        #expect(record.fields["CD_folder"] == .string(folderRecord))
        try phone.send([CoreDataRecords.folder(folderRecord, name: "Trips")])
        try b.syncWithCloudKit()
        #expect(try folderName(ofNote: "Packing", in: b) == "Trips")
    }

    @Test("A folder chosen here while the received one is on the way stays: the device's choice ends the wait")
    func localChoiceEndsTheWait() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let (noteName, folderRecord) = (CoreDataRecords.newName(), CoreDataRecords.newName())
        try phone.send([CoreDataRecords.note(noteName, title: "Packing", folder: folderRecord)])
        let b = try laptop.makeContainer()
        try b.syncWithCloudKit()

        let context = ModelContext(b)
        let local = Folder(name: "Desk")
        context.insert(local)
        let onLaptop = try #require(try context.fetch(FetchDescriptor<Note>()).first)
        local.notes?.append(onLaptop)
        try context.save()
        let sent = try b.syncWithCloudKit()
        try phone.send([CoreDataRecords.folder(folderRecord, name: "Trips")])
        let received = try b.syncWithCloudKit()

        #expect(sent.waitingRelationships == 0)
        #expect(received.waitingRelationships == 0)
        #expect(try folderName(ofNote: "Packing", in: b) == "Desk")
        let record = try accountRecord(noteName, in: bench)
        #expect(record.fields["CD_folder"] != .string(folderRecord))
    }

    @Test("A wait ends when its note is deleted here or there, or its folder is deleted before it arrives")
    func deletionsEndTheWait() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let names = (0..<6).map { _ in CoreDataRecords.newName() }
        let notes = [
            CoreDataRecords.note(names[0], title: "Deleted there", folder: names[1]),
            CoreDataRecords.note(names[2], title: "Deleted here", folder: names[3]),
            CoreDataRecords.note(names[4], title: "Folder deleted", folder: names[5]),
        ]
        try phone.send(notes)
        let b = try laptop.makeContainer()
        #expect(try b.syncWithCloudKit().waitingRelationships == 3)

        try phone.delete([notes[0]])
        let context = ModelContext(b)
        context.delete(
            try #require(
                try context.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.title == "Deleted here" })).first))
        try context.save()
        let folders = [CoreDataRecords.folder(names[5], name: "Gone")]
        try phone.send(folders)
        try phone.delete(folders)
        let report = try b.syncWithCloudKit()
        try phone.send([
            CoreDataRecords.folder(names[1], name: "First"), CoreDataRecords.folder(names[3], name: "Second"),
        ])
        let last = try b.syncWithCloudKit()

        #expect(report.waitingRelationships == 0)
        #expect(last.waitingRelationships == 0)
        #expect(try titles(in: b) == ["Folder deleted"])
        #expect(try folderName(ofNote: "Folder deleted", in: b) == nil)
        #expect(try ModelContext(b).fetch(FetchDescriptor<Folder>()).allSatisfy { $0.notes?.isEmpty ?? true })
    }
}
