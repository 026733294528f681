import Foundation
import PersistenceCore
import Section5Queries
import Testing

/// Every list is newest first with ties in title order, and each list may sort on its own, so each one
/// gets notes that share a moment. The seeds put the later of two tied titles in the store first and
/// give the other notes titles that do not sort like their dates, so a missing tie-breaker, a title
/// sorted the other way, or a title sorted before the date each give a different list.
@Suite("Section 5: notes written at the same moment")
struct TieChecks {
    @Test("pinned notes written at the same moment are listed by title")
    func pinnedTies() throws {
        let bench = try NoteBench([
            NoteSeed("Locker number", pinned: true, day: 1),
            NoteSeed("Spare key", pinned: true, day: 2),
            NoteSeed("Bin day", day: 2),
            NoteSeed("Alarm code", pinned: true, day: 2),
            NoteSeed("Wi-Fi password", pinned: true, day: 3),
        ])
        let found = try bench.titles(NoteQueries.pinnedNotes())
        let expected = ["Wi-Fi password", "Alarm code", "Spare key", "Locker number"]
        #expect(
            found == expected,
            "NoteQueries.pinnedNotes() with \"Spare key\" and \"Alarm code\" pinned at the same moment: expected \(describe(expected)) (newest first, ties A to Z), found \(describe(found))."
        )
    }

    @Test("search results written at the same moment are listed by title")
    func searchTies() throws {
        let bench = try NoteBench([
            NoteSeed("Herbs", content: "Mint for tea", day: 1),
            NoteSeed("Green tea order", day: 2),
            NoteSeed("Coffee beans", day: 2),
            NoteSeed("Afternoon tea", day: 2),
            NoteSeed("Teapot repair", day: 3),
        ])
        let found = try bench.titles(NoteQueries.search("tea"))
        let expected = ["Teapot repair", "Afternoon tea", "Green tea order", "Herbs"]
        #expect(
            found == expected,
            "NoteQueries.search(\"tea\") with \"Green tea order\" and \"Afternoon tea\" written at the same moment: expected \(describe(expected)) (newest first, ties A to Z), found \(describe(found))."
        )
    }

    @Test("notes after a date written at the same moment are listed by title")
    func createdAfterTies() throws {
        let bench = try NoteBench([
            NoteSeed("Early idea", day: 1),
            NoteSeed("Yoga class", day: 3),
            NoteSeed("Oven clean", day: 2),
            NoteSeed("Dog walker", day: 2),
        ])
        let found = try bench.titles(NoteQueries.notes(createdAfter: moment(day: 1.5)))
        let expected = ["Yoga class", "Dog walker", "Oven clean"]
        #expect(
            found == expected,
            "NoteQueries.notes(createdAfter:) with \"Oven clean\" and \"Dog walker\" written at the same moment after the cutoff: expected \(describe(expected)) (newest first, ties A to Z), found \(describe(found))."
        )
    }

    @Test("pinned notes after a date written at the same moment are listed by title")
    func pinnedAfterTies() throws {
        let bench = try NoteBench([
            NoteSeed("Old code", pinned: true, day: 1),
            NoteSeed("Tax return", pinned: true, day: 2),
            NoteSeed("Gate code", pinned: true, day: 2),
            NoteSeed("Sofa delivery", pinned: true, day: 3),
            NoteSeed("Film list", day: 2),
        ])
        let found = try bench.titles(NoteQueries.pinnedNotes(createdAfter: moment(day: 1.5)))
        let expected = ["Sofa delivery", "Gate code", "Tax return"]
        #expect(
            found == expected,
            "NoteQueries.pinnedNotes(createdAfter:) with \"Tax return\" and \"Gate code\" pinned at the same moment after the cutoff: expected \(describe(expected)) (newest first, ties A to Z), found \(describe(found))."
        )
    }

    @Test("pinned first lists notes written at the same moment by title within each group")
    func pinnedFirstTies() throws {
        let bench = try NoteBench([
            NoteSeed("Walk the dog", day: 2),
            NoteSeed("Rent", pinned: true, day: 2),
            NoteSeed("Zumba", day: 3),
            NoteSeed("Insurance", pinned: true, day: 2),
            NoteSeed("Chores", day: 2),
        ])
        let found = try bench.titles(NoteQueries.pinnedFirst())
        let expected = ["Insurance", "Rent", "Zumba", "Chores", "Walk the dog"]
        #expect(
            found == expected,
            "NoteQueries.pinnedFirst() with two pinned and two unpinned notes written at the same moment: expected \(describe(expected)) (pinned first, each group newest first, ties A to Z), found \(describe(found))."
        )
    }

    @Test("the latest notes settle a tie at the limit by title")
    func latestTieAtLimit() throws {
        let bench = try NoteBench([
            NoteSeed("Kite", day: 1),
            NoteSeed("Window cleaner", day: 2),
            NoteSeed("Drinks order", day: 2),
            NoteSeed("Pottery", day: 3),
        ])
        let found = try bench.titles(NoteQueries.latestNotes(limit: 2))
        let expected = ["Pottery", "Drinks order"]
        #expect(
            found == expected,
            "NoteQueries.latestNotes(limit: 2) where the second place is shared by \"Window cleaner\" and \"Drinks order\", written at the same moment: expected \(describe(expected)) (newest first, ties A to Z, then cut at the limit), found \(describe(found))."
        )
    }

    @Test("the search list lists notes written at the same moment by title")
    func searchListTies() throws {
        let bench = try NoteBench([
            NoteSeed("Lunch", content: "Bento box", day: 1),
            NoteSeed("Window box plants", day: 2),
            NoteSeed("Garden", content: "Sweet peas", day: 2),
            NoteSeed("Boxing class", day: 2),
            NoteSeed("Inbox zero", day: 3),
        ])
        let list = bench.show { SearchableNoteList(searchText: "box") }
        let found = list.notes.map(\.title)
        let expected = ["Inbox zero", "Boxing class", "Window box plants", "Lunch"]
        #expect(
            found == expected,
            "SearchableNoteList(searchText: \"box\").notes with \"Window box plants\" and \"Boxing class\" written at the same moment: expected \(describe(expected)) (newest first, ties A to Z), found \(describe(found))."
        )
    }
}
