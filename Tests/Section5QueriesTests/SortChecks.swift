import Foundation
import PersistenceCore
import Section5Queries
import Testing

@Suite("Section 5: sorting and limits")
struct SortChecks {
    @Test("every note is listed newest first")
    func newestFirst() throws {
        let bench = try NoteBench([
            NoteSeed("Tuesday", day: 2),
            NoteSeed("Friday", day: 5),
            NoteSeed("Monday", day: 1),
            NoteSeed("Wednesday", day: 3),
        ])
        let found = try bench.titles(NoteQueries.allNotes())
        let expected = ["Friday", "Wednesday", "Tuesday", "Monday"]
        #expect(
            found == expected,
            "NoteQueries.allNotes(): expected \(describe(expected)) (newest first), found \(describe(found)). \(advice(found, "SortDescriptor(\\.createdAt) alone is oldest first; add order: .reverse."))"
        )
    }

    @Test("notes written at the same moment are listed by title")
    func tiesByTitle() throws {
        let bench = try NoteBench([
            NoteSeed("Zebra facts", day: 1),
            NoteSeed("Later note", day: 2),
            NoteSeed("Mango recipe", day: 1),
            NoteSeed("Apple pie", day: 1),
        ])
        let found = try bench.titles(NoteQueries.allNotes())
        let expected = ["Later note", "Apple pie", "Mango recipe", "Zebra facts"]
        #expect(
            found == expected,
            "NoteQueries.allNotes() with three notes written at the same moment: expected \(describe(expected)) (newest first, ties in title order A to Z), found \(describe(found)). \(advice(found, "Add a second SortDescriptor(\\.title) after the date."))"
        )
    }

    @Test("pinned notes come first, then the others, each group newest first")
    func pinnedFirst() throws {
        let bench = try NoteBench([
            NoteSeed("Recipe ideas", day: 6),
            NoteSeed("Locker code", pinned: true, day: 1),
            NoteSeed("Book list", day: 3),
            NoteSeed("Car insurance", pinned: true, day: 4),
            NoteSeed("Zoo trip", day: 5),
            NoteSeed("Visa deadline", pinned: true, day: 2),
        ])
        let found = try bench.titles(NoteQueries.pinnedFirst())
        let expected = ["Car insurance", "Visa deadline", "Locker code", "Recipe ideas", "Zoo trip", "Book list"]
        #expect(
            found == expected,
            "NoteQueries.pinnedFirst(): expected \(describe(expected)), found \(describe(found)). \(advice(found, "Forward order puts false before true, so pinned-first is SortDescriptor(\\.isPinned, order: .reverse), followed by the date in reverse."))"
        )
    }

    @Test("the latest notes are only as many as the limit, newest first")
    func latestWithLimit() throws {
        let titles = ["Laundry", "Hike", "Ferry times", "Zinnia seeds", "Budget", "Quiz answers"]
        let bench = try NoteBench(titles.enumerated().map { NoteSeed($1, day: Double($0 + 1)) })
        let found = try bench.titles(NoteQueries.latestNotes(limit: 3))
        let expected = ["Quiz answers", "Budget", "Zinnia seeds"]
        #expect(
            found == expected,
            "NoteQueries.latestNotes(limit: 3) over six notes: expected \(describe(expected)), found \(describe(found)). \(advice(found, "Set the descriptor's fetchLimit to the limit, and sort newest first."))"
        )
    }
}
