import Foundation
import PersistenceCore
import Section5Queries
import Testing

@Suite("Section 5: two queries on one screen")
struct OverviewChecks {
    /// Pinned and unpinned notes interleaved, two pinned ones written at the same moment, and a title
    /// order unlike the date order.
    static let seeds = [
        NoteSeed("Boiler service", pinned: true, day: 1),
        NoteSeed("Allotment rota", day: 2),
        NoteSeed("Wi-Fi password", pinned: true, day: 3),
        NoteSeed("Dentist", pinned: true, day: 3),
        NoteSeed("Library books", day: 4),
        NoteSeed("Car insurance", day: 5),
    ]

    @Test("the overview's pinned list and its three newest notes each come from their own query")
    func twoLists() throws {
        let bench = try NoteBench(Self.seeds)
        let screen = bench.show { NoteOverviewScreen() }
        let pinned = screen.pinned.map(\.title)
        let newest = screen.newest.map(\.title)
        #expect(
            pinned == ["Dentist", "Wi-Fi password", "Boiler service"],
            "NoteOverviewScreen().pinned: expected [\"Dentist\", \"Wi-Fi password\", \"Boiler service\"] (pinned only, newest first, equal times by title), found \(describe(pinned)). \(advice(pinned, "Filter on isPinned; sort by createdAt going down, then by title.", unfinished: "query"))"
        )
        #expect(
            newest == ["Car insurance", "Library books", "Dentist"],
            "NoteOverviewScreen().newest: expected [\"Car insurance\", \"Library books\", \"Dentist\"] (the three newest, pinned or not, equal times by title), found \(describe(newest)). \(advice(newest, "No filter; the same sort, and a fetchLimit of 3 on the descriptor.", unfinished: "query"))"
        )
    }

    @Test("both lists of the overview follow the store: adds and deletes after the screen was made")
    func listsFollowTheStore() throws {
        let bench = try NoteBench(Self.seeds)
        let screen = bench.show { NoteOverviewScreen() }
        _ = (screen.pinned, screen.newest)
        let steps: [(String, () throws -> Void, [String], [String])] = [
            (
                "a pinned note written last was saved",
                { try bench.add([NoteSeed("Passport renewal", pinned: true, day: 6)]) },
                ["Passport renewal", "Dentist", "Wi-Fi password", "Boiler service"],
                ["Passport renewal", "Car insurance", "Library books"]
            ),
            (
                "an unpinned note written last was saved", { try bench.add([NoteSeed("Bin day", day: 7)]) },
                ["Passport renewal", "Dentist", "Wi-Fi password", "Boiler service"],
                ["Bin day", "Passport renewal", "Car insurance"]
            ),
            (
                "\"Passport renewal\" was deleted", { try bench.delete(noteTitled: "Passport renewal") },
                ["Dentist", "Wi-Fi password", "Boiler service"], ["Bin day", "Car insurance", "Library books"]
            ),
        ]
        for (event, change, expectedPinned, expectedNewest) in steps {
            try change()
            let pinned = screen.pinned.map(\.title)
            let newest = screen.newest.map(\.title)
            #expect(
                pinned == expectedPinned,
                "After \(event), the same screen's pinned list: expected \(describe(expectedPinned)), found \(describe(pinned)). Each list must be a @Query, which follows every save."
            )
            #expect(
                newest == expectedNewest,
                "After \(event), the same screen's newest list: expected \(describe(expectedNewest)), found \(describe(newest)). Each list must be a @Query of its own, with its own limit of 3."
            )
        }
    }
}
