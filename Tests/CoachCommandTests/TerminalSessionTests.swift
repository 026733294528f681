import CoreTestSupport
import Foundation
import Testing

/// coach as a learner runs it at a terminal: on a pseudo-terminal that is its standard input and output,
/// with a real (tiny) workbench that SwiftPM builds and grades.
@Suite("coach at a terminal", .serialized)
struct TerminalSessionTests {
    /// A workbench of one section with two checks; its starter fails "adds numbers", which the solution passes.
    enum TinyWorkbench {
        static let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            let folder = Context.environment["COURSE_TRACK"] == "solutions" ? "Solutions" : "Exercises"
            let package = Package(
                name: "TinyWorkbench",
                targets: [
                    .target(name: "Section1Basics", path: "\\(folder)/Section1Basics"),
                    .testTarget(name: "Section1BasicsTests", dependencies: ["Section1Basics"], path: "Tests/Section1BasicsTests"),
                ] + \(GradingHarnessFiles.targets)
            )
            """
        static let course = """
            {
              "title": "Tiny course",
              "sections": [
                {
                  "number": 1, "title": "Basics", "target": "Section1Basics", "lesson": "course/01/lesson.md",
                  "exercise": { "id": "1.1", "title": "Adding", "files": ["Answer.swift"], "givenFiles": [] },
                  "hints": ["Think about what plus does.", "Return a + b."],
                  "checkpoint": [{ "item": "Adds.", "checks": ["adds numbers", "knows its name"] }],
                  "mistakes": []
                }
              ]
            }
            """
        static let starter = "public func add(_ a: Int, _ b: Int) -> Int {\n    // TODO: add them\n    0\n}\n"
        static let solution = "public func add(_ a: Int, _ b: Int) -> Int {\n    a + b\n}\n"
        static let checks = """
            import Section1Basics
            import Testing

            @Test("adds numbers") func addsNumbers() { #expect(add(2, 3) == 5) }
            @Test("knows its name") func knowsItsName() { #expect("Basics".count == 6) }
            """

        /// Creates the workbench in a new temporary folder, committed to a git repository of its own.
        static func make() throws -> URL {
            try FixtureWorkbench.make(
                [
                    "Package.swift": manifest,
                    "course/course.json": course,
                    "course/01/lesson.md": "# Basics\n",
                    "Exercises/Section1Basics/Answer.swift": starter,
                    "Solutions/Section1Basics/Answer.swift": solution,
                    "Tests/Section1BasicsTests/Checks.swift": checks,
                    ".gitignore": ".build/\n.coach/\n",
                ].merging(GradingHarnessFiles.files) { own, _ in own }, named: "coach-terminal", committed: true)
        }
    }

    var coach: URL {
        get throws { try #require(BuiltProduct.executable(named: "coach"), "coach is not built beside the tests") }
    }

    /// Keeps the nested SwiftPM from inheriting the outer test run's track and section selection.
    let environment = ["COURSE_TRACK": "", "COURSE_SECTIONS": "", "COURSE_SECTION_OVERRIDE": "", "NO_COLOR": "1"]

    @Test("watch grades at once, regrades a saved file, shows a hint on h and stops on q")
    func watchAnswersAtATerminal() throws {
        let root = try TinyWorkbench.make()
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = try PseudoTerminal.start(try coach, ["watch", "1"], in: root, environment: environment)

        var seen = try terminal.waitFor("Watching Section 1", within: .seconds(20))
        seen = try terminal.waitFor("1/2 checks pass", after: seen, within: .seconds(300))

        try Data(TinyWorkbench.solution.utf8).write(to: root.appending(path: "Exercises/Section1Basics/Answer.swift"))
        seen = try terminal.waitFor("Checking Section 1", after: seen, within: .seconds(30))
        seen = try terminal.waitFor("Section 1 passed: 2/2 checks pass", after: seen, within: .seconds(300))

        try terminal.type("h\n")
        seen = try terminal.waitFor("Hint 1 of 2: Think about what plus does.", after: seen, within: .seconds(20))

        try terminal.type("q\n")
        #expect(try terminal.waitForExit(within: .seconds(20)) == 0)
    }

    @Test(
        "q+Enter while watch's first build runs stops it at once, and Ctrl-C while it builds again does too; no process is left",
        arguments: ["q\n", "\u{03}"])
    func watchStopsDuringABuild(keys: String) throws {
        let root = try TinyWorkbench.make()
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = try PseudoTerminal.start(try coach, ["watch", "1"], in: root, environment: environment)
        try terminal.waitFor("Checking Section 1", within: .seconds(20))
        let deadline = ContinuousClock.now + .seconds(60)
        // The compiler's command lines name the workbench's files.
        while FixtureWorkbench.processes(mentioning: root.path).isEmpty {
            try #require(ContinuousClock.now < deadline, "the build never started")
            usleep(50_000)
        }

        try terminal.type(keys)

        // The first build takes tens of seconds; stopping must not wait for it.
        let status = try terminal.waitForExit(within: .seconds(10))
        #expect(status == (keys == "q\n" ? 0 : 128 + SIGINT), "coach printed:\n\(terminal.transcript)")
        #expect(FixtureWorkbench.processes(mentioning: root.path) == [])
    }

    @Test(
        "a first status on a fresh checkout says the first build takes a while, shows the build's progress, then one line per section"
    )
    func firstStatusShowsProgress() throws {
        let root = try TinyWorkbench.make()
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = try PseudoTerminal.start(try coach, ["status"], in: root, environment: environment)

        var seen = try terminal.waitFor("Grading Section 1 on the exercises track…", within: .seconds(20))
        seen = try terminal.waitFor("First build: SwiftPM compiles the dependencies", after: seen, within: .seconds(5))
        seen = try terminal.waitFor("building  ", after: seen, within: .seconds(120))
        try terminal.waitFor("Overall", after: seen, within: .seconds(300))
        #expect(try terminal.waitForExit(within: .seconds(20)) == 0)

        // What stays on the screen: the text after the progress line was cleared for the last time.
        let screen = terminal.transcript.components(separatedBy: "\u{1B}[2K").last ?? ""
        let lines = screen.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains(" 1  Basics  1/2     ██████████░░░░░░░░░░  50%"), "the screen showed:\n\(screen)")
        #expect(lines.count <= 24, "the report needs more than one screen:\n\(screen)")
    }

    @Test("reset asks at the terminal: n keeps the learner's file, y restores the starter")
    func resetAsksForConfirmation() throws {
        let root = try TinyWorkbench.make()
        defer { try? FileManager.default.removeItem(at: root) }
        let answer = root.appending(path: "Exercises/Section1Basics/Answer.swift")
        try Data(TinyWorkbench.solution.utf8).write(to: answer)

        let declined = try PseudoTerminal.start(try coach, ["reset", "1"], in: root, environment: environment)
        try declined.waitFor("[y/N]", within: .seconds(20))
        try declined.type("n\n")
        try declined.waitFor("Nothing changed.", within: .seconds(20))
        #expect(try declined.waitForExit(within: .seconds(20)) == 0)
        #expect(try String(contentsOf: answer, encoding: .utf8) == TinyWorkbench.solution)

        let accepted = try PseudoTerminal.start(try coach, ["reset", "1"], in: root, environment: environment)
        try accepted.waitFor("[y/N]", within: .seconds(20))
        try accepted.type("y\n")
        try accepted.waitFor("Restored Exercises/Section1Basics/Answer.swift", within: .seconds(20))
        #expect(try accepted.waitForExit(within: .seconds(20)) == 0)
        #expect(try String(contentsOf: answer, encoding: .utf8) == TinyWorkbench.starter)
    }
}
