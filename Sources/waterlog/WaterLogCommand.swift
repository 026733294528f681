import ArgumentParser

/// `waterlog`: Section 14's WaterLog on the command line, built on whichever track is built.
@main
struct WaterLogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterlog",
        abstract: "Log the water you drink, against a daily goal kept in the vault.",
        discussion: """
            Entries live in the app container `waterlog` in your data folder: $XDG_DATA_HOME/persistence-workbench \
            (or ~/.local/share/persistence-workbench); `--device NAME` runs on the simulated device NAME.
            """,
        subcommands: [Log.self, List.self, Goal.self, Week.self, Reminders.self, Account.self, Network.self, Sync.self]
    )
}
