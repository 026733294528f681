import Foundation
import GRDB
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Deleting by predicate")
struct BatchDeleteTests {
    @Test("a delete by predicate removes only the matching rows at the next save, without loading them")
    func deletesMatchingRowsAsSQL() throws {
        let fixture = try ModelStoreFixture()
        for index in 0..<10 { fixture.context.insert(Note(title: "note \(index)", isPinned: index % 2 == 0)) }
        try fixture.context.save()
        let reader = fixture.newContext()

        try reader.delete(model: Note.self, where: #Predicate { $0.isPinned })
        #expect(reader.registeredModels["Note"]?.isEmpty ?? true, "models were loaded to delete them")
        #expect(try reader.fetchCount(FetchDescriptor<Note>()) == 5, "pending deletes still counted before the save")
        #expect(try reader.fetch(FetchDescriptor<Note>()).allSatisfy { !$0.isPinned })
        let statements = try fixture.statements { try reader.save() }

        #expect(statements.contains { $0.hasPrefix("DELETE FROM \"Note\" WHERE \"_pk\" IN (") })
        #expect(
            try fixture.newContext().fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])).map(\.title) == [
                "note 1", "note 3", "note 5", "note 7", "note 9",
            ])
    }

    @Test("a cascade rule deletes the linked rows of rows deleted by predicate, and their links go too")
    func cascadeRunsAsSQL() throws {
        let fixture = try ModelStoreFixture()
        let folder = Folder(name: "Old")
        let kept = Folder(name: "Kept")
        for title in ["a", "b"] {
            let note = Note(title: title)
            note.tags.append(Tag(name: "tag-\(title)"))
            folder.notes.append(note)
        }
        kept.notes.append(Note(title: "c"))
        fixture.context.insert(folder)
        fixture.context.insert(kept)
        try fixture.context.save()

        let context = fixture.newContext()
        try context.delete(model: Folder.self, where: #Predicate { $0.name == "Old" })
        try context.save()

        let check = fixture.newContext()
        #expect(try check.fetch(FetchDescriptor<Folder>()).map(\.name) == ["Kept"])
        #expect(try check.fetch(FetchDescriptor<Note>()).map(\.title) == ["c"])
        #expect(try check.fetch(FetchDescriptor<Tag>()).allSatisfy { $0.notes.isEmpty })
        let history = try check.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        let deletedNotes = history.last?.changes.filter { if case .delete = $0 { true } else { false } }.count
        #expect(deletedNotes == 3, "the history records the folder and its two notes as deleted")
    }

    @Test("a nullify rule clears the links of rows deleted by predicate")
    func nullifyRunsAsSQL() throws {
        let fixture = try ModelStoreFixture()
        let category = Category(name: "Home")
        let task = TaskItem(title: "Sweep")
        category.tasks.append(task)
        fixture.context.insert(category)
        try fixture.context.save()

        let context = fixture.newContext()
        try context.delete(model: Category.self)
        try context.save()

        let remaining = try fixture.newContext().fetch(FetchDescriptor<TaskItem>())
        #expect(remaining.map(\.title) == ["Sweep"])
        #expect(remaining.first?.category == nil)
    }

    @Test("a deny rule refuses a delete by predicate while linked rows exist, and nothing is deleted")
    func denyRefuses() throws {
        let fixture = try ModelStoreFixture([Owner.self, Pet.self])
        let owner = Owner(name: "Ann")
        owner.pets.append(Pet(name: "Rex"))
        fixture.context.insert(owner)
        fixture.context.insert(Owner(name: "Bob"))
        try fixture.context.save()

        let context = fixture.newContext()
        try context.delete(model: Owner.self)
        let error = try #require(throws: CocoaError.self) { try context.save() }
        #expect(error.code == .validationRelationshipDeniedDelete)
        #expect(try fixture.newContext().fetchCount(FetchDescriptor<Owner>()) == 2)
    }

    @Test("a model the context already holds is deleted with it, and reads as deleted after the save")
    func registeredModelsAreMarkedDeleted() throws {
        let fixture = try ModelStoreFixture()
        fixture.context.insert(Note(title: "held"))
        fixture.context.insert(Note(title: "unseen"))
        try fixture.context.save()
        let context = fixture.newContext()
        let held = try #require(
            try context.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.title == "held" })).first)

        try context.delete(model: Note.self)
        #expect(held.isDeleted)
        try context.save()
        #expect(try fixture.newContext().fetchCount(FetchDescriptor<Note>()) == 0)
    }

    @Test("a rollback forgets a delete by predicate")
    func rollbackForgets() throws {
        let fixture = try ModelStoreFixture()
        fixture.context.insert(Note(title: "kept"))
        try fixture.context.save()
        let context = fixture.newContext()
        try context.delete(model: Note.self)
        context.rollback()
        try context.save()
        #expect(try fixture.newContext().fetchCount(FetchDescriptor<Note>()) == 1)
    }
}

@Suite("Lists past SQLite's argument limit")
struct ArgumentLimitTests {
    static let count = 40_000

    /// A store of `count` notes, each carrying the one tag, written with plain SQL for speed.
    func store(taggedNotes count: Int) throws -> ModelStoreFixture {
        let fixture = try ModelStoreFixture(fileNamed: "many.store")
        fixture.context.insert(Tag(name: "shared"))
        fixture.context.insert(Note(title: "seed"))
        try fixture.context.save()
        try fixture.container.store.writer.write { db in
            let insert = try db.makeStatement(
                sql: #"INSERT INTO "Note" ("title", "content", "createdAt", "isPinned") VALUES (?, '', 0, 0)"#)
            let link = try db.makeStatement(sql: #"INSERT INTO "Note_tags" ("owner", "target") VALUES (?, 1)"#)
            for index in 0..<count {
                try insert.execute(arguments: ["n\(index)"])
                try link.execute(arguments: [db.lastInsertedRowID])
            }
        }
        return fixture
    }

    @Test("models of more rows than SQLite takes arguments are read, prefetched and deleted")
    func beyondTheLimit() throws {
        let fixture = try store(taggedNotes: Self.count)
        defer { fixture.removeFiles() }
        let context = fixture.newContext()
        var descriptor = FetchDescriptor<Note>(predicate: #Predicate { $0.title != "seed" })
        descriptor.relationshipKeyPathsForPrefetching = [\.tags]
        let notes = try context.fetch(descriptor)
        #expect(notes.count == Self.count)
        #expect(notes.allSatisfy { $0.tags.count == 1 })

        // A context that holds a few of the models already prefetches the rest by listing their keys.
        let partial = fixture.newContext()
        let first = try partial.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]))
        _ = first.prefix(3).map(\.tags)
        var all = FetchDescriptor<Note>()
        all.relationshipKeyPathsForPrefetching = [\.tags]
        #expect(try partial.fetch(all).allSatisfy { $0.tags.count <= 1 })

        try context.delete(model: Note.self, where: #Predicate { $0.title != "seed" })
        try context.save()
        let check = fixture.newContext()
        #expect(try check.fetchCount(FetchDescriptor<Note>()) == 1)
        #expect(try check.fetch(FetchDescriptor<Tag>()).first?.notes.isEmpty == true)
    }
}

@Suite("Container lifetime")
struct ContainerLifetimeTests {
    @Test("a container is freed once nothing holds it, its contexts or its models")
    @MainActor
    func containerIsFreed() throws {
        weak var weakContainer: ModelContainer?
        weak var weakContext: ModelContext?
        do {
            let container = try ModelContainer(
                for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            let context = container.mainContext
            context.autosaveEnabled = false
            let note = Note(title: "held")
            context.insert(note)
            try context.save()
            _ = try ModelContext(container).fetch(FetchDescriptor<Note>())
            weakContainer = container
            weakContext = context
        }
        #expect(weakContext == nil, "the main context outlived everything that held it")
        #expect(weakContainer == nil, "the container outlived everything that held it")
    }

    @Test("the main context stays the same while something holds it")
    @MainActor
    func mainContextIsStable() throws {
        let container = try ModelContainer(
            for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let first = container.mainContext
        #expect(container.mainContext === first)
    }
}
