import Foundation

/// Where the SQL log of the stores a task opens goes, and how much of it: the launch switch and standard
/// error, unless a test sets other ones for the stores it opens.
struct SQLDebugOutput: Sendable {
    /// The level asked for.
    var debugSwitch: SQLDebugSwitch
    /// Whether `PERSISTENCE_SQL_DEBUG=1`, the workbench's own older switch, is set: each statement is
    /// then also written after `[PersistenceModels SQL]`.
    var writesWorkbenchPrefix: Bool
    /// Writes one line of the log, without its line break.
    var write: @Sendable (String) -> Void

    /// Whether anything is written at all.
    var isOn: Bool { debugSwitch.logsStatements || writesWorkbenchPrefix }

    /// The switches the process was started with, writing to standard error.
    static let launch = SQLDebugOutput(
        debugSwitch: .launch,
        writesWorkbenchPrefix: ProcessInfo.processInfo.environment["PERSISTENCE_SQL_DEBUG"] == "1",
        write: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    )

    /// The output of the stores opened in the current task.
    @TaskLocal static var current: SQLDebugOutput = .launch
}
