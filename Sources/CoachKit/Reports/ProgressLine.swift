/// The one line that shows a build's progress on the terminal, such as
/// `building  ███████░░░░░░░░░░░░░  312/1056  Compiling SwiftSyntax`.
public enum ProgressLine {
    /// The line for `progress`, at most `width` characters wide.
    public static func text(for progress: BuildProgress, style: TerminalStyle, width: Int = 100) -> String {
        let line: String
        switch progress {
        case .resolving(let what):
            line = "resolving packages · \(what)"
        case .planning:
            line = "planning the build…"
        case .building(let done, let total, let step):
            line = "building  \(style.progressBar(done: done, total: total))  \(done)/\(total)  \(step)"
        case .testing(let finished):
            line = "running the checks · \(finished) done"
        }
        return String(line.escapedForTerminal().prefix(width))
    }

    /// The note shown once before a first build, which compiles every dependency.
    public static let firstBuildNote =
        "First build: SwiftPM compiles the dependencies (GRDB, swift-crypto) and the core once; "
        + "on two cores this takes several minutes. Later builds take seconds."
}
