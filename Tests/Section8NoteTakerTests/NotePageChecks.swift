import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker
import Testing

@Suite("Section 8: the note list screen, a page at a time")
struct NotePageChecks {
    /// Five notes created a minute apart in this order; "Visa form" is pinned.
    static let created = ["Bike lock code", "Visa form", "Allotment rota", "Quiz answers", "Espresso ratios"]

    /// A repository holding ``created``, with its standard settings.
    static func repositoryWithNotes(_ bench: NoteTakerBench) throws -> NoteRepository {
        let repository = try bench.openRepository()
        let notes = try created.map { try repository.addNote(title: $0, isPinned: $0 == "Visa form") }
        try spaceOutCreationDates(notes, in: repository.context)
        return repository
    }

    /// The titles on one page of the list, as the screen would show it.
    static func page(
        _ page: Int, of repository: NoteRepository, searching searchText: String = "",
        settings: NoteTakerSettings? = nil
    ) -> [String] {
        ModelEnvironment.with(repository.context) {
            NoteList(settings: settings ?? repository.settings, searchText: searchText, page: page)
        }.notes.map(\.title)
    }

    @Test("notesPerPage defaults to 20, is saved under \"notesPerPage\", and uses the store it is given")
    func notesPerPageSetting() throws {
        try NoteTakerBench.run { bench in
            let settings = NoteTakerSettings()
            #expect(
                settings.notesPerPage == 20,
                "notesPerPage with nothing saved: expected 20, found \(settings.notesPerPage).")
            let savedByReading = bench.savedKeys(in: bench.preferences)
            #expect(
                savedByReading.isEmpty,
                "Keys in the preference file after only reading notesPerPage: expected none, found \(describe(savedByReading))."
            )

            settings.notesPerPage = 35
            let saved = bench.preferences.object(forKey: NoteTakerKeys.notesPerPage) as? Int
            #expect(
                saved == 35,
                "The preference \"notesPerPage\" after choosing 35: expected 35, found \(saved.map(String.init) ?? "nothing saved")."
            )
            let relaunched = NoteTakerSettings().notesPerPage
            #expect(
                relaunched == 35,
                "A second NoteTakerSettings() after choosing 35: expected notesPerPage 35, found \(relaunched).")

            let elsewhere = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker")
            defer { try? FileManager.default.removeItem(at: elsewhere.deviceRoot) }
            let given = UserDefaults(sandbox: elsewhere)
            let other = NoteTakerSettings(store: given)
            #expect(
                other.notesPerPage == 20,
                "NoteTakerSettings(store:) on an empty store while the standard one holds 35: expected notesPerPage 20, found \(other.notesPerPage)."
            )
            other.notesPerPage = 10
            let inGiven = given.object(forKey: NoteTakerKeys.notesPerPage) as? Int
            let inStandard = bench.preferences.object(forKey: NoteTakerKeys.notesPerPage) as? Int
            #expect(
                inGiven == 10 && inStandard == 35,
                "\"notesPerPage\" after setting 10 through NoteTakerSettings(store:): expected 10 in the given store and the standard store's 35 untouched, found \(inGiven.map(String.init) ?? "nothing") and \(inStandard.map(String.init) ?? "nothing")."
            )
        }
    }

    @Test("the first page holds the first notesPerPage notes in the settings' order")
    func firstPage() throws {
        try NoteTakerBench.run { bench in
            let repository = try Self.repositoryWithNotes(bench)
            repository.settings.notesPerPage = 3

            let byDate = Self.page(1, of: repository)
            let expectedByDate = ["Visa form", "Espresso ratios", "Quiz answers"]
            #expect(
                byDate == expectedByDate,
                "Page 1 at 3 notes per page, date order, pinned first on, for notes created in the order \(describe(Self.created)) with \"Visa form\" pinned: expected \(describe(expectedByDate)), found \(describe(byDate))."
            )

            repository.settings.sortOrder = .title
            repository.settings.showPinnedFirst = false
            let byTitle = Self.page(1, of: repository)
            let expectedByTitle = ["Allotment rota", "Bike lock code", "Espresso ratios"]
            #expect(
                byTitle == expectedByTitle,
                "Page 1 at 3 notes per page, title order, pinned first off: expected \(describe(expectedByTitle)), found \(describe(byTitle))."
            )
        }
    }

    @Test("each page holds the next notes, the last one what is left, and a page past the end none")
    func laterPages() throws {
        try NoteTakerBench.run { bench in
            let repository = try Self.repositoryWithNotes(bench)
            repository.settings.notesPerPage = 2
            repository.settings.sortOrder = .title

            let pages = (1...4).map { Self.page($0, of: repository) }
            let expected = [
                ["Visa form", "Allotment rota"], ["Bike lock code", "Espresso ratios"], ["Quiz answers"], [],
            ]
            #expect(
                pages == expected,
                "Pages 1 to 4 at 2 notes per page, title order, pinned first on: expected \(expected), found \(pages).")
        }
    }

    @Test("a page number below 1 shows the first page, and a page size below 1 shows one note a page")
    func pageBoundaries() throws {
        try NoteTakerBench.run { bench in
            let repository = try Self.repositoryWithNotes(bench)
            repository.settings.notesPerPage = 2
            let first = ["Visa form", "Espresso ratios"]
            for number in [0, -3] {
                let shown = Self.page(number, of: repository)
                #expect(
                    shown == first,
                    "Page \(number) at 2 notes per page: expected page 1, \(describe(first)), found \(describe(shown))."
                )
            }

            repository.settings.notesPerPage = 0
            let onePerPage = (1...2).map { Self.page($0, of: repository) }
            let expected = [["Visa form"], ["Espresso ratios"]]
            #expect(
                onePerPage == expected,
                "Pages 1 and 2 when notesPerPage is 0: expected one note a page, \(expected), found \(onePerPage).")
        }
    }

    @Test("the pages of a search hold only matching notes, in the list's order")
    func searchPages() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let notes = [
                try repository.addNote(title: "Crème brûlée", content: "Six yolks"),
                try repository.addNote(title: "Shopping", content: "CREME fraiche, lemons"),
                try repository.addNote(title: "Cream tea"),
                try repository.addNote(title: "Dessert menu", content: "crème caramel", isPinned: true),
            ]
            try spaceOutCreationDates(notes, in: repository.context)
            repository.settings.notesPerPage = 2

            let pages = (1...2).map { Self.page($0, of: repository, searching: "creme") }
            let expected = [["Dessert menu", "Shopping"], ["Crème brûlée"]]
            #expect(
                pages == expected,
                "Pages 1 and 2 of a search for \"creme\" at 2 notes per page, date order, pinned first on: expected \(expected) (a match in the title or content, ignoring case and accents), found \(pages)."
            )
        }
    }

    @Test("the list's notes follow saved changes without the list being made again")
    func followsChanges() throws {
        try NoteTakerBench.run { bench in
            let repository = try Self.repositoryWithNotes(bench)
            repository.settings.notesPerPage = 3
            let list = ModelEnvironment.with(repository.context) { NoteList(settings: repository.settings) }
            _ = list.notes

            let added = try repository.addNote(title: "Hall paint colours")
            added.createdAt = Date(timeIntervalSinceReferenceDate: 900_000_000)
            try repository.context.save()
            let afterAdd = list.notes.map(\.title)
            let expectedAfterAdd = ["Visa form", "Hall paint colours", "Espresso ratios"]
            #expect(
                afterAdd == expectedAfterAdd,
                "The same NoteList's notes after a newer note was added and saved: expected \(describe(expectedAfterAdd)), found \(describe(afterAdd))."
            )

            let visa = try #require(try storedNotes(in: repository.context).first { $0.title == "Visa form" })
            try repository.deleteNote(visa)
            let afterDelete = list.notes.map(\.title)
            let expectedAfterDelete = ["Hall paint colours", "Espresso ratios", "Quiz answers"]
            #expect(
                afterDelete == expectedAfterDelete,
                "The same NoteList's notes after \"Visa form\" was deleted: expected \(describe(expectedAfterDelete)), found \(describe(afterDelete))."
            )
        }
    }

    @Test("the list pages and orders by the settings it is given, not the app's standard ones")
    func givenSettings() throws {
        try NoteTakerBench.run { bench in
            let repository = try Self.repositoryWithNotes(bench)
            let elsewhere = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker")
            defer { try? FileManager.default.removeItem(at: elsewhere.deviceRoot) }
            let given = UserDefaults(sandbox: elsewhere)
            given.set(NoteSortOrder.title.rawValue, forKey: NoteTakerKeys.sortOrder)
            given.set(false, forKey: NoteTakerKeys.showPinnedFirst)
            given.set(2, forKey: NoteTakerKeys.notesPerPage)

            let shown = Self.page(2, of: repository, settings: NoteTakerSettings(store: given))
            let expected = ["Espresso ratios", "Quiz answers"]
            #expect(
                shown == expected,
                "Page 2 with given settings of title order, pinned first off and 2 notes per page (the standard preferences hold nothing): expected \(describe(expected)), found \(describe(shown))."
            )
        }
    }
}
