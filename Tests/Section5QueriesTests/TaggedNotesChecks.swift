import Foundation
import PersistenceCore
import Section5Queries
import Testing

@Suite("Section 5: exercise 5.1, notes by tag")
struct TaggedNotesChecks {
    /// Notes with one tag, two tags and none.
    static func officeAndHome() throws -> NoteBench {
        try NoteBench([
            NoteSeed("Budget", day: 1, tags: ["work"]),
            NoteSeed("Boiler service", day: 2, tags: ["home"]),
            NoteSeed("Standup", day: 3, tags: ["work"]),
            NoteSeed("Random thought", day: 4),
            NoteSeed("Quarterly review", day: 5, tags: ["work", "home"]),
        ])
    }

    @Test("a tag's view lists only the notes carrying that tag, newest first")
    func notesWithTag() throws {
        let bench = try Self.officeAndHome()
        let view = bench.show { TaggedNotesView(tagName: "work") }
        let found = view.notes.map(\.title)
        let expected = ["Quarterly review", "Standup", "Budget"]
        #expect(
            found == expected,
            "TaggedNotesView(tagName: \"work\").notes: expected \(describe(expected)) (the notes tagged \"work\", newest first), found \(describe(found)). \(advice(found, "Keep a note when note.tags.contains { $0.name == tagName }, and sort newest first.", unfinished: "query"))"
        )
    }

    @Test("a tag's view leaves out tags with similar names")
    func similarTagNames() throws {
        let bench = try NoteBench([
            NoteSeed("Optionals", day: 1, tags: ["swift"]),
            NoteSeed("Result builders", day: 1.5, tags: ["swift"]),
            NoteSeed("Previews", day: 2, tags: ["swiftui"]),
            NoteSeed("Concert tickets", day: 3, tags: ["taylor swift"]),
            NoteSeed("Actors", day: 4, tags: ["swift", "concurrency"]),
            NoteSeed("Parameterised tests", day: 5, tags: ["swift-testing"]),
        ])
        let view = bench.show { TaggedNotesView(tagName: "swift") }
        let found = view.notes.map(\.title)
        let expected = ["Actors", "Result builders", "Optionals"]
        #expect(
            found == expected,
            "TaggedNotesView(tagName: \"swift\").notes with tags \"swiftui\", \"taylor swift\" and \"swift-testing\" also in the store: expected \(describe(expected)), found \(describe(found)). \(advice(found, "A tag name must be equal (==), not merely contain the text.", unfinished: "query"))"
        )
    }

    @Test("two tags' views each show their own notes")
    func independentViews() throws {
        let bench = try Self.officeAndHome()
        let (work, home) = bench.show { (TaggedNotesView(tagName: "work"), TaggedNotesView(tagName: "home")) }
        let homeTitles = home.notes.map(\.title)
        let workTitles = work.notes.map(\.title)
        #expect(
            homeTitles == ["Quarterly review", "Boiler service"],
            "TaggedNotesView(tagName: \"home\").notes next to a view of \"work\": expected [\"Quarterly review\", \"Boiler service\"], found \(describe(homeTitles)). \(advice(homeTitles, "Each view builds its own query from its own tag name.", unfinished: "query"))"
        )
        #expect(
            workTitles == ["Quarterly review", "Standup", "Budget"],
            "TaggedNotesView(tagName: \"work\").notes next to a view of \"home\": expected [\"Quarterly review\", \"Standup\", \"Budget\"], found \(describe(workTitles))."
        )
    }

    @Test("a note tagged after the view was created appears in it")
    func viewIsLive() throws {
        let bench = try Self.officeAndHome()
        let view = bench.show { TaggedNotesView(tagName: "home") }
        let before = view.notes.map(\.title)
        try bench.tag(noteTitled: "Random thought", with: "home")
        let after = view.notes.map(\.title)
        #expect(
            before == ["Quarterly review", "Boiler service"],
            "TaggedNotesView(tagName: \"home\").notes at first: expected [\"Quarterly review\", \"Boiler service\"], found \(describe(before)). \(advice(before, "Keep the notes carrying the tag, newest first.", unfinished: "query"))"
        )
        #expect(
            after == ["Quarterly review", "Random thought", "Boiler service"],
            "The same view's notes after another context tagged \"Random thought\" with \"home\" and saved: expected [\"Quarterly review\", \"Random thought\", \"Boiler service\"], found \(describe(after))."
        )
    }

    @Test("notes tagged at the same moment are listed by title")
    func tagTiesByTitle() throws {
        let bench = try NoteBench([
            NoteSeed("Pears", day: 1, tags: ["fruit"]),
            NoteSeed("Apples", day: 1, tags: ["fruit"]),
            NoteSeed("Figs", day: 2, tags: ["fruit"]),
        ])
        let view = bench.show { TaggedNotesView(tagName: "fruit") }
        let found = view.notes.map(\.title)
        let expected = ["Figs", "Apples", "Pears"]
        #expect(
            found == expected,
            "TaggedNotesView(tagName: \"fruit\").notes with two notes written at the same moment: expected \(describe(expected)) (newest first, ties in title order A to Z), found \(describe(found)). \(advice(found, "Sort by createdAt in reverse, then by title.", unfinished: "query"))"
        )
    }

    @Test("a tag's view leaves out tags whose names differ only in case")
    func tagNameCase() throws {
        let bench = try NoteBench([
            NoteSeed("Macros", day: 1, tags: ["swift"]),
            NoteSeed("Bank transfer", day: 2, tags: ["SWIFT"]),
            NoteSeed("Concert", day: 3, tags: ["Swift"]),
            NoteSeed("Vapor routes", day: 4, tags: ["swift"]),
        ])
        let view = bench.show { TaggedNotesView(tagName: "swift") }
        let found = view.notes.map(\.title)
        let expected = ["Vapor routes", "Macros"]
        #expect(
            found == expected,
            "TaggedNotesView(tagName: \"swift\").notes with tags \"SWIFT\" and \"Swift\" also in the store: expected \(describe(expected)) (only the tag named exactly \"swift\"), found \(describe(found))."
        )
    }
}
