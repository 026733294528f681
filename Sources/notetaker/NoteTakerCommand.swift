import ArgumentParser
import PersistenceCore
import Section8NoteTaker

/// `notetaker`: the NoteTaker app on the command line, over the library written in Section 8.
@main
struct NoteTakerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notetaker",
        abstract: "Keep notes with tags, images, list settings and an optional PIN lock.",
        discussion: """
            Notes live in your data folder: $XDG_DATA_HOME/persistence-workbench (or \
            ~/.local/share/persistence-workbench), in the app container "notetaker". Set \
            PERSISTENCE_APP_ID to use another container. Address a note by the number `list` shows \
            before it, such as 3 or #3.

            When a PIN is set, every command asks for it: pass --pin 1234, or type it when asked \
            (or pipe it on standard input).

            iCloud on one machine: --device NAME (before or after the command) runs NoteTaker on the \
            simulated device NAME, in Devices/NAME of the data folder. Sign each device in to one \
            account with `notetaker --device phone account sign-in you@example.com`; notes then sync \
            when a command opens NoteTaker and after it saves. `network off|on` takes the device offline \
            and back, `sync` says what was sent, received and lost in a conflict, and `swift run icloud` \
            shows what the account holds.
            """,
        subcommands: [
            AddCommand.self, ListCommand.self, ShowCommand.self, SearchCommand.self, EditCommand.self,
            PinCommand.self, UnpinCommand.self, DeleteCommand.self,
            TagCommand.self, UntagCommand.self, TagsCommand.self,
            AttachImageCommand.self, DetachImageCommand.self,
            SettingsCommand.self, LockCommand.self,
            AccountCommand.self, NetworkCommand.self, SyncCommand.self,
        ]
    )

    /// Parses and runs the command, first catching a note number written with a minus sign, which the
    /// argument parser would read as an unknown option and report as a missing argument.
    static func main() {
        let arguments: [String]
        do {
            arguments = try NoteTakerCloud.takeDeviceOption(from: Array(CommandLine.arguments.dropFirst()))
        } catch {
            exit(withError: ValidationError("\(error)"))
        }
        if let message = NoteNumberSyntax.negativeNumberProblem(in: arguments) {
            exit(withError: ValidationError(message))
        }
        NoteTakerCloud.declareEntitlements()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            exit(withError: error)
        }
        NoteTakerCloud.finishCommand()
    }
}

/// How notes are named on the command line: by the number `list` shows, 1 or more.
enum NoteNumberSyntax {
    /// The subcommands whose first argument names a note.
    static let commandsTakingANote: Set = [
        "show", "edit", "pin", "unpin", "delete", "attach-image", "detach-image", "tag", "untag",
    ]

    /// A message for `notetaker show -1` and the like, or nil when the arguments have no such problem.
    static func negativeNumberProblem(in arguments: [String]) -> String? {
        guard let command = arguments.firstIndex(where: { !$0.hasPrefix("-") }),
            commandsTakingANote.contains(arguments[command]),
            command + 1 < arguments.count
        else { return nil }
        let next = arguments[command + 1]
        guard next.count > 1, next.hasPrefix("-"), next.dropFirst().allSatisfy(\.isNumber) else { return nil }
        return
            "No note \"\(next)\": notes are numbered from 1, as `notetaker list` shows them — name one such as 3 or #3."
    }
}
