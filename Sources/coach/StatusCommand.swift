import ArgumentParser
import CoachKit

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each section's progress, and every check of one section or of all, and what to do next.",
        discussion: """
            One line per section with its progress bar; `coach status N` lists section N's checkpoint items \
            and checks, `--all` every section's. Answers from the last grades when nothing changed. Sections never graded are graded now; \
            sections whose files changed are marked stale until `--refresh` (or `coach check N`) regrades them.
            """
    )

    @Argument(help: "A section whose checkpoint items and checks to list; one line per section without it.")
    var section: Int?

    @Flag(name: .long, help: "List every section's checkpoint items and checks.")
    var all = false

    @Flag(name: .long, help: "Regrade the sections whose files changed since their last grade.")
    var refresh = false

    @OptionGroup var timeLimit: TimeLimitOptions
    @OptionGroup var options: CommonOptions

    func run() throws {
        let session = try Session.open()
        if let section { _ = try session.section(section) }
        let progress = TerminalProgress(style: options.style)
        var report = try session.grader(timeLimit: timeLimit.limit, progress: progress).status(
            track: session.track, refresh: refresh
        ) { sections in
            let numbers = sections.map { String($0.number) }
            let named =
                sections.count == 1
                ? "Section \(numbers[0])" : "\(sections.count) sections (\(numbers.joined(separator: ", ")))"
            progress.say("Grading \(named) on the \(session.track.rawValue) track…")
            session.sayFirstBuildNote(progress)
        }
        progress.clear()
        report.detail = all ? .all : section.map { .section($0) } ?? .compact
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

    @Flag(
        name: .long,
        help:
            "After the report, print where the time went: SwiftPM's planning, compiling, linking, the test program, coach."
    )
    var timings = false

    @OptionGroup var timeLimit: TimeLimitOptions
    @OptionGroup var options: CommonOptions

    func run() throws {
        let started = ContinuousClock.now
        let startup = ProcessStart.age()
        let session = try Session.open()
        let section = try session.section(self.section)
        let progress = TerminalProgress(style: options.style)
        progress.say(
            "Checking Section \(section.number) · \(section.title.escapedForTerminal()) (\(session.track.rawValue) track)…"
        )
        session.sayFirstBuildNote(progress)
        let timeline = timings ? GradingTimeline() : nil
        let grade = try session.grader(timeLimit: timeLimit.limit, progress: progress, timeline: timeline).grade(
            [section], on: session.track)[0]
        progress.clear()
        let report = CheckReport(grade: grade, timeLimit: timeLimit.limit)
        report.render(style: options.style).forEach { session.say($0) }
        if let timeline {
            let lines = TimingReport(phases: timeline.totals, startup: startup, whole: ContinuousClock.now - started)
                .lines
            session.say()
            lines.forEach { session.say(options.style.dim($0)) }
        }
        if report.verdict != .passed { throw ExitCode(1) }
    }
}
