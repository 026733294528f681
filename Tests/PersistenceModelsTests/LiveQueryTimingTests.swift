import Foundation
import PersistenceWorkbench
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A list screen as Xcode's SwiftData template writes it: a query, and a delete action over offsets.
private struct ItemList {
    @Environment(\.modelContext) var modelContext
    @Query(sort: \Note.createdAt) var items: [Note]
    @Query(filter: #Predicate<Note> { $0.isPinned }, sort: \Note.createdAt) var pinned: [Note]

    /// The template's delete action.
    func deleteItems(offsets: IndexSet) {
        for index in offsets {
            modelContext.delete(items[index])
        }
    }
}

/// When a context's changes reach live queries: at the end of the turn, on save, or on request.
extension LiveQuerySuites {
    @Suite("Live query timing")
    struct LiveQueryTimingTests {
        /// Five saved notes, "n0" … "n4", created in that order; "n1" is pinned.
        fileprivate static func makeList() throws -> (ModelStoreFixture, ItemList) {
            let store = try ModelStoreFixture()
            for index in 0..<5 {
                store.context.insert(
                    Note(
                        title: "n\(index)", isPinned: index == 1,
                        createdAt: Date(timeIntervalSinceReferenceDate: Double(index))))
            }
            try store.context.save()
            let list = ModelEnvironment.with(store.context) { ItemList() }
            // The screen has been shown: both queries hold results.
            _ = list.items
            _ = list.pinned
            return (store, list)
        }

        @Test("the template's delete loop deletes exactly the rows at the offsets it was given")
        func templateDeleteLoop() throws {
            let (store, list) = try Self.makeList()
            list.deleteItems(offsets: IndexSet([1, 3]))
            ModelEnvironment.endTurn()
            #expect(list.items.map(\.title) == ["n0", "n2", "n4"])
            try store.context.save()
            #expect(
                try store.newContext().fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.createdAt)])).map(\.title)
                    == ["n0", "n2", "n4"])
        }

        @Test("until the turn ends a query keeps its results through inserts, deletes and edits")
        func resultsStayUntilTheTurnEnds() throws {
            let (store, list) = try Self.makeList()
            store.context.insert(
                Note(title: "new", isPinned: true, createdAt: Date(timeIntervalSinceReferenceDate: 10)))
            list.items[0].isPinned = true
            store.context.delete(list.items[4])
            #expect(list.items.map(\.title) == ["n0", "n1", "n2", "n3", "n4"])
            #expect(list.pinned.map(\.title) == ["n1"])
            ModelEnvironment.endTurn()
            #expect(list.items.map(\.title) == ["n0", "n1", "n2", "n3", "new"])
            #expect(list.pinned.map(\.title) == ["n0", "n1", "new"])
        }

        @Test("processPendingChanges hands an unsaved edit to the queries at once")
        func processPendingChangesDelivers() throws {
            let (store, list) = try Self.makeList()
            list.pinned[0].isPinned = false
            #expect(list.pinned.map(\.title) == ["n1"])
            store.context.processPendingChanges()
            #expect(list.pinned.isEmpty)
        }

        @Test("a save reaches the queries at once, its own and another context's")
        func saveDelivers() throws {
            let (store, list) = try Self.makeList()
            store.context.insert(Note(title: "saved", createdAt: Date(timeIntervalSinceReferenceDate: 20)))
            try store.context.save()
            #expect(list.items.last?.title == "saved")
            let other = store.newContext()
            other.insert(Note(title: "elsewhere", createdAt: Date(timeIntervalSinceReferenceDate: 30)))
            try other.save()
            #expect(list.items.last?.title == "elsewhere")
        }

        @Test("a rollback reaches the queries when the turn ends")
        func rollbackDelivers() throws {
            let (store, list) = try Self.makeList()
            store.context.insert(Note(title: "draft", createdAt: Date(timeIntervalSinceReferenceDate: 40)))
            ModelEnvironment.endTurn()
            #expect(list.items.count == 6)
            store.context.rollback()
            #expect(list.items.count == 6)
            ModelEnvironment.endTurn()
            #expect(list.items.count == 5)
        }

        @Test("changes made on the main actor reach the queries once the main actor's current job ends")
        @MainActor
        func mainActorTurnEnds() async throws {
            let (store, list) = try Self.makeList()
            store.context.insert(Note(title: "tapped", createdAt: Date(timeIntervalSinceReferenceDate: 50)))
            #expect(list.items.count == 5)
            // A main-actor job queued after the change runs after the turn that made it has ended.
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                Task { @MainActor in resumed.resume() }
            }
            #expect(list.items.map(\.title).last == "tapped")
        }

        @Test(
            "the end of a main-actor turn delivers the main actor's changes and leaves a background context's waiting")
        @MainActor
        func mainTurnLeavesBackgroundChanges() async throws {
            let (background, backgroundList) = try Self.makeList()
            let (main, mainList) = try Self.makeList()
            let box = ContextBox(background.context)
            await Task.detached {
                box.context.insert(Note(title: "imported", createdAt: Date(timeIntervalSinceReferenceDate: 70)))
            }.value
            main.context.insert(Note(title: "tapped", createdAt: Date(timeIntervalSinceReferenceDate: 71)))
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                Task { @MainActor in resumed.resume() }
            }
            #expect(mainList.items.map(\.title).last == "tapped")
            #expect(backgroundList.items.count == 5)
            background.context.processPendingChanges()
            #expect(backgroundList.items.map(\.title).last == "imported")
        }

        @Test("changes made off the main actor wait for a save or an explicit request")
        func offMainChangesWait() async throws {
            let (store, list) = try Self.makeList()
            let context = ContextBox(store.context)
            await Task.detached {
                context.context.insert(Note(title: "background", createdAt: Date(timeIntervalSinceReferenceDate: 60)))
            }.value
            try await Task.sleep(for: .milliseconds(50))
            #expect(list.items.count == 5)
            store.context.processPendingChanges()
            #expect(list.items.count == 6)
        }
    }
}

/// Hands a context to a detached task in a test that uses it from one task at a time.
private final class ContextBox: @unchecked Sendable {
    let context: ModelContext

    init(_ context: ModelContext) {
        self.context = context
    }
}
