import ArgumentParser
import CoachKit
import Foundation

struct LoopBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop-benchmark",
        abstract: "Time a learner's loop, a one-line edit then `coach check N`, for each section, beside the budget.",
        discussion: """
            Grades every chosen section once to warm the build, then for each one makes a one-line edit to an \
            exercise file, grades it as `coach check` does, and puts the file back; the median of --runs edits \
            is printed beside the budget with where its time went. --edit body (the default) adds a statement \
            to a function's body, as most edits do; --edit declaration appends an unused private constant and \
            --edit helper an unused internal function, which change the library's interface (the hidden suite \
            compiles again only if it spells the new name). Measures grading inside coach: `swift run coach` \
            adds SwiftPM's check that coach is built. Not part of `coach verify`.
            """
    )

    @Option(name: .long, help: "A section to time (repeatable); every section unless given.")
    var section: [Int] = []

    @Option(name: .long, help: "Edits timed per section; the median is reported.")
    var runs = 3

    @Option(name: .long, help: "The budget for one loop, in seconds.")
    var budget = 3

    @Option(
        name: .long,
        help:
            "What each run changes: a statement in a function's body, a new private constant, or a new helper function."
    )
    var edit: FeedbackLoopBenchmark.Edit = .body

    @OptionGroup var timeLimit: TimeLimitOptions
    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1, got \(runs).") }
        guard budget >= 1 else { throw ValidationError("--budget must be at least 1 second, got \(budget).") }
    }

    func run() throws {
        let session = try Session.open()
        let style = options.style
        let sections = try section.isEmpty ? session.workbench.course.sections : section.map(session.section)
        var benchmark = FeedbackLoopBenchmark(
            workbench: session.workbench, track: session.track, repetitions: runs, budget: .seconds(budget))
        benchmark.edit = edit
        try benchmark.removeLeftoverEdits(in: sections)
        let progress = TerminalProgress(style: style)
        progress.say(
            "Warming the build: grading \(sections.count) section(s) on the \(session.track.rawValue) track once…")
        session.sayFirstBuildNote(progress)
        _ = try session.grader(timeLimit: timeLimit.limit, progress: progress).grade(sections, on: session.track)
        var results: [FeedbackLoopBenchmark.Result] = []
        let tester = session.grader(timeLimit: timeLimit.limit).tester
        for section in sections {
            progress.say("Section \(section.number): \(runs) edit(s), each graded…")
            results.append(try benchmark.measure(section, tester: tester, timeLimitPerCheck: timeLimit.limit))
        }
        progress.clear()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // How fast the machine is today, as verify prints it: compare it before comparing two runs' figures.
        let speed = String(format: "%.0f ms", MachineSpeedProbe.measure().seconds * 1000)
        session.say(
            style.bold("Edit → grade")
                + " (\(session.track.rawValue) track, \(edit.rawValue) edit, median of \(runs), \(cores) cores, "
                + "machine speed \(speed) for verify's fixed piece of work):")
        benchmark.lines(for: results).forEach { session.say($0) }
    }
}

extension FeedbackLoopBenchmark.Edit: ExpressibleByArgument {}
