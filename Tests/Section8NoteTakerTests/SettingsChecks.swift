import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker
import Testing

@Suite("Section 8: settings and the list order")
struct SettingsChecks {
    @Test("the settings default to date order with pinned notes first, without saving anything")
    func defaults() throws {
        try NoteTakerBench.run { bench in
            let settings = NoteTakerSettings()
            #expect(
                settings.sortOrder == .date,
                "sortOrder with nothing saved: expected .date, found .\(settings.sortOrder.rawValue).")
            #expect(settings.showPinnedFirst, "showPinnedFirst with nothing saved: expected true, found false.")
            let saved = bench.savedKeys(in: bench.preferences)
            #expect(
                saved.isEmpty,
                "Keys in the preference file after only reading the settings: expected none, found \(describe(saved)).")
        }
    }

    @Test("the settings are saved in preferences under \"sortOrder\" and \"showPinnedFirst\"")
    func savedUnderKeys() throws {
        try NoteTakerBench.run { bench in
            let settings = NoteTakerSettings()
            settings.sortOrder = .title
            settings.showPinnedFirst = false

            let order = bench.preferences.string(forKey: NoteTakerKeys.sortOrder)
            #expect(
                order == "title",
                "The preference \"sortOrder\" after choosing title order: expected \"title\", found \(describe(order))."
            )
            let pinned = bench.preferences.object(forKey: NoteTakerKeys.showPinnedFirst) as? Bool
            #expect(
                pinned == false,
                "The preference \"showPinnedFirst\" after turning it off: expected false, found \(pinned.map { "\($0)" } ?? "nothing saved")."
            )
            let relaunched = NoteTakerSettings()
            #expect(
                relaunched.sortOrder == .title && !relaunched.showPinnedFirst,
                "A second NoteTakerSettings() after the change: expected title order without pinned first, found .\(relaunched.sortOrder.rawValue) and showPinnedFirst \(relaunched.showPinnedFirst)."
            )
        }
    }

    @Test("date order lists the newest note first")
    func dateOrder() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let created = ["Call Sam", "Book flights", "Water plants"]
            let notes = try created.map { try repository.addNote(title: $0) }
            try spaceOutCreationDates(notes, in: repository.context)
            repository.settings.sortOrder = .date

            let titles = try repository.notes().map(\.title)
            let expected = ["Water plants", "Book flights", "Call Sam"]
            #expect(
                titles == expected,
                "notes() in date order, for notes created in the order \(describe(created)): expected \(describe(expected)) (newest first), found \(describe(titles))."
            )
        }
    }

    @Test("title order lists notes alphabetically")
    func titleOrder() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let notes = try ["pears", "apples", "Cherries"].map { try repository.addNote(title: $0) }
            try spaceOutCreationDates(notes, in: repository.context)
            repository.settings.sortOrder = .title

            let titles = try repository.notes().map(\.title)
            let expected = ["apples", "Cherries", "pears"]
            #expect(
                titles == expected,
                "notes() in title order: expected \(describe(expected)) (alphabetical, ignoring case), found \(describe(titles))."
            )
        }
    }

    @Test("with pinned first on, pinned notes lead the list in the chosen order")
    func pinnedFirst() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let notes = [
                try repository.addNote(title: "Bills"),
                try repository.addNote(title: "Wifi password hint", isPinned: true),
                try repository.addNote(title: "Dentist"),
                try repository.addNote(title: "Alarm code hint", isPinned: true),
            ]
            try spaceOutCreationDates(notes, in: repository.context)
            repository.settings.showPinnedFirst = true

            repository.settings.sortOrder = .title
            let byTitle = try repository.notes().map(\.title)
            let expectedByTitle = ["Alarm code hint", "Wifi password hint", "Bills", "Dentist"]
            #expect(
                byTitle == expectedByTitle,
                "notes() in title order with pinned first on: expected \(describe(expectedByTitle)), found \(describe(byTitle))."
            )

            repository.settings.sortOrder = .date
            let byDate = try repository.notes().map(\.title)
            let expectedByDate = ["Alarm code hint", "Wifi password hint", "Dentist", "Bills"]
            #expect(
                byDate == expectedByDate,
                "notes() in date order with pinned first on: expected \(describe(expectedByDate)), found \(describe(byDate))."
            )
        }
    }

    @Test("with pinned first off, pinned notes take their normal place")
    func pinnedNotFirst() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let notes = [
                try repository.addNote(title: "Bills"),
                try repository.addNote(title: "Wifi password hint", isPinned: true),
                try repository.addNote(title: "Alarm code hint", isPinned: true),
                try repository.addNote(title: "Dentist"),
            ]
            try spaceOutCreationDates(notes, in: repository.context)
            repository.settings.showPinnedFirst = false
            repository.settings.sortOrder = .title

            let titles = try repository.notes().map(\.title)
            let expected = ["Alarm code hint", "Bills", "Dentist", "Wifi password hint"]
            #expect(
                titles == expected,
                "notes() in title order with pinned first off: expected \(describe(expected)), found \(describe(titles))."
            )
        }
    }

    @Test("the list follows a setting changed elsewhere without being recreated")
    func followsSettingsLive() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let notes = try ["Kite repair", "Zebra facts", "Ant farm"].map { try repository.addNote(title: $0) }
            try spaceOutCreationDates(notes, in: repository.context)
            let before = try repository.notes().map(\.title)
            let newestFirst = ["Ant farm", "Zebra facts", "Kite repair"]
            #expect(
                before == newestFirst,
                "notes() with the default settings: expected \(describe(newestFirst)) (newest first), found \(describe(before))."
            )

            bench.preferences.set(NoteSortOrder.title.rawValue, forKey: NoteTakerKeys.sortOrder)
            let byTitle = try repository.notes().map(\.title)
            let alphabetical = ["Ant farm", "Kite repair", "Zebra facts"]
            #expect(
                byTitle == alphabetical,
                "notes() after the settings screen saved \"title\" under \"sortOrder\": expected \(describe(alphabetical)), found \(describe(byTitle))."
            )

            bench.preferences.set(NoteSortOrder.date.rawValue, forKey: NoteTakerKeys.sortOrder)
            bench.preferences.set(false, forKey: NoteTakerKeys.showPinnedFirst)
            try repository.update(notes[0], isPinned: true)
            let unpinnedFirst = try repository.notes().map(\.title)
            #expect(
                unpinnedFirst == newestFirst,
                "notes() in date order after the settings screen turned pinned first off, with \"Kite repair\" pinned: expected \(describe(newestFirst)), found \(describe(unpinnedFirst))."
            )
        }
    }

    @Test("the settings use the store they are given")
    func givenStore() throws {
        try NoteTakerBench.run { bench in
            let elsewhere = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker")
            defer { try? FileManager.default.removeItem(at: elsewhere.deviceRoot) }
            let given = UserDefaults(sandbox: elsewhere)
            let settings = NoteTakerSettings(store: given)
            _ = (settings.sortOrder, settings.showPinnedFirst)
            let savedByReading = bench.savedKeys(in: given)
            #expect(
                savedByReading.isEmpty,
                "Keys in the given store's preference file after only reading the settings: expected none, found \(describe(savedByReading))."
            )

            given.set(NoteSortOrder.title.rawValue, forKey: NoteTakerKeys.sortOrder)
            given.set(false, forKey: NoteTakerKeys.showPinnedFirst)
            let shown = "sortOrder .\(settings.sortOrder.rawValue), showPinnedFirst \(settings.showPinnedFirst)"
            #expect(
                shown == "sortOrder .title, showPinnedFirst false",
                "NoteTakerSettings(store:) after \"title\" and false were saved in the given store: expected sortOrder .title, showPinnedFirst false, found \(shown)."
            )

            given.removeObject(forKey: NoteTakerKeys.sortOrder)
            given.removeObject(forKey: NoteTakerKeys.showPinnedFirst)
            settings.sortOrder = .title
            settings.showPinnedFirst = false
            let order = given.string(forKey: NoteTakerKeys.sortOrder)
            let pinned =
                (given.object(forKey: NoteTakerKeys.showPinnedFirst) as? Bool).map { "\($0)" } ?? "nothing saved"
            #expect(
                order == "title" && pinned == "false",
                "The given store's \"sortOrder\" and \"showPinnedFirst\" after setting title order and pinned first off: expected \"title\" and false, found \(describe(order)) and \(pinned)."
            )
            let inStandard = bench.savedKeys(in: bench.preferences)
            #expect(
                inStandard.isEmpty,
                "Keys in the app's standard preference file when every setting went to a given store: expected none, found \(describe(inStandard))."
            )
        }
    }

    @Test("the list obeys the settings it was given, not the app's standard ones")
    func listUsesGivenSettings() throws {
        try NoteTakerBench.run { bench in
            let elsewhere = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker")
            defer { try? FileManager.default.removeItem(at: elsewhere.deviceRoot) }
            let given = UserDefaults(sandbox: elsewhere)
            let repository = NoteRepository(context: try bench.openContext(), settings: NoteTakerSettings(store: given))
            let notes = [
                try repository.addNote(title: "Rent"),
                try repository.addNote(title: "Passport renewal", isPinned: true),
                try repository.addNote(title: "Boiler check"),
            ]
            try spaceOutCreationDates(notes, in: repository.context)
            given.set(NoteSortOrder.title.rawValue, forKey: NoteTakerKeys.sortOrder)
            given.set(false, forKey: NoteTakerKeys.showPinnedFirst)

            let titles = try repository.notes().map(\.title)
            let expected = ["Boiler check", "Passport renewal", "Rent"]
            #expect(
                titles == expected,
                "notes() when the given settings say title order without pinned first, and the standard preferences hold nothing: expected \(describe(expected)), found \(describe(titles))."
            )
        }
    }

    @Test("search results keep the list's order, pinned notes first")
    func searchKeepsOrder() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let notes = [
                try repository.addNote(title: "Trip budget", content: "Hotel and trains"),
                try repository.addNote(title: "Hotel wifi", isPinned: true),
                try repository.addNote(title: "Packing", content: "Hotel slippers"),
                try repository.addNote(title: "Gym", content: "Mondays"),
                try repository.addNote(title: "Alps hotel shortlist"),
            ]
            try spaceOutCreationDates(notes, in: repository.context)

            repository.settings.sortOrder = .date
            let byDate = try repository.notes(matching: "hotel").map(\.title)
            let expectedByDate = ["Hotel wifi", "Alps hotel shortlist", "Packing", "Trip budget"]
            #expect(
                byDate == expectedByDate,
                "notes(matching: \"hotel\") in date order with pinned first on: expected \(describe(expectedByDate)), found \(describe(byDate))."
            )

            repository.settings.sortOrder = .title
            repository.settings.showPinnedFirst = false
            let byTitle = try repository.notes(matching: "hotel").map(\.title)
            let expectedByTitle = ["Alps hotel shortlist", "Hotel wifi", "Packing", "Trip budget"]
            #expect(
                byTitle == expectedByTitle,
                "notes(matching: \"hotel\") in title order with pinned first off: expected \(describe(expectedByTitle)), found \(describe(byTitle))."
            )
        }
    }
}
