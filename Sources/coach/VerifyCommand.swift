import ArgumentParser
import CoachKit
import Foundation

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Prove the course: core tests pass, every solution passes, every starter fails.",
        discussion: """
            Audits course/course.json against the files, builds the solutions and runs every hidden suite \
            (all checks must pass), then builds the starters and runs every test (the core's tests must \
            pass and every graded check must fail). Exits with status 1 when anything does not hold.
            """
    )

    @OptionGroup var options: CommonOptions

    func run() throws {
        let (workbench, tester) = try options.openWorkbench()
        let style = options.style
        print(style.bold("coach verify") + ": proving the course in both directions")
        let summary = try Verifier(workbench: workbench, tester: tester).run(style: style) { line in
            print(line)
            fflush(nil)
        }
        print("")
        summary.closingLines(style: style).forEach { print($0) }
        if !summary.succeeded { throw ExitCode(1) }
    }
}
