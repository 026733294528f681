import ArgumentParser
import CoachKit
import Foundation

struct MutateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Grade the hidden suites: run them against small mistakes made in the reference solutions.",
        discussion: """
            Makes mutants of each section's reference exercise files (a boundary moved, a condition negated, a \
            save left out, a sort order flipped, a given store replaced by the standard one…), builds them all \
            at once, and runs the section's suite against each. A mutant every check passes is a wrong \
            solution the suite would accept: add a check that fails on it, or, when it behaves exactly like \
            the reference, list it under the section's equivalentMutants in course/course.json with the \
            reason. Exits with status 1 while any survivor is unexplained.
            """
    )

    @Argument(help: "The sections to mutate; every section when none is given.")
    var sections: [Int] = []

    @Option(name: .long, help: "How many suites to run at the same time; the number of processors unless given.")
    var jobs: Int?

    @Option(name: .long, help: "Stop a check after this many seconds; a mutant that makes a check hang is killed.")
    var timeout: Int = 30

    @OptionGroup var options: CommonOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs).") }
        guard timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds, got \(timeout).")
        }
    }

    func run() throws {
        let session = try Session.open()
        let style = options.style
        let chosen = try sections.isEmpty ? session.workbench.course.sections : sections.map { try session.section($0) }
        session.say(
            style.bold("coach mutate") + ": running each hidden suite against mistakes made in its reference solution")
        let tester = MutationTester(
            workbench: session.workbench, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            timeLimitPerCheck: .seconds(timeout))
        switch try tester.run(chosen, progress: { session.say($0) }) {
        case .failure(let problems):
            problems.messages.forEach { session.say(style.failure("✗ ") + $0) }
            throw ExitCode(1)
        case .success(let results):
            session.say()
            for result in results {
                for line in result.problemLines { session.say(style.failure("✗ ") + line) }
            }
            let open = results.reduce(0) { $0 + $1.problemLines.count }
            session.say(
                open == 0
                    ? style.success("Every mutant is killed or explained.")
                    : style.failure("\(open) mutant(s) need a check or an explanation, listed above."))
            if open > 0 { throw ExitCode(1) }
        }
    }
}
