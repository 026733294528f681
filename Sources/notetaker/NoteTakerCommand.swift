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
            """,
        subcommands: [
            AddCommand.self, ListCommand.self, ShowCommand.self, SearchCommand.self, EditCommand.self,
            PinCommand.self, UnpinCommand.self, DeleteCommand.self,
            TagCommand.self, UntagCommand.self, TagsCommand.self,
            AttachImageCommand.self, DetachImageCommand.self,
            SettingsCommand.self, LockCommand.self,
        ]
    )
}
