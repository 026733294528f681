import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Sorting edge cases")
struct SortingEdgeCaseTests {
    /// Sorts through SQL (a fresh context) and in memory (a context with an unsaved change), checking both agree.
    static func sorted<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, in store: ModelStoreFixture, touch: (T) -> Void
    ) throws -> [T] {
        let viaSQL = try store.newContext().fetch(descriptor)
        let memoryContext = store.newContext()
        let all = try memoryContext.fetch(FetchDescriptor<T>())
        if let first = all.first { touch(first) }
        #expect(memoryContext.hasChanges, "the in-memory path was not taken")
        let inMemory = try memoryContext.fetch(descriptor)
        #expect(
            viaSQL.map(\.persistentModelID) == inMemory.map(\.persistentModelID), "SQL and in-memory sorting disagree")
        return viaSQL
    }

    static func noteTitles(_ descriptor: FetchDescriptor<Note>, in store: ModelStoreFixture) throws -> [String] {
        try sorted(descriptor, in: store) { $0.content += " " }.map(\.title)
    }

    @Test("accents and case follow localized standard order, in SQL and in memory")
    func accentsAndCase() throws {
        let store = try ModelStoreFixture()
        let titles = ["Zed", "éclair", "Eclair", "eclair", "apple", "Apple", "file 10", "file 9"]
        for title in titles { store.context.insert(Note(title: title)) }
        try store.context.save()
        let sorted = try Self.noteTitles(FetchDescriptor(sortBy: [SortDescriptor(\.title)]), in: store)
        let expected = titles.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        #expect(sorted == expected)
        #expect(sorted.first?.lowercased() == "apple")
        #expect(sorted.last == "Zed")
        #expect(sorted.firstIndex(of: "file 9")! < sorted.firstIndex(of: "file 10")!)
        let reversed = try Self.noteTitles(
            FetchDescriptor(sortBy: [SortDescriptor(\.title, order: .reverse)]), in: store)
        #expect(reversed.first == "Zed")
    }

    @Test("ties keep insertion order and are broken by later descriptors")
    func ties() throws {
        let store = try ModelStoreFixture()
        for index in 0..<4 {
            store.context.insert(
                Note(
                    title: index < 3 ? "Same" : "Other", content: "\(index)",
                    createdAt: Date(timeIntervalSinceReferenceDate: Double(index))))
        }
        try store.context.save()
        let byTitle = try Self.sorted(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)]), in: store) {
            $0.isPinned.toggle()
        }
        #expect(byTitle.map(\.content) == ["3", "0", "1", "2"])
        let thenNewest = try Self.sorted(
            FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title), SortDescriptor(\.createdAt, order: .reverse)]),
            in: store
        ) { $0.isPinned.toggle() }
        #expect(thenNewest.map(\.content) == ["3", "2", "1", "0"])
    }

    @Test("nil sorts first going forward and last in reverse")
    func optionals() throws {
        let store = try PredicateTranslationTests.sampleStore()
        let forward = try Self.sorted(FetchDescriptor<Sample>(sortBy: [SortDescriptor(\.optionalText)]), in: store) {
            $0.int += 1
        }
        #expect(forward.map(\.text) == ["b", "a", "c"])
        let reverse = try Self.sorted(
            FetchDescriptor<Sample>(sortBy: [SortDescriptor(\.optionalInt, order: .reverse)]), in: store
        ) { $0.int += 1 }
        #expect(reverse.map(\.text) == ["c", "a", "b"])
    }

    @Test("a reversed Bool descriptor puts pinned notes first")
    func pinnedFirst() throws {
        let store = try ModelStoreFixture()
        for (index, pinned) in [false, true, false, true].enumerated() {
            store.context.insert(Note(title: "N\(index)", isPinned: pinned))
        }
        try store.context.save()
        let descriptor = FetchDescriptor<Note>(sortBy: [
            SortDescriptor(\Note.isPinned, order: .reverse), SortDescriptor(\.title),
        ])
        #expect(try Self.noteTitles(descriptor, in: store) == ["N1", "N3", "N0", "N2"])
    }

    @Test("pages of a filtered, sorted fetch run in SQL with LIMIT and OFFSET")
    func pagination() throws {
        let store = try ModelStoreFixture()
        for index in 0..<10 { store.context.insert(Note(title: "Café \(index)", isPinned: index.isMultiple(of: 2))) }
        try store.context.save()
        let search = "cafe"
        var descriptor = FetchDescriptor<Note>(
            predicate: #Predicate { $0.title.localizedStandardContains(search) && $0.isPinned },
            sortBy: [SortDescriptor(\.title, order: .reverse)]
        )
        descriptor.fetchLimit = 2
        descriptor.fetchOffset = 1
        descriptor.propertiesToFetch = [\.title]
        let statements = try store.statements {
            let page = try store.newContext().fetch(descriptor)
            #expect(page.map(\.title) == ["Café 6", "Café 4"])
        }
        #expect(statements.contains { $0.contains("LIMIT 2 OFFSET 1") || $0.contains("LIMIT ? OFFSET ?") })
        #expect(try Self.noteTitles(descriptor, in: store) == ["Café 6", "Café 4"])
        #expect(try store.newContext().fetchCount(descriptor) == 2)
    }
}
