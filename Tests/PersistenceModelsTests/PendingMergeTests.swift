import CoreTestSupport
import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A fetch with unsaved changes runs the descriptor's SQL and merges the pending work into it; it must
/// agree with the same descriptor applied in memory to every model, current values included.
@Suite("Fetches merged with pending changes")
struct PendingMergeTests {
    /// Notes "n00" to "n19", created a minute apart, the even ones pinned, saved.
    func seeded() throws -> (ModelStoreFixture, [Note]) {
        let fixture = try ModelStoreFixture()
        let start = Date(timeIntervalSinceReferenceDate: 0)
        let notes = (0..<20).map { index in
            Note(
                title: String(format: "n%02d", index), isPinned: index % 2 == 0,
                createdAt: start.addingTimeInterval(Double(index) * 60))
        }
        notes.forEach(fixture.context.insert)
        try fixture.context.save()
        return (fixture, notes)
    }

    /// The descriptor applied in memory to every model the context would see.
    func expected(_ descriptor: FetchDescriptor<Note>, in context: ModelContext) throws -> [String] {
        var everything = FetchDescriptor<Note>()
        everything.includePendingChanges = true
        let all = try context.fetch(everything).filter { try descriptor.predicate?.evaluate($0) ?? true }
        let sorted = context.sorted(all, by: descriptor.sortBy)
        return context.window(of: sorted, offset: descriptor.fetchOffset ?? 0, limit: descriptor.fetchLimit).map(
            \.title)
    }

    func descriptor(offset: Int = 0, limit: Int? = 5) -> FetchDescriptor<Note> {
        var descriptor = FetchDescriptor<Note>(
            predicate: #Predicate { $0.isPinned }, sortBy: [SortDescriptor(\.createdAt, order: .reverse)])
        descriptor.fetchOffset = offset
        descriptor.fetchLimit = limit
        return descriptor
    }

    @Test("an edit that makes a row match brings it in, in its place")
    func editMakesRowMatch() throws {
        let (fixture, notes) = try seeded()
        notes[17].isPinned = true
        let fetched = try fixture.context.fetch(descriptor()).map(\.title)
        #expect(fetched == ["n18", "n17", "n16", "n14", "n12"])
        #expect(fetched == (try expected(descriptor(), in: fixture.context)))
    }

    @Test("an edit that makes a row stop matching takes it out, and the next row moves into the window")
    func editMakesRowStopMatching() throws {
        let (fixture, notes) = try seeded()
        notes[18].isPinned = false
        let fetched = try fixture.context.fetch(descriptor()).map(\.title)
        #expect(fetched == ["n16", "n14", "n12", "n10", "n08"])
        #expect(fetched == (try expected(descriptor(), in: fixture.context)))
    }

    @Test("a pending delete inside the limit window is left out and the window still fills")
    func deleteInsideWindow() throws {
        let (fixture, notes) = try seeded()
        fixture.context.delete(notes[16])
        let fetched = try fixture.context.fetch(descriptor()).map(\.title)
        #expect(fetched == ["n18", "n14", "n12", "n10", "n08"])
        #expect(fetched == (try expected(descriptor(), in: fixture.context)))
    }

    @Test("an insert that sorts first leads the results")
    func insertSortsFirst() throws {
        let (fixture, _) = try seeded()
        fixture.context.insert(
            Note(title: "new", isPinned: true, createdAt: Date(timeIntervalSinceReferenceDate: 100_000)))
        let fetched = try fixture.context.fetch(descriptor()).map(\.title)
        #expect(fetched == ["new", "n18", "n16", "n14", "n12"])
        #expect(fetched == (try expected(descriptor(), in: fixture.context)))
    }

    @Test("offset and limit apply across the merged results", arguments: [(0, 3), (2, 3), (4, 10), (9, 2), (0, nil)])
    func offsetAndLimitAcrossMerge(offset: Int, limit: Int?) throws {
        let (fixture, notes) = try seeded()
        notes[17].isPinned = true
        notes[12].createdAt = Date(timeIntervalSinceReferenceDate: 200_000)
        fixture.context.delete(notes[14])
        fixture.context.insert(Note(title: "new", isPinned: true, createdAt: Date(timeIntervalSinceReferenceDate: 150)))
        let asked = descriptor(offset: offset, limit: limit)
        #expect(try fixture.context.fetch(asked).map(\.title) == (try expected(asked, in: fixture.context)))
        #expect(try fixture.context.fetchCount(asked) == (try expected(asked, in: fixture.context)).count)
    }

    @Test("a merged fetch reads only the rows its window needs, in SQL, not the whole table")
    func mergeStaysInSQL() throws {
        let (fixture, notes) = try seeded()
        notes[3].title = "edited"
        let statements = try fixture.statements { _ = try fixture.context.fetch(descriptor(limit: 2)) }
        #expect(statements.count == 1)
        #expect(statements.first?.contains("WHERE") == true)
        #expect(statements.first?.contains("LIMIT") == true)
    }

    @Test("counting with pending changes adjusts the SQL count without loading rows")
    func countStaysInSQL() throws {
        let (fixture, notes) = try seeded()
        notes[1].isPinned = true
        fixture.context.delete(notes[0])
        fixture.context.insert(Note(title: "new", isPinned: true))
        let count = try fixture.context.fetchCount(FetchDescriptor<Note>(predicate: #Predicate { $0.isPinned }))
        #expect(count == 11)
        let statements = try fixture.statements {
            _ = try fixture.context.fetchCount(FetchDescriptor<Note>(predicate: #Predicate { $0.isPinned }))
        }
        let reads = statements.filter { $0.hasPrefix("SELECT") }
        #expect(
            reads.count == 2 && reads.allSatisfy { $0.contains("COUNT") || $0.contains("\"_pk\" IN") }, "\(statements)")
    }

    @Test(
        "random edits, inserts and deletes with many ties agree with the in-memory answer for every sort, offset and limit"
    )
    func randomPendingWorkAgrees() throws {
        var random = SeededGenerator(seed: 2026)
        let sorts: [[SortDescriptor<Note>]] = [
            [SortDescriptor(\.title)],
            [SortDescriptor(\.createdAt, order: .reverse)],
            [SortDescriptor(\.createdAt), SortDescriptor(\.title, order: .reverse)],
            [],
        ]
        let start = Date(timeIntervalSinceReferenceDate: 0)
        for round in 0..<40 {
            let fixture = try ModelStoreFixture()
            // Few distinct titles and dates, so that most comparisons tie and the key decides.
            func makeNote() -> Note {
                Note(
                    title: "t\(Int.random(in: 0..<4, using: &random))",
                    isPinned: Bool.random(using: &random),
                    createdAt: start.addingTimeInterval(Double(Int.random(in: 0..<3, using: &random)))
                )
            }
            let notes = (0..<30).map { _ in makeNote() }
            notes.forEach(fixture.context.insert)
            try fixture.context.save()
            for note in notes.shuffled(using: &random).prefix(Int.random(in: 1...6, using: &random)) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: note.title = "t\(Int.random(in: 0..<4, using: &random))"
                case 1: note.createdAt = start.addingTimeInterval(Double(Int.random(in: 0..<3, using: &random)))
                case 2: note.isPinned.toggle()
                default: fixture.context.delete(note)
                }
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) { fixture.context.insert(makeNote()) }
            for sort in sorts {
                var asked = FetchDescriptor<Note>(predicate: #Predicate { $0.isPinned }, sortBy: sort)
                asked.fetchOffset = Int.random(in: 0..<4, using: &random)
                asked.fetchLimit = Bool.random(using: &random) ? Int.random(in: 1..<8, using: &random) : nil
                let fetched = try fixture.context.fetch(asked).map(\.title)
                let wanted = try expected(asked, in: fixture.context)
                #expect(
                    fetched == wanted,
                    "round \(round), sort \(sort.count) keys, offset \(asked.fetchOffset ?? 0), limit \(String(describing: asked.fetchLimit))"
                )
                #expect(try fixture.context.fetchCount(asked) == wanted.count, "round \(round)")
            }
        }
    }
}
