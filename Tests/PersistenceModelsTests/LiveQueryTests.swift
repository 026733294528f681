import Foundation
import Observation
import PersistenceWorkbench
import Synchronization
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A view as the guides write it: a context from the environment and a sorted query.
private struct NoteList {
    @Environment(\.modelContext) var modelContext
    @Query(sort: \Note.createdAt, order: .reverse) var notes: [Note]
    @Query(filter: #Predicate<Note> { $0.isPinned }) var pinned: [Note]
    @Query(sort: [SortDescriptor(\Note.title)]) var byTitle: [Note]
    @Query(sort: \Note.isPinned, order: .reverse) var pinnedFirst: [Note]
    @Query(FetchDescriptor<Note>(predicate: #Predicate { $0.title.starts(with: "B") })) var startingWithB: [Note]
}

/// A view that builds its query in `init`, from a search text.
private struct SearchResults {
    @Query var notes: [Note]

    init(search: String) {
        _notes = Query(filter: #Predicate<Note> { $0.title.localizedStandardContains(search) }, sort: \.title)
    }
}

extension LiveQuerySuites {
    @Suite("Live queries")
    struct LiveQueryTests {
        static func makeStore() throws -> ModelStoreFixture {
            let store = try ModelStoreFixture()
            for (index, title) in ["Alpha", "Beta", "Café"].enumerated() {
                store.context.insert(
                    Note(
                        title: title, isPinned: index == 1,
                        createdAt: Date(timeIntervalSinceReferenceDate: Double(index))))
            }
            try store.context.save()
            return store
        }

        @Test("a view created in a model environment reads its context and its queries' results")
        func initializerForms() throws {
            let store = try Self.makeStore()
            let view = ModelEnvironment.with(store.context) { NoteList() }
            #expect(view.modelContext === store.context)
            #expect(view.notes.map(\.title) == ["Café", "Beta", "Alpha"])
            #expect(view.pinned.map(\.title) == ["Beta"])
            #expect(view.byTitle.map(\.title) == ["Alpha", "Beta", "Café"])
            #expect(view.pinnedFirst.first?.title == "Beta")
            #expect(view.startingWithB.map(\.title) == ["Beta"])
            let search = ModelEnvironment.with(store.container) { SearchResults(search: "cafe") }
            #expect(search.notes.map(\.title) == ["Café"])
        }

        @Test("inserts and deletes show once the turn ends, saves at once")
        func reflectsChanges() throws {
            let store = try Self.makeStore()
            let view = ModelEnvironment.with(store.context) { NoteList() }
            #expect(view.notes.count == 3)
            let extra = Note(title: "Delta", createdAt: Date(timeIntervalSinceReferenceDate: 10))
            view.modelContext.insert(extra)
            ModelEnvironment.endTurn()
            #expect(view.notes.map(\.title) == ["Delta", "Café", "Beta", "Alpha"])
            view.modelContext.delete(extra)
            ModelEnvironment.endTurn()
            #expect(view.notes.map(\.title) == ["Café", "Beta", "Alpha"])
            let other = store.newContext()
            other.insert(Note(title: "Bravo", isPinned: true))
            try other.save()
            #expect(view.pinned.map(\.title) == ["Beta", "Bravo"])
            #expect(view.startingWithB.map(\.title) == ["Beta", "Bravo"])
        }

        @Test("observers of the results are notified when a context's changes are processed")
        func notifiesObservers() throws {
            let store = try Self.makeStore()
            let view = ModelEnvironment.with(store.context) { NoteList() }
            let notified = ChangeCounter()
            withObservationTracking {
                _ = view.notes
            } onChange: {
                notified.count.withLock { $0 += 1 }
            }
            #expect(notified.count.withLock { $0 } == 0)
            store.context.insert(Note(title: "Echo"))
            #expect(notified.count.withLock { $0 } == 0)
            ModelEnvironment.endTurn()
            #expect(notified.count.withLock { $0 } == 1)
            withObservationTracking {
                _ = view.pinned
            } onChange: {
                notified.count.withLock { $0 += 1 }
            }
            let other = store.newContext()
            other.insert(Note(title: "Foxtrot"))
            other.processPendingChanges()
            #expect(notified.count.withLock { $0 } == 2)
            try other.save()
            #expect(view.notes.count == 5)
        }

        @Test("a query outside any model environment returns no results instead of crashing")
        func withoutEnvironment() {
            let view = NoteList()
            #expect(view.notes.isEmpty)
        }
    }
}

/// Counts observation callbacks, which may arrive on any thread.
private final class ChangeCounter: Sendable {
    let count = Mutex(0)
}
