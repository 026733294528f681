import Foundation
import Observation
import PersistenceSandbox
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("ModelContext")
struct ModelContextTests {
    @Test("inserting records a pending insert that saving clears")
    func insertThenSave() throws {
        let store = try ModelStoreFixture()
        let note = Note(title: "Shopping List", content: "Milk, eggs, bread")
        store.context.insert(note)
        #expect(store.context.hasChanges)
        #expect(store.context.insertedModelsArray.count == 1)
        #expect(note.modelContext === store.context)
        try store.context.save()
        #expect(!store.context.hasChanges)
        #expect(store.context.insertedModelsArray.isEmpty)
        #expect(try store.context.fetchCount(FetchDescriptor<Note>()) == 1)
    }

    @Test("fetching a row twice returns the same object")
    func identityMap() throws {
        let store = try ModelStoreFixture()
        let note = Note(title: "A")
        store.context.insert(note)
        try store.context.save()
        let first = try store.context.fetch(FetchDescriptor<Note>())
        let second = try store.context.fetch(FetchDescriptor<Note>())
        #expect(first.count == 1)
        #expect(first[0] === note)
        #expect(second[0] === note)
    }

    @Test("pending inserts are fetched before saving, and excluded when includePendingChanges is false")
    func pendingInsertsAreFetched() throws {
        let store = try ModelStoreFixture()
        store.context.insert(Note(title: "Unsaved"))
        #expect(try store.context.fetch(FetchDescriptor<Note>()).map(\.title) == ["Unsaved"])
        var descriptor = FetchDescriptor<Note>()
        descriptor.includePendingChanges = false
        #expect(try store.context.fetch(descriptor).isEmpty)
    }

    @Test("a saved change is visible to another context and to a new container on the same file")
    func changesAreVisibleElsewhere() throws {
        let store = try ModelStoreFixture(fileNamed: "notes.store")
        defer { store.removeFiles() }
        let note = Note(title: "Draft")
        store.context.insert(note)
        try store.context.save()
        note.title = "Final"
        #expect(store.context.changedModelsArray.count == 1)
        try store.context.save()
        #expect(store.context.changedModelsArray.isEmpty)

        let other = store.newContext()
        #expect(try other.fetch(FetchDescriptor<Note>()).map(\.title) == ["Final"])

        let reopened = try ModelContainer(
            for: Note.self, Tag.self, Folder.self, configurations: store.container.configurations.first!)
        #expect(try ModelContext(reopened).fetch(FetchDescriptor<Note>()).map(\.title) == ["Final"])
    }

    @Test("fetching again picks up changes another context saved, and tells observers")
    func refetchRefreshesUnchangedModels() throws {
        let store = try ModelStoreFixture()
        let writer = store.newContext()
        let original = Note(title: "Before")
        writer.insert(original)
        try writer.save()
        let reader = store.newContext()
        let seen = try #require(try reader.fetch(FetchDescriptor<Note>()).first)
        let fired = Flag()
        withObservationTracking {
            _ = seen.title
        } onChange: {
            fired.set()
        }
        original.title = "After"
        try writer.save()
        let again = try #require(try reader.fetch(FetchDescriptor<Note>()).first)
        #expect(again === seen)
        #expect(seen.title == "After")
        #expect(fired.value)
    }

    @Test("a refetch keeps unsaved changes of the context")
    func refetchKeepsUnsavedChanges() throws {
        let store = try ModelStoreFixture()
        let note = Note(title: "Saved")
        store.context.insert(note)
        try store.context.save()
        note.title = "Unsaved edit"
        var descriptor = FetchDescriptor<Note>()
        descriptor.includePendingChanges = false
        #expect(try store.context.fetch(descriptor).first?.title == "Unsaved edit")
    }

    @Test("deleting removes the model at save and pending deletes are not fetched")
    func deleteThenSave() throws {
        let store = try ModelStoreFixture()
        let keep = Note(title: "Keep")
        let drop = Note(title: "Drop")
        store.context.insert(keep)
        store.context.insert(drop)
        try store.context.save()
        store.context.delete(drop)
        #expect(drop.isDeleted)
        #expect(store.context.deletedModelsArray.count == 1)
        #expect(try store.context.fetch(FetchDescriptor<Note>()).map(\.title) == ["Keep"])
        try store.context.save()
        #expect(try store.newContext().fetch(FetchDescriptor<Note>()).map(\.title) == ["Keep"])
    }

    @Test("rollback restores changed values, drops inserts and undoes deletes")
    func rollbackRestores() throws {
        let store = try ModelStoreFixture()
        let saved = Note(title: "Original")
        let doomed = Note(title: "Doomed")
        store.context.insert(saved)
        store.context.insert(doomed)
        try store.context.save()
        saved.title = "Changed"
        store.context.delete(doomed)
        store.context.insert(Note(title: "New"))
        store.context.rollback()
        #expect(saved.title == "Original")
        #expect(!doomed.isDeleted)
        #expect(!store.context.hasChanges)
        #expect(try store.context.fetch(FetchDescriptor<Note>()).map(\.title).sorted() == ["Doomed", "Original"])
    }

    @Test("a fetched model rolls back to its row after several changes, and saves a later change")
    func fetchedModelRollsBack() throws {
        let store = try ModelStoreFixture()
        store.context.insert(Note(title: "Stored", content: "body"))
        try store.context.save()
        let context = store.newContext()
        let note = try #require(try context.fetch(FetchDescriptor<Note>()).first)
        note.title = "First edit"
        note.title = "Second edit"
        note.content = "changed"
        context.rollback()
        #expect(note.title == "Stored" && note.content == "body")
        note.title = "Kept"
        try context.save()
        context.rollback()
        #expect(note.title == "Kept")
        #expect(try store.newContext().fetch(FetchDescriptor<Note>()).map(\.title) == ["Kept"])
    }

    @Test("transaction runs the block and saves; a throwing block saves nothing")
    func transactionSaves() throws {
        struct Abort: Error {}
        let store = try ModelStoreFixture()
        try store.context.transaction {
            store.context.insert(Note(title: "Inside"))
        }
        #expect(!store.context.hasChanges)
        #expect(try store.newContext().fetchCount(FetchDescriptor<Note>()) == 1)
        #expect(throws: Abort.self) {
            try store.context.transaction {
                store.context.insert(Note(title: "Aborted"))
                throw Abort()
            }
        }
        #expect(try store.newContext().fetchCount(FetchDescriptor<Note>()) == 1)
        #expect(!store.context.hasChanges)
    }

    @Test("every save runs in one transaction")
    func saveIsOneTransaction() throws {
        let store = try ModelStoreFixture()
        let statements = try store.statements {
            store.context.insert(Note(title: "A"))
            store.context.insert(Note(title: "B"))
            try store.context.save()
        }
        #expect(statements.filter { $0.hasPrefix("BEGIN") }.count == 1)
        #expect(statements.filter { $0.hasPrefix("COMMIT") }.count == 1)
        #expect(statements.filter { $0.hasPrefix("INSERT INTO \"Note\"") }.count == 2)
    }

    @Test("model(for:) resolves an identifier in another context of the container")
    func modelForIdentifier() throws {
        let store = try ModelStoreFixture()
        let note = Note(title: "Shared")
        store.context.insert(note)
        try store.context.save()
        let other = store.newContext()
        let resolved = try #require(other.model(for: note.persistentModelID) as? Note)
        #expect(resolved !== note)
        #expect(resolved.title == "Shared")
        #expect(other.model(for: note.persistentModelID) as? Note === resolved)
        let registered: Note? = other.registeredModel(for: note.persistentModelID)
        #expect(registered === resolved)
        let unknown: Note? = store.newContext().registeredModel(for: note.persistentModelID)
        #expect(unknown == nil)
    }

    @Test("fetchIdentifiers, enumerate and delete(model:where:) see the same models as fetch")
    func bulkOperations() throws {
        let store = try ModelStoreFixture()
        for index in 0..<7 { store.context.insert(Note(title: "N\(index)", isPinned: index.isMultiple(of: 2))) }
        try store.context.save()
        let identifiers = try store.context.fetchIdentifiers(FetchDescriptor<Note>())
        #expect(identifiers.count == 7)
        var seen: [String] = []
        try store.context.enumerate(FetchDescriptor<Note>(), batchSize: 3) { seen.append($0.title) }
        #expect(seen == (0..<7).map { "N\($0)" })
        try store.context.delete(model: Note.self, where: #Predicate { $0.isPinned })
        try store.context.save()
        #expect(try store.context.fetch(FetchDescriptor<Note>()).map(\.title) == ["N1", "N3", "N5"])
        try store.context.delete(model: Note.self)
        try store.context.save()
        #expect(try store.context.fetchCount(FetchDescriptor<Note>()) == 0)
    }

    @Test("a configuration that does not allow saving makes save throw")
    func saveNotAllowed() throws {
        let container = try ModelContainer(
            for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: false))
        let context = ModelContext(container)
        context.insert(Note(title: "A"))
        #expect(throws: SwiftDataError.saveNotAllowed) { try context.save() }
    }

    @Test("fetching a model type outside the schema throws a typed error naming the fix")
    func unknownModelType() throws {
        let store = try ModelStoreFixture([Sample.self])
        let error = try #require(throws: SwiftDataError.self) { try store.context.fetch(FetchDescriptor<Category>()) }
        #expect(error.workbenchKind == .unknownModelType)
        #expect(error.description.contains("ModelContainer(for:)"))
    }

    @Test("a store file that is not a database is an error on open and is left untouched")
    func corruptStore() throws {
        let sandbox = AppSandbox.temporary()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        let url = sandbox.applicationSupportDirectory.appending(path: "broken.store")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: url)
        let error = try #require(throws: SwiftDataError.self) {
            try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: url))
        }
        #expect(error.workbenchKind == .loadIssueModelContainer)
        #expect(error.description.contains("broken.store"))
        #expect(try Data(contentsOf: url) == garbage)
    }

    @Test("entities named by the container's schema and by each configuration's schema are all stored")
    func configurationSchemasAreMerged() throws {
        let container = try ModelContainer(
            for: Schema([Note.self]),
            configurations: ModelConfiguration("Main", schema: Schema([Sample.self]), isStoredInMemoryOnly: true),
            ModelConfiguration("Cache", schema: Schema([Account.self]), isStoredInMemoryOnly: true)
        )
        let context = ModelContext(container)
        context.insert(Note(title: "N"))
        context.insert(Sample(text: "S"))
        context.insert(Account(email: "e", displayName: "A"))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Account>()) == 1)
        #expect(container.schema.entity(for: Tag.self) != nil)
    }

    @Test("the default configuration stores the file in the app's Application Support folder")
    func defaultConfigurationLocation() {
        let configuration = ModelConfiguration()
        #expect(configuration.url.lastPathComponent == "default.store")
        #expect(configuration.url.path.contains("Library/Application Support"))
        #expect(ModelConfiguration("Notes").url.lastPathComponent == "Notes.store")
        let shared = ModelConfiguration(
            "Shared", isStoredInMemoryOnly: true, allowsSave: true,
            groupContainer: .identifier("group.example"), cloudKitDatabase: .private("iCloud.example")
        )
        #expect(shared.isStoredInMemoryOnly)
    }
}

@Suite("Main context")
@MainActor
struct MainContextTests {
    @Test("the main context autosaves after changes; a context you create does not")
    func mainContextAutosaves() async throws {
        let container = try ModelContainer(
            for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        #expect(container.mainContext === container.mainContext)
        #expect(container.mainContext.autosaveEnabled)
        #expect(!ModelContext(container).autosaveEnabled)
        container.mainContext.insert(Note(title: "Auto"))
        for _ in 0..<100 where container.mainContext.hasChanges {
            await Task.yield()
        }
        #expect(!container.mainContext.hasChanges)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Note>()) == 1)
    }

    @Test("an autosave that fails keeps its error instead of losing it")
    func autosaveErrorIsKept() async throws {
        let container = try ModelContainer(
            for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: false))
        container.mainContext.insert(Note(title: "Unsaveable"))
        for _ in 0..<100 where container.mainContext.autosaveError == nil {
            await Task.yield()
        }
        #expect(container.mainContext.autosaveError == SwiftDataError.saveNotAllowed)
        #expect(container.mainContext.hasChanges)
    }
}
