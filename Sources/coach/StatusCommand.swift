import ArgumentParser
import CoachKit

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show every section's checkpoint items, which checks pass, and what to do next.",
        discussion: """
            Answers from the last grades when nothing changed. Sections never graded are graded now; \
            sections whose files changed are marked stale until `--refresh` (or `coach check N`) regrades them.
            """
    )

    @Flag(name: .long, help: "Regrade the sections whose files changed since their last grade.")
    var refresh = false

    @OptionGroup var timeLimit: TimeLimitOptions
    @OptionGroup var options: CommonOptions

    func run() throws {
        let session = try Session.open()
        let report = try session.grader(timeLimit: timeLimit.limit).status(track: session.track, refresh: refresh) { sections in
            session.say("Grading \(sections.map { "Section \($0.number)" }.joined(separator: ", ")) on the \(session.track.rawValue) track…")
        }
        report.render(style: options.style).forEach { session.say($0) }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Build and grade one section, one line per check.",
        discussion: """
            Says which outcome happened: does not compile (with path:line: error: lines), crashed (which \
            check; the others still report), timed out, failed or passed. Exits with status 1 unless every check passes.
            """
    )

    @Argument(help: "The section's number.")
    var section: Int

    @OptionGroup var timeLimit: TimeLimitOptions
    @OptionGroup var options: CommonOptions

    func run() throws {
        let session = try Session.open()
        let section = try session.section(self.section)
        session.say("Checking Section \(section.number) · \(section.title.escapedForTerminal()) (\(session.track.rawValue) track)…")
        let grade = try session.grader(timeLimit: timeLimit.limit).grade([section], on: session.track)[0]
        let report = CheckReport(grade: grade, timeLimit: timeLimit.limit)
        report.render(style: options.style).forEach { session.say($0) }
        if report.verdict != .passed { throw ExitCode(1) }
    }
}
