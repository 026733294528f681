import Foundation
import PersistenceSandbox
import Synchronization
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("@ModelActor and concurrent contexts")
struct ModelActorTests {
    /// Records imported by the background import: 100,000, or `PERSISTENCE_IMPORT_ROWS` for a quicker or larger run.
    static let importRows = Int(ProcessInfo.processInfo.environment["PERSISTENCE_IMPORT_ROWS"] ?? "") ?? 100_000

    @Test("an actor's work runs on its own model executor, off the main thread")
    func runsOffTheMainActor() async throws {
        let store = try ModelStoreFixture(ImportModels.all)
        let importer = RecordImporter(modelContainer: store.container)
        #expect(await importer.runsOnItsModelExecutor())
        #expect(importer.modelContainer === store.container)
    }

    @Test(
        "a background import saving every 5,000 records while the main context counts loses nothing (size from PERSISTENCE_IMPORT_ROWS)"
    )
    @MainActor
    func backgroundImportWhileMainContextReads() async throws {
        let store = try ModelStoreFixture(fileNamed: "import.store", types: ImportModels.all)
        defer { store.removeFiles() }
        let total = Self.importRows
        let batchSize = 5_000
        let importer = RecordImporter(modelContainer: store.container)
        let reader = store.container.mainContext
        let started = ContinuousClock.now

        let importTask = Task.detached { try await importer.importRecords(count: total, batchSize: batchSize) }
        var counts: [Int] = []
        while counts.last ?? 0 < total, ContinuousClock.now - started < .seconds(300) {
            counts.append(try reader.fetchCount(FetchDescriptor<ImportedRecord>()))
            try await Task.sleep(for: .milliseconds(2))
        }
        let saves = try await importTask.value
        let elapsed = ContinuousClock.now - started

        #expect(saves == (total + batchSize - 1) / batchSize)
        #expect(counts.last == total)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "counts went down: \(counts)")
        // Each save is one transaction: a reader sees whole batches, never part of one.
        #expect(counts.allSatisfy { $0 % batchSize == 0 || $0 == total }, "a partial batch was visible: \(counts)")
        let distinct = Set(counts).sorted()
        print(
            "[background import] \(total) records in \(saves) saves, \(elapsed); main context read \(counts.count) times, saw \(distinct.count) distinct counts"
        )
        var newest = FetchDescriptor<ImportedRecord>(sortBy: [SortDescriptor(\.index, order: .reverse)])
        newest.fetchLimit = 1
        let lastIndex = try #require(try reader.fetch(newest).first?.index)
        #expect(lastIndex == total - 1)
    }

    @Test("the main context and an actor saving in batches at the same time never lose a save")
    @MainActor
    func concurrentWritersKeepEverySave() async throws {
        let store = try ModelStoreFixture(fileNamed: "writers.store", types: ImportModels.all)
        defer { store.removeFiles() }
        let importer = RecordImporter(modelContainer: store.container)
        let importTask = Task.detached { try await importer.importRecords(count: 5_000, batchSize: 250) }
        let context = store.container.mainContext
        for index in 0..<100 {
            context.insert(ImportedRecord(index: 1_000_000 + index, name: "main \(index)"))
            try context.save()
            await Task.yield()
        }
        #expect(try await importTask.value == 20)
        #expect(try context.fetchCount(FetchDescriptor<ImportedRecord>()) == 5_100)
        #expect(try await importer.recordCount() == 5_100)
    }

    @Test("two containers on one file write at the same time without 'database is locked'")
    func twoContainersOnOneFile() async throws {
        let sandbox = AppSandbox.temporary()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        let url = sandbox.applicationSupportDirectory.appending(path: "shared.store")
        let schema = Schema([ImportedRecord.self])
        let first = try ModelContainer(for: schema, configurations: ModelConfiguration(url: url))
        let second = try ModelContainer(for: schema, configurations: ModelConfiguration(url: url))
        async let firstSaves = RecordImporter(modelContainer: first).importRecords(count: 4_000, batchSize: 100)
        async let secondSaves = RecordImporter(modelContainer: second).importRecords(
            count: 4_000, batchSize: 100, firstIndex: 4_000)
        #expect(try await firstSaves == 40)
        #expect(try await secondSaves == 40)
        #expect(try ModelContext(first).fetchCount(FetchDescriptor<ImportedRecord>()) == 8_000)
    }

    @Test("an identifier crosses to an actor, which changes the model; the main context sees the change")
    @MainActor
    func identifiersCrossActors() async throws {
        let store = try ModelStoreFixture(fileNamed: "identifiers.store", types: ImportModels.all)
        defer { store.removeFiles() }
        let context = store.container.mainContext
        let note = Note(title: "Draft")
        context.insert(note)
        try context.save()
        let importer = RecordImporter(modelContainer: store.container)

        let lookUp = await importer.lookUpNote(note.persistentModelID)
        #expect(!lookUp.heldBefore)
        #expect(lookUp.title == "Draft")
        #expect(lookUp.heldAfter)
        #expect(try await importer.renameNote(note.persistentModelID, to: "Final"))

        let fetched = try context.fetch(FetchDescriptor<Note>())
        #expect(fetched.count == 1)
        #expect(fetched.first === note)
        #expect(note.title == "Final")
    }

    @Test("an identifier made by an actor resolves in the main context with model(for:)")
    @MainActor
    func actorIdentifierResolvesOnMain() async throws {
        let store = try ModelStoreFixture(ImportModels.all)
        let importer = RecordImporter(modelContainer: store.container)
        let id = try await importer.insertNote(titled: "From the importer")
        #expect(!id.isTemporary)
        let context = store.container.mainContext
        let registeredBefore: Note? = context.registeredModel(for: id)
        #expect(registeredBefore == nil)
        let note = try #require(context.model(for: id) as? Note)
        #expect(note.title == "From the importer")
        let registeredAfter: Note? = context.registeredModel(for: id)
        #expect(registeredAfter === note)
    }

    @Test("an actor's subscript gives nil for a deleted model")
    func subscriptOfDeletedModel() async throws {
        let store = try ModelStoreFixture(ImportModels.all)
        let note = Note(title: "Gone")
        store.context.insert(note)
        try store.context.save()
        let id = note.persistentModelID
        store.context.delete(note)
        try store.context.save()
        let importer = RecordImporter(modelContainer: store.container)
        #expect(try await !importer.renameNote(id, to: "Back"))
    }
}
