import ArgumentParser
import PersistenceCore
import Section8NoteTaker

extension NoteSortOrder: ExpressibleByArgument {}

/// `notetaker settings`: show or change how the list is ordered and paged.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change how the list is ordered and paged.",
        subcommands: [Show.self, Change.self],
        defaultSubcommand: Show.self
    )

    /// `notetaker settings show`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the list settings.")

        @OptionGroup var unlock: UnlockOptions

        func run() throws {
            let app = try NoteTakerApp.open(unlocking: unlock)
            print(NoteFormatter.settings(app.settings))
        }
    }

    /// `notetaker settings set`.
    struct Change: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Change the sort order, the pinned-first setting or the page size.")

        @Option(help: "Order the list by date (newest first) or title.")
        var sort: NoteSortOrder?
        @Option(name: .customLong("pinned-first"), help: "Show pinned notes first: on or off.")
        var pinnedFirst: Switch?
        @Option(name: .customLong("per-page"), help: "How many notes one page of the list shows, 1 to 500.")
        var perPage: Int?
        @OptionGroup var unlock: UnlockOptions

        func validate() throws {
            if sort == nil && pinnedFirst == nil && perPage == nil {
                throw ValidationError(
                    "Nothing to change: give --sort date|title, --pinned-first on|off, --per-page N, or several.")
            }
            if let perPage, !(1...500).contains(perPage) {
                throw ValidationError("--per-page \(perPage) is out of range: a page shows 1 to 500 notes.")
            }
        }

        func run() throws {
            let app = try NoteTakerApp.open(unlocking: unlock)
            if let sort { app.settings.sortOrder = sort }
            if let pinnedFirst { app.settings.showPinnedFirst = pinnedFirst == .on }
            if let perPage { app.settings.notesPerPage = perPage }
            if (sort.map { $0 != app.settings.sortOrder } ?? false)
                || (pinnedFirst.map { ($0 == .on) != app.settings.showPinnedFirst } ?? false)
                || (perPage.map { $0 != app.settings.notesPerPage } ?? false)
            {
                throw NoteTakerCLIError.unfinished("The setting was not saved", finish: "NoteTakerSettings")
            }
            print(NoteFormatter.settings(app.settings))
        }
    }

    /// `on` or `off`.
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }
}
