import CloudTestSupport
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

/// The notes a container holds now, by title, read in a fresh context.
func titles(in container: ModelContainer) throws -> [String] {
    try ModelContext(container).fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])).map(\.title)
}

/// The one note titled `title` in a fresh context of `container`.
func note(_ title: String, in container: ModelContainer) throws -> Note {
    let found = try ModelContext(container).fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.title == title }))
    return try #require(found.first, "no note titled \(title)")
}

@Suite("Sync between simulated devices", .serialized)
struct SyncBasicsTests {
    @Test(
        "A note inserted on A arrives on B, and the server holds it as CD_Note in Core Data's zone, shaped as Core Data mirrors it"
    )
    func insertArrivesOnTheOtherDevice() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let a = try phone.makeContainer()
        let b = try laptop.makeContainer()
        let context = ModelContext(a)
        context.insert(Note(title: "Groceries", body: "lemons"))
        try context.save()

        let sent = try a.syncWithCloudKit()
        let received = try b.syncWithCloudKit()

        #expect(sent.sent.map(\.recordType) == ["CD_Note"])
        #expect(received.received.map(\.recordType) == ["CD_Note"])
        #expect(try titles(in: b) == ["Groceries"])
        #expect(try note("Groceries", in: b).body == "lemons")
        let zones = try bench.account.zones()
        #expect(zones.map(\.zoneName) == ["com.apple.coredata.cloudkit.zone"])
        #expect(zones.map(\.containerIdentifier) == [SyncSchema.containerIdentifier])
        let record = try #require(
            try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.first)
        #expect(record.recordType == "CD_Note")
        #expect(UUID(uuidString: record.recordName) != nil)
        #expect(record.fields["CD_title"] == .string("Groceries"))
        #expect(record.fields["CD_body"] == .string("lemons"))
        #expect(record.fields["CD_isPinned"] == .int64(0))
        #expect(record.fields["CD_entityName"] == .string("Note"))
        #expect(record.changeTag != nil)
        #expect(record.version?.savedBy.name == "phone")
    }

    @Test("An edit on B arrives on A, and A's next export sends nothing back")
    func editArrivesAndIsNotEchoed() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let a = try phone.makeContainer()
        let b = try laptop.makeContainer()
        let context = ModelContext(a)
        context.insert(Note(title: "Groceries"))
        try context.save()
        try a.syncWithCloudKit()
        try b.syncWithCloudKit()

        let onB = try note("Groceries", in: b)
        onB.body = "lemons and milk"
        try onB.modelContext?.save()
        try b.syncWithCloudKit()
        let arrived = try a.syncWithCloudKit()
        let next = try a.syncWithCloudKit()

        #expect(arrived.received.count == 1)
        #expect(try note("Groceries", in: a).body == "lemons and milk")
        #expect(next.sent.isEmpty)
        #expect(next.received.isEmpty)
        let record = try #require(
            try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.first)
        #expect(record.version?.saveCount == 2)
        #expect(record.version?.savedBy.name == "laptop")
    }

    @Test(
        "A folder and tags arrive with the note: the folder as a field naming its record, each tag link as a CDMR record"
    )
    func relationshipsArrive() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let a = try phone.makeContainer()
        let b = try laptop.makeContainer()
        let context = ModelContext(a)
        let folder = Folder(name: "Home")
        let groceries = Note(title: "Groceries")
        context.insert(groceries)
        groceries.folder = folder
        groceries.tags = [CloudTestSupport.Tag(name: "shopping"), CloudTestSupport.Tag(name: "weekly")]
        try context.save()
        try a.syncWithCloudKit()
        try b.syncWithCloudKit()

        let arrived = try note("Groceries", in: b)
        #expect(arrived.folder?.name == "Home")
        #expect(Set((arrived.tags ?? []).map(\.name)) == ["shopping", "weekly"])
        let records = try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records
        let folderRecord = try #require(records.first { $0.recordType == "CD_Folder" })
        let noteRecord = try #require(records.first { $0.recordType == "CD_Note" })
        #expect(noteRecord.fields["CD_folder"] == .string(folderRecord.recordName))
        let links = records.filter { $0.recordType == "CDMR" }
        #expect(links.count == 2)
        #expect(
            links.allSatisfy {
                $0.fields["CD_entityNames"] == .string("Note:Tag")
                    && $0.fields["CD_relationships"] == .string("tags:notes")
            })
        #expect(
            links.allSatisfy { record in
                guard case .string(let names)? = record.fields["CD_recordNames"] else { return false }
                return names.hasPrefix(noteRecord.recordName + ":")
            })
    }

    @Test(
        "Sync posts setup, import and export events shaped like NSPersistentCloudKitContainer.Event, each when it starts and when it ends"
    )
    func eventsArePosted() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let collector = EventCollector(storeIdentifier: phone.storeURL.standardizedFileURL.path)
        let a = try phone.makeContainer()
        let context = ModelContext(a)
        context.insert(Note(title: "Groceries"))
        try context.save()
        try a.syncWithCloudKit()

        let events = collector.events
        #expect(events.contains { $0.type == .setup && $0.endDate != nil && $0.succeeded })
        let exports = events.filter { $0.type == .export }
        #expect(exports.contains { $0.endDate == nil && !$0.succeeded })
        #expect(exports.contains { $0.endDate != nil && $0.succeeded && $0.error == nil })
        #expect(events.contains { $0.type == .import && $0.endDate != nil && $0.succeeded })
        for ended in events where ended.endDate != nil {
            #expect(
                events.contains { $0.identifier == ended.identifier && $0.endDate == nil },
                "\(ended) was never posted as started")
            #expect(ended.storeIdentifier == phone.storeURL.standardizedFileURL.path)
        }
    }

    @Test("A live query on B updates when an import lands")
    func liveQueryUpdatesOnImport() throws {
        let bench = SyncTestBench()
        let (phone, laptop) = (try bench.device("phone"), try bench.device("laptop"))
        let a = try phone.makeContainer()
        let b = try laptop.makeContainer()
        let viewContext = ModelContext(b)
        let list = ModelEnvironment.with(viewContext) { NoteList() }
        try b.syncWithCloudKit()
        #expect(list.notes.isEmpty)

        let context = ModelContext(a)
        context.insert(Note(title: "Groceries"))
        try context.save()
        try a.syncWithCloudKit()
        try b.syncWithCloudKit()

        #expect(list.notes.map(\.title) == ["Groceries"])
    }

    @Test("A note inserted and deleted before it was ever sent is never sent")
    func insertedThenDeletedIsNeverSent() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        try phone.cloud.setNetworkAvailable(false)
        let a = try phone.makeContainer()
        let context = ModelContext(a)
        let draft = Note(title: "Draft")
        context.insert(draft)
        try context.save()
        #expect(throws: CKError.self) { try a.syncWithCloudKit() }
        context.delete(draft)
        try context.save()
        try phone.cloud.setNetworkAvailable(true)

        let report = try a.syncWithCloudKit()

        #expect(report.sent.isEmpty)
        #expect(try bench.account.records(containerIdentifier: SyncSchema.containerIdentifier).records.isEmpty)
        #expect(try bench.account.tombstones(containerIdentifier: SyncSchema.containerIdentifier).isEmpty)
    }

    @Test(
        "A container whose last reference an app's observer block held closes cleanly when the app removes that observer"
    )
    func containerReleasedByRemovingAnObserver() throws {
        let bench = SyncTestBench()
        let phone = try bench.device("phone")
        let observer: any NSObjectProtocol = try {
            let container = try phone.makeContainer()
            try container.syncWithCloudKit()  // the mirror's own work done, so nothing else holds it
            return NotificationCenter.default.addObserver(
                forName: NSPersistentCloudKitContainer.eventChangedNotification, object: container, queue: nil
            ) { _ in
                _ = ModelContext(container)
            }
        }()

        NotificationCenter.default.removeObserver(observer)

        let reopened = try phone.makeContainer()
        let context = ModelContext(reopened)
        context.insert(Note(title: "After"))
        try context.save()
        #expect(try reopened.syncWithCloudKit().sent.map(\.recordType) == ["CD_Note"])
    }
}

/// A screen's list of notes, kept current by a live query.
struct NoteList {
    @Query(sort: \Note.title) var notes: [Note]
}

/// Collects the sync events posted about one store, from before its container loads.
final class EventCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [NSPersistentCloudKitContainer.Event] = []
    private var observer: (any NSObjectProtocol)?

    var events: [NSPersistentCloudKitContainer.Event] { lock.withLock { collected } }

    init(storeIdentifier: String) {
        observer = NotificationCenter.default.addObserver(
            forName: NSPersistentCloudKitContainer.eventChangedNotification, object: nil, queue: nil
        ) { [self] note in
            guard
                let event = note.userInfo?[NSPersistentCloudKitContainer.eventNotificationUserInfoKey]
                    as? NSPersistentCloudKitContainer.Event,
                event.storeIdentifier == storeIdentifier
            else { return }
            lock.withLock { collected.append(event) }
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }
}
