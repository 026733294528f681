import ArgumentParser
import PersistenceCore
import Section8NoteTaker

extension NoteSortOrder: ExpressibleByArgument {}

/// `notetaker settings`: show or change how the list is ordered.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change how the list is ordered.",
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
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Change the sort order or pinned-first setting.")

        @Option(help: "Order the list by date (newest first) or title.")
        var sort: NoteSortOrder?
        @Option(name: .customLong("pinned-first"), help: "Show pinned notes first: on or off.")
        var pinnedFirst: Switch?
        @OptionGroup var unlock: UnlockOptions

        func validate() throws {
            if sort == nil && pinnedFirst == nil {
                throw ValidationError("Nothing to change: give --sort date|title, --pinned-first on|off, or both.")
            }
        }

        func run() throws {
            let app = try NoteTakerApp.open(unlocking: unlock)
            if let sort { app.settings.sortOrder = sort }
            if let pinnedFirst { app.settings.showPinnedFirst = pinnedFirst == .on }
            if (sort.map { $0 != app.settings.sortOrder } ?? false)
                || (pinnedFirst.map { ($0 == .on) != app.settings.showPinnedFirst } ?? false) {
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
