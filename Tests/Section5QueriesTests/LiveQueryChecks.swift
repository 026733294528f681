import Foundation
import PersistenceCore
import Section5Queries
import Testing

@Suite("Section 5: the search list")
struct LiveQueryChecks {
    @Test("the search list shows the notes whose title or content matches, newest first")
    func searchListMatches() throws {
        let bench = try NoteBench([
            NoteSeed("Brunch", content: "Two cafe au lait", day: 1),
            NoteSeed("Groceries", content: "Bread", day: 1.5),
            NoteSeed("Trip", content: "Try the CAFE by the station", day: 2),
            NoteSeed("Café list", day: 3),
        ])
        let list = bench.show { SearchableNoteList(searchText: "cafe") }
        let found = list.notes.map(\.title)
        let expected = ["Café list", "Trip", "Brunch"]
        #expect(
            found == expected,
            "SearchableNoteList(searchText: \"cafe\").notes: expected \(describe(expected)) (title or content matches, ignoring case and accents, newest first), found \(describe(found)). \(advice(found, "Search the title or the content with localizedStandardContains(_:).", unfinished: "query"))"
        )
    }

    @Test("the search list shows every note when the search text is empty")
    func searchListEmptyText() throws {
        let bench = try NoteBench([
            NoteSeed("Allotment", content: "a", day: 1),
            NoteSeed("Visa photos", content: "b", day: 2),
            NoteSeed("Piano tuning", day: 3),
        ])
        let list = bench.show { SearchableNoteList(searchText: "") }
        let found = list.notes.map(\.title)
        let expected = ["Piano tuning", "Visa photos", "Allotment"]
        #expect(
            found == expected,
            "SearchableNoteList(searchText: \"\").notes: expected \(describe(expected)) (every note, newest first), found \(describe(found))."
        )
    }

    @Test("the search list shows a matching note saved after the list was created")
    func searchListIsLive() throws {
        let bench = try NoteBench([NoteSeed("Swimming lessons", day: 1)])
        let list = bench.show { SearchableNoteList(searchText: "swim") }
        let before = list.notes.map(\.title)
        try bench.add([NoteSeed("Swim kit", day: 2), NoteSeed("Chess club", day: 3)])
        let after = list.notes.map(\.title)
        #expect(
            before == ["Swimming lessons"],
            "SearchableNoteList(searchText: \"swim\").notes before anything changed: expected [\"Swimming lessons\"], found \(describe(before)). \(advice(before, "Build the query from the search text.", unfinished: "query"))"
        )
        #expect(
            after == ["Swim kit", "Swimming lessons"],
            "The same list's notes after another context saved \"Swim kit\" and \"Chess club\": expected [\"Swim kit\", \"Swimming lessons\"], found \(describe(after))."
        )
    }

    @Test("the search list drops a note deleted after the list was created")
    func searchListFollowsDeletes() throws {
        let bench = try NoteBench([
            NoteSeed("Swim kit", day: 1),
            NoteSeed("Swimming lessons", day: 2),
            NoteSeed("Chess club", day: 3),
        ])
        let list = bench.show { SearchableNoteList(searchText: "swim") }
        let before = list.notes.map(\.title)
        try bench.delete(noteTitled: "Swimming lessons")
        let after = list.notes.map(\.title)
        #expect(
            before == ["Swimming lessons", "Swim kit"],
            "SearchableNoteList(searchText: \"swim\").notes before anything changed: expected [\"Swimming lessons\", \"Swim kit\"], found \(describe(before))."
        )
        #expect(
            after == ["Swim kit"],
            "The same list's notes after another context deleted \"Swimming lessons\" and saved: expected [\"Swim kit\"], found \(describe(after))."
        )
    }
}
