@testable import coach
import ArgumentParser
import Foundation
import Testing

/// Golden text of coach's help and the rules every subcommand follows.
@Suite("coach help and usage")
struct HelpTests {
    /// The golden help text of `name`, kept in `Golden/<name>.txt` beside this file.
    func golden(_ name: String) throws -> String {
        let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Golden")
        return try String(contentsOf: folder.appending(path: "\(name).txt"), encoding: .utf8)
    }

    @Test("the help of every command matches its golden text", arguments: [
        ("coach", Coach.self as ParsableCommand.Type), ("coach-status", StatusCommand.self), ("coach-check", CheckCommand.self),
        ("coach-watch", WatchCommand.self), ("coach-hint", HintCommand.self), ("coach-reset", ResetCommand.self),
        ("coach-verify", VerifyCommand.self), ("coach-mutate", MutateCommand.self), ("coach-report", ReportCommand.self),
        ("coach-grade", GradeCommand.self), ("coach-gradebook-merge", GradebookCommand.MergeCommand.self),
        ("coach-grade-benchmark", GradeBenchmarkCommand.self), ("coach-loop-benchmark", LoopBenchmarkCommand.self),
    ])
    func helpMatchesGolden(name: String, command: ParsableCommand.Type) throws {
        let help = Coach.helpMessage(for: command, columns: 100)
        #expect(help + "\n" == (try golden(name)), "`\(name.replacingOccurrences(of: "-", with: " ")) --help` changed; if on purpose, update Tests/CoachCommandTests/Golden/\(name).txt")
    }

    @Test("every subcommand has an abstract that starts with a verb and ends with a full stop")
    func abstractsStartWithVerbs() {
        let verbs: Set = ["Show", "Build", "Regrade", "List", "Say", "Print", "Restore", "Prove", "Grade", "Merge", "Time"]
        for command in Coach.configuration.subcommands {
            let abstract = command.configuration.abstract
            let firstWord = String(abstract.prefix { $0 != " " })
            #expect(verbs.contains(firstWord), "The abstract of `\(command._commandName)` should start with a verb: found \"\(abstract)\"")
            #expect(abstract.hasSuffix("."), "The abstract of `\(command._commandName)` should end with a full stop: found \"\(abstract)\"")
        }
    }

    @Test("a bad option value is a usage error (exit status 64) that names the flag")
    func badOptionIsUsageError() {
        do {
            _ = try Coach.parseAsRoot(["check", "1", "--timeout", "0"])
            Issue.record("expected `--timeout 0` to be refused")
        } catch {
            #expect(Coach.exitCode(for: error).rawValue == 64)
            #expect(Coach.message(for: error).contains("--timeout"))
        }
    }

    @Test("a section number that is not a number is refused before anything runs")
    func nonNumericSection() {
        #expect(throws: (any Error).self) { try Coach.parseAsRoot(["check", "one"]) }
    }
}
