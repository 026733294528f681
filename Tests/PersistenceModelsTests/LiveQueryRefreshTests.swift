import CoreTestSupport
import Foundation
import PersistenceWorkbench
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A list that shows unpinned notes by title, the way a view declares it.
private struct UnpinnedNotes {
    @Query(
        filter: #Predicate<Note> { !$0.isPinned },
        sort: [SortDescriptor(\Note.title), SortDescriptor(\Note.createdAt, order: .reverse)])
    var notes: [Note]
}

/// Notes carrying the tag named "urgent": membership depends on another entity's rows.
private struct UrgentNotes {
    @Query(filter: #Predicate<Note> { note in note.tags.contains { $0.name == "urgent" } }, sort: \Note.title)
    var notes: [Note]
}

@Suite("Live query refresh after a save")
struct LiveQueryRefreshTests {
    /// A store of `count` notes titled "Note 000" and up, every third one pinned.
    static func makeStore(count: Int) throws -> ModelStoreFixture {
        let store = try ModelStoreFixture()
        for index in 0..<count {
            let title = "Note " + String(format: "%03d", index)
            store.context.insert(
                Note(
                    title: title, isPinned: index % 3 == 0,
                    createdAt: Date(timeIntervalSinceReferenceDate: Double(index))))
        }
        try store.context.save()
        return store
    }

    /// What a fresh context fetches for the list's descriptor: the reference a refreshed query must match.
    static func freshTitles(_ store: ModelStoreFixture) throws -> [String] {
        let descriptor = FetchDescriptor<Note>(
            predicate: #Predicate { !$0.isPinned },
            sortBy: [SortDescriptor(\Note.title), SortDescriptor(\Note.createdAt, order: .reverse)]
        )
        return try store.newContext().fetch(descriptor).map(\.title)
    }

    @Test("a save re-reads only the rows it wrote and keeps the other models")
    func readsOnlyWrittenRows() throws {
        let store = try Self.makeStore(count: 30)
        let list = ModelEnvironment.with(store.context) { UnpinnedNotes() }
        let before = list.notes
        #expect(before.count == 20)
        before[4].title = "Note 999"
        try store.context.save()
        let statements = store.statements { _ = list.notes }.filter { $0.hasPrefix("SELECT") }
        #expect(statements.count == 2, "expected a key query and one read by key, got \(statements)")
        #expect(statements.first?.hasPrefix("SELECT \"_pk\" FROM") == true)
        #expect(statements.last?.contains("IN (?)") == true)
        let after = list.notes
        #expect(after.map(\.title) == (try Self.freshTitles(store)))
        #expect(after.last === before[4])
        #expect(after.first === before[0])
    }

    @Test("a save in another context refreshes the reused models' values and the order")
    func otherContextSave() throws {
        let store = try Self.makeStore(count: 12)
        let list = ModelEnvironment.with(store.context) { UnpinnedNotes() }
        let shown = list.notes
        let other = store.newContext()
        let edited = try #require(
            other.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.title == "Note 001" })).first)
        edited.title = "Note 500"
        let pinned = try #require(
            other.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.title == "Note 002" })).first)
        pinned.isPinned = true
        let unpinned = try #require(
            other.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.title == "Note 003" })).first)
        unpinned.isPinned = false
        other.insert(Note(title: "Note 000b"))
        try other.save()
        let refreshed = list.notes
        #expect(refreshed.map(\.title) == (try Self.freshTitles(store)))
        #expect(refreshed.contains { $0 === shown[0] && $0.title == "Note 500" })
        #expect(!refreshed.contains { $0.title == "Note 002" })
        #expect(refreshed.contains { $0.title == "Note 003" })
    }

    @Test("a change to a related entity updates a query whose predicate reaches it")
    func relatedEntityChange() throws {
        let store = try ModelStoreFixture()
        let tag = Tag(name: "later")
        let note = Note(title: "Call the bank")
        store.context.insert(note)
        note.tags = [tag]
        store.context.insert(Note(title: "Water plants"))
        try store.context.save()
        let list = ModelEnvironment.with(store.context) { UrgentNotes() }
        #expect(list.notes.isEmpty)
        let other = store.newContext()
        let stored = try #require(other.fetch(FetchDescriptor<Tag>()).first)
        stored.name = "urgent"
        try other.save()
        #expect(list.notes.map(\.title) == ["Call the bank"])
        #expect(list.notes.first === note)
    }

    @Test("deleting all data empties the results")
    func deleteAllData() throws {
        let store = try Self.makeStore(count: 6)
        let list = ModelEnvironment.with(store.context) { UnpinnedNotes() }
        #expect(list.notes.count == 4)
        try store.container.deleteAllData()
        #expect(list.notes.isEmpty)
    }

    @Test("a save of more rows than the change log lists makes the query fetch everything")
    func largeSave() throws {
        let store = try Self.makeStore(count: 3)
        let list = ModelEnvironment.with(store.context) { UnpinnedNotes() }
        #expect(list.notes.count == 2)
        let other = store.newContext()
        for index in 0...ModelChange.listedKeysAtMost {
            other.insert(Note(title: "Bulk " + String(format: "%04d", index)))
        }
        try other.save()
        let statements = store.statements { _ = list.notes }.filter { $0.hasPrefix("SELECT") }
        #expect(
            statements.count == 1 && statements.first?.hasPrefix("SELECT *") == true,
            "expected one full fetch, got \(statements)")
        #expect(list.notes.count == ModelChange.listedKeysAtMost + 3)
        #expect(list.notes.map(\.title) == (try Self.freshTitles(store)))
    }

    @Test("after any mix of inserts, edits, deletes and saves from two contexts, the results match a fresh fetch")
    func agreesWithFullFetch() throws {
        let store = try Self.makeStore(count: 40)
        let list = ModelEnvironment.with(store.context) { UnpinnedNotes() }
        let other = store.newContext()
        var generator = SeededGenerator(seed: 7)
        for step in 0..<120 {
            let context = Bool.random(using: &generator) ? store.context : other
            let notes = try context.fetch(FetchDescriptor<Note>())
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                context.insert(
                    Note(
                        title: "Note \(Int.random(in: 0..<60, using: &generator))",
                        isPinned: Bool.random(using: &generator)))
            case 1 where !notes.isEmpty:
                context.delete(notes.randomElement(using: &generator)!)
            case 2 where !notes.isEmpty:
                notes.randomElement(using: &generator)!.isPinned.toggle()
            case 3 where !notes.isEmpty:
                notes.randomElement(using: &generator)!.createdAt = Date(timeIntervalSinceReferenceDate: Double(step))
            default:
                if let note = notes.randomElement(using: &generator) {
                    note.title = "Note \(Int.random(in: 0..<60, using: &generator))"
                }
            }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                _ = list.notes
            }
            if Bool.random(using: &generator) {
                try context.save()
                if context === other || Bool.random(using: &generator) {
                    try store.context.save()
                    try other.save()
                    #expect(list.notes.map(\.title) == (try Self.freshTitles(store)), "after step \(step)")
                    #expect(list.notes.allSatisfy { !$0.isPinned && $0.modelContext === store.context })
                }
            }
        }
    }
}
