import Foundation
import PersistenceCore
import Section5Queries
import Testing

@Suite("Section 5: predicates")
struct PredicateChecks {
    @Test("pinned notes are only the pinned ones, newest first")
    func pinnedNotes() throws {
        let bench = try NoteBench([
            NoteSeed("Shopping list", pinned: true, day: 1),
            NoteSeed("Meeting notes", day: 2),
            NoteSeed("Wi-Fi password", pinned: true, day: 3),
            NoteSeed("Gift ideas", day: 4),
            NoteSeed("Door code", pinned: true, day: 5),
        ])
        let found = try bench.titles(NoteQueries.pinnedNotes())
        let expected = ["Door code", "Wi-Fi password", "Shopping list"]
        #expect(
            found == expected,
            "NoteQueries.pinnedNotes(): expected \(describe(expected)) (the pinned notes, newest first), found \(describe(found)). \(advice(found, "Filter with #Predicate { $0.isPinned } and sort by createdAt in reverse."))"
        )
    }

    @Test("a search finds the text in a note's title")
    func searchTitle() throws {
        let bench = try NoteBench([
            NoteSeed("Holiday plans", content: "Book the ferry", day: 1),
            NoteSeed("Weekend plans", content: "A hike, then a picnic", day: 2),
            NoteSeed("Groceries", content: "Milk and eggs", day: 2.5),
            NoteSeed("Garden plans", content: "Raised beds by the fence", day: 3),
        ])
        let found = try bench.titles(NoteQueries.search("plans"))
        let expected = ["Garden plans", "Weekend plans", "Holiday plans"]
        #expect(
            found == expected,
            "NoteQueries.search(\"plans\"): expected \(describe(expected)) (titles containing \"plans\", newest first), found \(describe(found)). \(advice(found, "Test the title with localizedStandardContains(_:)."))"
        )
    }

    @Test("a search also finds the text in a note's content")
    func searchContent() throws {
        let bench = try NoteBench([
            NoteSeed("Tomato seeds", content: "Order them in March", day: 1),
            NoteSeed("Errands", content: "Post office, bank", day: 2),
            NoteSeed("Bruschetta", content: "Chopped tomato and basil", day: 2.5),
            NoteSeed("Soup", content: "Two tomatoes, one onion", day: 3),
        ])
        let found = try bench.titles(NoteQueries.search("tomato"))
        let expected = ["Soup", "Bruschetta", "Tomato seeds"]
        #expect(
            found == expected,
            "NoteQueries.search(\"tomato\"): expected \(describe(expected)) (\"Soup\" and \"Bruschetta\" match in their content, \"Tomato seeds\" in its title), found \(describe(found)). \(advice(found, "A search must look in the content as well as the title: join the two tests with ||."))"
        )
    }

    @Test("a search ignores upper and lower case")
    func searchIgnoresCase() throws {
        let bench = try NoteBench([
            NoteSeed("Board meeting", day: 1),
            NoteSeed("Lunch", content: "Sandwiches", day: 1.5),
            NoteSeed("Team MEETING", day: 2),
            NoteSeed("meeting room booking", day: 3),
        ])
        let found = try bench.titles(NoteQueries.search("Meeting"))
        let expected = ["meeting room booking", "Team MEETING", "Board meeting"]
        #expect(
            found == expected,
            "NoteQueries.search(\"Meeting\"): expected \(describe(expected)) (a search ignores case), found \(describe(found)). contains(_:) compares letters exactly; use localizedStandardContains(_:)."
        )
    }

    @Test("a search ignores accents, so cafe finds Café")
    func searchIgnoresAccents() throws {
        let bench = try NoteBench([
            NoteSeed("Weekend", content: "Brunch at the cafe on the corner", day: 1),
            NoteSeed("Crème brûlée", content: "Needs a blowtorch", day: 1.5),
            NoteSeed("Bakery", content: "The café next door sells bread", day: 2),
            NoteSeed("Café opening hours", day: 3),
        ])
        let found = try bench.titles(NoteQueries.search("cafe"))
        let expected = ["Café opening hours", "Bakery", "Weekend"]
        #expect(
            found == expected,
            "NoteQueries.search(\"cafe\"): expected \(describe(expected)) (a search ignores accents), found \(describe(found)). contains(_:) treats é and e as different letters; use localizedStandardContains(_:)."
        )
    }

    @Test("an empty search finds every note, newest first")
    func emptySearch() throws {
        let bench = try NoteBench([
            NoteSeed("Bills", content: "one", day: 1),
            NoteSeed("Cinema", day: 3),
            NoteSeed("Dentist", content: "two", day: 2),
        ])
        let found = try bench.titles(NoteQueries.search(""))
        let expected = ["Cinema", "Dentist", "Bills"]
        #expect(
            found == expected,
            "NoteQueries.search(\"\"): expected \(describe(expected)) (an empty search field shows every note, newest first), found \(describe(found))."
        )
    }

    @Test("notes created after a date are the later ones, newest first")
    func createdAfter() throws {
        let bench = try NoteBench([
            NoteSeed("Plumber quote", day: 1),
            NoteSeed("Recipe swap", day: 3),
            NoteSeed("Gym times", day: 2),
            NoteSeed("Movie night", day: 5),
            NoteSeed("Alarm code", day: 4),
        ])
        let cutoff = moment(day: 2.5)
        let found = try bench.titles(NoteQueries.notes(createdAfter: cutoff))
        let expected = ["Movie night", "Alarm code", "Recipe swap"]
        #expect(
            found == expected,
            "NoteQueries.notes(createdAfter:) with a cutoff halfway between the notes of days 2 and 3: expected \(describe(expected)) (the later notes, newest first), found \(describe(found)). \(advice(found, "Keep the notes whose createdAt is later than the date, newest first."))"
        )
    }

    @Test("a note created exactly at the cutoff is not after it")
    func createdAtCutoffIsNotAfter() throws {
        let bench = try NoteBench([
            NoteSeed("Before", day: 1),
            NoteSeed("Exactly at the cutoff", day: 2),
            NoteSeed("After", day: 3),
        ])
        let found = try bench.titles(NoteQueries.notes(createdAfter: moment(day: 2)))
        let expected = ["After"]
        #expect(
            found == expected,
            "NoteQueries.notes(createdAfter:) with a cutoff equal to one note's createdAt: expected \(describe(expected)), found \(describe(found)). \(advice(found, "\"After\" means strictly later: compare with >, not >=."))"
        )
    }

    @Test("pinned notes created after a date must meet both conditions")
    func pinnedAndRecent() throws {
        let bench = try NoteBench([
            NoteSeed("Insurance number", pinned: true, day: 1),
            NoteSeed("Lease renewal", pinned: true, day: 3),
            NoteSeed("Bike lock code", pinned: true, day: 4),
            NoteSeed("Passport number", pinned: true, day: 5),
            NoteSeed("Party playlist", day: 6),
        ])
        let found = try bench.titles(NoteQueries.pinnedNotes(createdAfter: moment(day: 2)))
        let expected = ["Passport number", "Bike lock code", "Lease renewal"]
        #expect(
            found == expected,
            "NoteQueries.pinnedNotes(createdAfter:): expected \(describe(expected)) (pinned and written after the cutoff, newest first), found \(describe(found)). \(advice(found, "Join the two conditions with &&."))"
        )
    }

    @Test("a pinned note created exactly at the cutoff is not after it")
    func pinnedAtCutoffIsNotAfter() throws {
        let bench = try NoteBench([
            NoteSeed("Pinned before", pinned: true, day: 1),
            NoteSeed("Pinned exactly at the cutoff", pinned: true, day: 2),
            NoteSeed("Pinned after", pinned: true, day: 3),
            NoteSeed("Unpinned after", day: 4),
        ])
        let found = try bench.titles(NoteQueries.pinnedNotes(createdAfter: moment(day: 2)))
        let expected = ["Pinned after"]
        #expect(
            found == expected,
            "NoteQueries.pinnedNotes(createdAfter:) with a cutoff equal to one pinned note's createdAt: expected \(describe(expected)) (the note at the cutoff left out), found \(describe(found))."
        )
    }
}
