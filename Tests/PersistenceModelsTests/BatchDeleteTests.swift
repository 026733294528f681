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

@Suite("Deleting by predicate as a scan finds the rows")
struct BatchDeleteRescanTests {
    /// Ten samples numbered 0 to 9, saved, in `fixture`.
    func storeNumberedSamples(in fixture: ModelStoreFixture) throws {
        for number in 0..<10 {
            let sample = Sample(text: "sample \(number)")
            sample.int = number
            fixture.context.insert(sample)
        }
        try fixture.context.save()
    }

    func numbers(in context: ModelContext) throws -> [Int] {
        try context.fetch(FetchDescriptor<Sample>(sortBy: [SortDescriptor(\.int)])).map(\.int)
    }

    func deletedSamples(in context: ModelContext) throws -> Int {
        let last = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last
        return last?.changes.filter { if case .delete = $0 { true } else { false } }.count ?? 0
    }

    @Test("with nothing written since the call, the save deletes with the predicate's condition, and records each row")
    func scansWhenNothingChanged() throws {
        let fixture = try ModelStoreFixture()
        try storeNumberedSamples(in: fixture)
        let context = fixture.newContext()

        try context.delete(model: Sample.self, where: #Predicate { $0.int < 5 })
        #expect(context.hasChanges)
        #expect(try numbers(in: context) == [5, 6, 7, 8, 9], "the rows leave fetches before the save")
        let statements = try fixture.statements { try context.save() }

        #expect(statements.contains("DELETE FROM \"Sample\" WHERE (\"Sample\".\"int\" < ?)"), "\(statements)")
        #expect(!statements.contains { $0.hasPrefix("DELETE FROM \"Sample\" WHERE \"_pk\"") })
        #expect(try numbers(in: fixture.newContext()) == [5, 6, 7, 8, 9])
        #expect(try deletedSamples(in: fixture.newContext()) == 5, "the history has a tombstone for each row")
        #expect(!context.hasChanges)
    }

    @Test("a row another context saves between the call and the save is not deleted, though as many rows match")
    func anotherContextSavesInBetween() throws {
        let fixture = try ModelStoreFixture()
        try storeNumberedSamples(in: fixture)
        let deleting = fixture.newContext()
        try deleting.delete(model: Sample.self, where: #Predicate { $0.int < 5 })

        // One selected row goes and a new matching row comes: as many rows match as before.
        let other = fixture.newContext()
        try other.delete(model: Sample.self, where: #Predicate { $0.int == 0 })
        let late = Sample(text: "late")
        late.int = 1
        other.insert(late)
        try other.save()
        let statements = try fixture.statements { try deleting.save() }

        #expect(try numbers(in: fixture.newContext()) == [1, 5, 6, 7, 8, 9])
        #expect(statements.contains { $0.hasPrefix("DELETE FROM \"Sample\" WHERE \"_pk\"") }, "deleted by key")
    }

    @Test("a row another connection to the file commits between the call and the save is not deleted")
    func anotherConnectionCommitsInBetween() throws {
        let fixture = try ModelStoreFixture(fileNamed: "rescan.store")
        defer { fixture.removeFiles() }
        try storeNumberedSamples(in: fixture)
        let deleting = fixture.newContext()
        try deleting.delete(model: Sample.self, where: #Predicate { $0.int < 5 })

        let url = try #require(fixture.container.configurations.first?.url)
        let second = try ModelContainer(
            for: Schema(ModelStoreFixture.allModels), configurations: ModelConfiguration(url: url))
        let other = ModelContext(second)
        let late = Sample(text: "late")
        late.int = 2
        other.insert(late)
        try other.save()
        try deleting.save()
        #expect(try numbers(in: fixture.newContext()) == [2, 5, 6, 7, 8, 9])

        // With nothing between the call and the save, the file's rows go as the scan finds them.
        try deleting.delete(model: Sample.self, where: #Predicate { $0.int > 6 })
        let statements = try fixture.statements { try deleting.save() }
        #expect(statements.contains("DELETE FROM \"Sample\" WHERE (\"Sample\".\"int\" > ?)"), "\(statements)")
        #expect(try numbers(in: ModelContext(second)) == [2, 5, 6])
    }

    @Test("a save that also inserts deletes by key, and keeps a matching model inserted after the call")
    func otherWorkInTheSameSave() throws {
        let fixture = try ModelStoreFixture()
        try storeNumberedSamples(in: fixture)
        let context = fixture.newContext()
        try context.delete(model: Sample.self, where: #Predicate { $0.int < 5 })
        let added = Sample(text: "added")
        added.int = 3
        context.insert(added)
        let statements = try fixture.statements { try context.save() }

        #expect(try numbers(in: fixture.newContext()) == [3, 5, 6, 7, 8, 9])
        #expect(statements.contains { $0.hasPrefix("DELETE FROM \"Sample\" WHERE \"_pk\"") })
    }

    @Test("two deletes by predicate before one save delete both selections by key, again and again")
    func twoSelectionsThenMore() throws {
        let fixture = try ModelStoreFixture()
        try storeNumberedSamples(in: fixture)
        let context = fixture.newContext()
        try context.delete(model: Sample.self, where: #Predicate { $0.int < 2 })
        try context.delete(model: Sample.self, where: #Predicate { $0.int > 7 })
        try context.save()
        #expect(try numbers(in: fixture.newContext()) == [2, 3, 4, 5, 6, 7])

        try context.delete(model: Sample.self, where: #Predicate { $0.int == 4 })
        try context.save()
        try context.delete(model: Sample.self)
        try context.save()
        #expect(try numbers(in: fixture.newContext()) == [])
        #expect(try deletedSamples(in: fixture.newContext()) == 5)
    }

    @Test("when the scan would delete other rows than the keys, the save starts again and deletes the keys alone")
    func scanThatDisagreesIsUndone() throws {
        let fixture = try ModelStoreFixture()
        try storeNumberedSamples(in: fixture)
        let engine = try #require(fixture.container.stores.first?.engine as? DefaultStore)
        let selection = try #require(
            try engine.batchDeleteSelection(
                of: Sample.self, matching: #Predicate { $0.int < 5 }, includingSubclasses: true))
        #expect(selection.keys.count == 5)
        #expect(selection.rescan != nil)

        // Four of the five keys, with the scan that would delete all five.
        let result = try engine.save(
            StoreChanges(
                inserts: [], changes: [], deletes: [], batchDeletes: ["Sample": Array(selection.keys.dropLast())],
                batchDeleteRescan: selection.rescan, author: nil))

        #expect(result.deletedRows["Sample"]?.count == 4)
        #expect(try numbers(in: fixture.newContext()) == [4, 5, 6, 7, 8, 9])
    }

    @Test("an entity with relationships is deleted by key, its rules applied")
    func relationshipsDeleteByKey() throws {
        let fixture = try ModelStoreFixture()
        fixture.context.insert(Note(title: "a", isPinned: true))
        try fixture.context.save()
        let engine = try #require(fixture.container.stores.first?.engine as? DefaultStore)
        #expect(
            try engine.batchDeleteSelection(
                of: Note.self, matching: #Predicate { $0.isPinned }, includingSubclasses: true)?.rescan == nil)
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
