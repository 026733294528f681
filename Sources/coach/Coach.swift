import ArgumentParser
import CoachKit
import Foundation

@main
struct Coach: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade your Persistence Workbench exercises and prove the course.",
        discussion: """
            Learners: `coach status` shows every section's checkpoint progress.
            Instructors: `coach verify` proves that every solution passes and every starter fails.
            Set COURSE_TRACK=solutions to work on the reference solutions instead of Exercises/.
            """,
        subcommands: [StatusCommand.self, VerifyCommand.self]
    )
}

/// Options every subcommand shares.
struct CommonOptions: ParsableArguments {
    @Flag(name: .long, help: "Print without colour (also when NO_COLOR is set or output is not a terminal).")
    var noColor = false

    @Option(name: .long, help: "Stop a test run after this many seconds.")
    var timeout: Int = 600

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds, got \(timeout).") }
    }

    var style: TerminalStyle { .forStandardOutput(noColorFlag: noColor) }

    func openWorkbench() throws -> (Workbench, SwiftPackageTester) {
        do {
            let workbench = try Workbench.enclosing(URL(filePath: FileManager.default.currentDirectoryPath))
            InterruptForwarding.install()
            return (workbench, SwiftPackageTester(workbench: workbench, testTimeLimit: .seconds(timeout)))
        } catch let error as CoachError {
            throw CoachFailure(error)
        }
    }
}

/// A coach error printed as one readable line, exiting with status 1.
struct CoachFailure: Error, CustomStringConvertible {
    let error: CoachError
    init(_ error: CoachError) { self.error = error }
    var description: String { error.description }
}

extension CoachFailure: LocalizedError {
    var errorDescription: String? { description }
}
