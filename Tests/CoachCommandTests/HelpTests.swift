import ArgumentParser
import Foundation
import Testing

@testable import coach

/// Golden text of coach's help and the rules every subcommand follows.
@Suite("coach help and usage")
struct HelpTests {
    /// The folder of the golden help texts, beside this file.
    static let goldenFolder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    /// Every command of coach's tree with its golden file's name: `coach`, `coach-check`,
    /// `coach-gradebook-merge`… A new command has its golden text checked without being listed anywhere.
    static func commandTree() -> [(name: String, command: ParsableCommand.Type)] {
        func walk(_ command: ParsableCommand.Type, _ path: [String]) -> [(name: String, command: ParsableCommand.Type)]
        {
            [(path.joined(separator: "-"), command)]
                + command.configuration.subcommands.flatMap { walk($0, path + [$0._commandName]) }
        }
        return walk(Coach.self, ["coach"])
    }

    /// Compares `command`'s help with `Golden/<name>.txt`; with `COACH_UPDATE_GOLDEN=1` writes it instead,
    /// so a changed help is regenerated from the command tree and reviewed in the diff.
    @Test("the help of every command in coach's tree matches its golden text", arguments: commandTree())
    func helpMatchesGolden(name: String, command: ParsableCommand.Type) throws {
        let help = Coach.helpMessage(for: command, columns: 100) + "\n"
        let file = Self.goldenFolder.appending(path: "\(name).txt")
        if ProcessInfo.processInfo.environment["COACH_UPDATE_GOLDEN"] == "1" {
            try Data(help.utf8).write(to: file)
            return
        }
        let golden = try? String(contentsOf: file, encoding: .utf8)
        let fix =
            "`\(name.replacingOccurrences(of: "-", with: " ")) --help` changed or has no golden text; if on purpose, run "
            + "COACH_UPDATE_GOLDEN=1 COURSE_OWN_TESTS=1 swift test --filter HelpTests and review Golden/\(name).txt"
        #expect(help == golden, "\(fix)")
    }

    @Test("every golden help text belongs to a command of coach's tree")
    func noStrayGoldenText() throws {
        let names = Set(Self.commandTree().map { "\($0.name).txt" })
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldenFolder.path)

        #expect(files.filter { !names.contains($0) }.sorted() == [])
    }

    @Test("every subcommand has an abstract that starts with a verb and ends with a full stop")
    func abstractsStartWithVerbs() {
        let verbs: Set = [
            "Show", "Build", "Regrade", "List", "Say", "Print", "Restore", "Prove", "Grade", "Merge", "Time", "Write",
        ]
        for command in Coach.configuration.subcommands {
            let abstract = command.configuration.abstract
            let firstWord = String(abstract.prefix { $0 != " " })
            #expect(
                verbs.contains(firstWord),
                "The abstract of `\(command._commandName)` should start with a verb: found \"\(abstract)\"")
            #expect(
                abstract.hasSuffix("."),
                "The abstract of `\(command._commandName)` should end with a full stop: found \"\(abstract)\"")
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
