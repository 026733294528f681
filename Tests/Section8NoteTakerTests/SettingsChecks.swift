import Foundation
import PersistenceCore
import Section8NoteTaker
import Testing

@Suite("Section 8: settings and the list order")
struct SettingsChecks {
    @Test("the settings default to date order with pinned notes first, without saving anything")
    func defaults() throws {
        try NoteTakerBench.run { bench in
            let settings = NoteTakerSettings()
            #expect(settings.sortOrder == .date, "sortOrder with nothing saved: expected .date, found .\(settings.sortOrder.rawValue).")
            #expect(settings.showPinnedFirst, "showPinnedFirst with nothing saved: expected true, found false.")
            let saved = bench.preferences.dictionaryRepresentation().keys.filter { [NoteTakerKeys.sortOrder, NoteTakerKeys.showPinnedFirst].contains($0) }
            #expect(saved.isEmpty, "Preference keys saved by only reading the settings: expected none, found \(describe(saved.sorted())). A default is never written to the store.")
        }
    }

    @Test("the settings are saved in preferences under \"sortOrder\" and \"showPinnedFirst\"")
    func savedUnderKeys() throws {
        try NoteTakerBench.run { bench in
            let settings = NoteTakerSettings()
            settings.sortOrder = .title
            settings.showPinnedFirst = false

            let order = bench.preferences.string(forKey: NoteTakerKeys.sortOrder)
            #expect(order == "title", "The preference \"sortOrder\" after choosing title order: expected \"title\", found \(describe(order)). Declare it with @AppStorage(NoteTakerKeys.sortOrder).")
            let pinned = bench.preferences.object(forKey: NoteTakerKeys.showPinnedFirst) as? Bool
            #expect(pinned == false, "The preference \"showPinnedFirst\" after turning it off: expected false, found \(pinned.map { "\($0)" } ?? "nothing saved"). Declare it with @AppStorage(NoteTakerKeys.showPinnedFirst).")
            let relaunched = NoteTakerSettings()
            #expect(relaunched.sortOrder == .title && !relaunched.showPinnedFirst, "A second NoteTakerSettings() after the change: expected title order without pinned first, found .\(relaunched.sortOrder.rawValue) and showPinnedFirst \(relaunched.showPinnedFirst).")
        }
    }

    @Test("date order lists the newest note first")
    func dateOrder() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let notes = try ["Monday", "Tuesday", "Wednesday"].map { try repository.addNote(title: $0) }
            try spaceOutCreationDates(notes, in: repository.context)
            repository.settings.sortOrder = .date

            let titles = try repository.notes().map(\.title)
            let expected = ["Wednesday", "Tuesday", "Monday"]
            #expect(titles == expected, "notes() in date order, for notes created Monday, Tuesday, Wednesday: expected \(describe(expected)) (newest first), found \(describe(titles)).")
        }
    }

    @Test("title order lists notes alphabetically")
    func titleOrder() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let notes = try ["pears", "Apples", "cherries"].map { try repository.addNote(title: $0) }
            try spaceOutCreationDates(notes, in: repository.context)
            repository.settings.sortOrder = .title

            let titles = try repository.notes().map(\.title)
            let expected = ["Apples", "cherries", "pears"]
            #expect(titles == expected, "notes() in title order: expected \(describe(expected)) (alphabetical, ignoring case), found \(describe(titles)).")
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
            #expect(byTitle == expectedByTitle, "notes() in title order with pinned first on: expected \(describe(expectedByTitle)), found \(describe(byTitle)). Sort by isPinned (reversed) before the chosen order.")

            repository.settings.sortOrder = .date
            let byDate = try repository.notes().map(\.title)
            let expectedByDate = ["Alarm code hint", "Wifi password hint", "Dentist", "Bills"]
            #expect(byDate == expectedByDate, "notes() in date order with pinned first on: expected \(describe(expectedByDate)), found \(describe(byDate)).")
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
            #expect(titles == expected, "notes() in title order with pinned first off: expected \(describe(expected)), found \(describe(titles)). Only sort by isPinned when showPinnedFirst is on.")
        }
    }

    @Test("the list follows a setting changed elsewhere without being recreated")
    func followsSettingsLive() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let notes = try ["Ant farm", "Zebra facts"].map { try repository.addNote(title: $0) }
            try spaceOutCreationDates(notes, in: repository.context)
            let before = try repository.notes().map(\.title)
            #expect(before == ["Zebra facts", "Ant farm"], "notes() with the default settings: expected [\"Zebra facts\", \"Ant farm\"] (newest first), found \(describe(before)).")

            bench.preferences.set(NoteSortOrder.title.rawValue, forKey: NoteTakerKeys.sortOrder)
            let byTitle = try repository.notes().map(\.title)
            #expect(byTitle == ["Ant farm", "Zebra facts"], "notes() after the settings screen saved \"title\" under \"sortOrder\": expected [\"Ant farm\", \"Zebra facts\"], found \(describe(byTitle)). Read the settings on every call; keep no copy.")

            bench.preferences.set(NoteSortOrder.date.rawValue, forKey: NoteTakerKeys.sortOrder)
            bench.preferences.set(false, forKey: NoteTakerKeys.showPinnedFirst)
            try repository.update(notes[0], isPinned: true)
            let unpinnedFirst = try repository.notes().map(\.title)
            #expect(unpinnedFirst == ["Zebra facts", "Ant farm"], "notes() in date order after the settings screen turned pinned first off: expected [\"Zebra facts\", \"Ant farm\"], found \(describe(unpinnedFirst)).")
        }
    }
}
