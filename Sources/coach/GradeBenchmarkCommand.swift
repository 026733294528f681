import ArgumentParser
import CoachKit
import Foundation

struct GradeBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade-benchmark",
        abstract: "Time `coach grade` on a generated class at each --jobs value.",
        discussion: """
            Generates submissions from the reference solutions, the known mistakes, the starters, files that \
            do not compile and code that hangs (course/grading/benchmark/hanging/), then grades them all once \
            per --jobs value and prints the seconds per submission. The warm build and the work copies are \
            made before the clock starts. Not part of `coach verify`: 40 submissions take tens of minutes.
            """
    )

    @Option(name: .long, help: "How many submissions to generate.")
    var submissions = 40

    @Option(name: .long, help: "A --jobs value to time (repeatable); 1 and 2 unless given.")
    var jobs: [Int] = []

    @Option(name: .long, help: "Stop a check after this many seconds (every hanging submission waits for it).")
    var timeout = 5

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard submissions >= 1 else { throw ValidationError("--submissions must be at least 1, got \(submissions).") }
        guard jobs.allSatisfy({ $0 >= 1 }) else { throw ValidationError("--jobs must be at least 1.") }
        guard timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds, got \(timeout).")
        }
    }

    func run() throws {
        let session = try Session.open()
        let style = options.style
        let progress = TerminalProgress(style: style)
        let benchmark = GradingBenchmark(workbench: session.workbench, count: submissions)
        let generated: [Submission]
        do {
            generated = try benchmark.generate()
        } catch let failure as GradingBenchmark.Failure {
            throw CoachFailure(message: failure.description)
        }
        let kinds = Dictionary(grouping: generated) { String($0.learner.drop { $0 != "-" }.dropFirst()) }
            .map { "\($0.value.count) \($0.key)" }.sorted().joined(separator: ", ")
        progress.say(
            style.bold("coach grade-benchmark") + ": \(generated.count) submissions (\(kinds)), --timeout \(timeout)")
        let values = jobs.isEmpty ? [1, 2] : jobs
        var lines: [String] = []
        for value in values {
            let grader = ClassGrader(
                workbench: session.workbench, options: .init(jobs: value, timeLimitPerCheck: .seconds(timeout)))
            do {
                try grader.prepareWorkCopies { event in GradeCommand.show(event, progress: progress, style: style) }
            } catch let failure as ClassGrader.Failure {
                throw CoachFailure(message: failure.description)
            }
            progress.say("--jobs \(value): grading…")
            let start = ContinuousClock.now
            let run: ClassGrader.Run
            do {
                run = try grader.grade(generated, into: benchmark.folder.appending(path: "gradebook-jobs-\(value)")) {
                    event in
                    GradeCommand.show(event, progress: progress, style: style)
                }
            } catch let failure as ClassGrader.Failure {
                throw CoachFailure(message: failure.description)
            }
            let total = (ContinuousClock.now - start).seconds - run.warmBuildSeconds
            let slowest = run.seconds.values.max() ?? 0
            let line = String(
                format:
                    "--jobs %d: %.0f s for %d submissions, %.1f s per submission (slowest one %.0f s; warm build check %.0f s)",
                value, total, generated.count, total / Double(generated.count), slowest, run.warmBuildSeconds
            )
            lines.append(line)
            progress.say(line)
        }
        progress.clear()
        session.say()
        session.say(
            style.bold("Seconds per submission")
                + " (\(ProcessInfo.processInfo.activeProcessorCount) cores, \(generated.count) submissions):")
        lines.forEach { session.say("  " + $0) }
    }
}
