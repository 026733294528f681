import CoreTestSupport
import Foundation
import Testing

/// `coach check` on checks that never end, run as a learner runs it: the real `coach` on a pseudo-terminal,
/// grading a real (tiny) workbench that SwiftPM builds once for the whole suite.
@Suite("coach check with hanging checks", .serialized, HangingWorkbench.shared)
struct HangingCheckTests {
    var coach: URL {
        get throws { try #require(BuiltProduct.executable(named: "coach"), "coach is not built beside the tests") }
    }

    var root: URL {
        get throws { try #require(HangingWorkbench.root, "the suite's workbench was not made") }
    }

    /// Keeps the nested SwiftPM from inheriting the outer test run's track and section selection.
    let environment = ["COURSE_TRACK": "", "COURSE_SECTIONS": "", "COURSE_SECTION_OVERRIDE": "", "NO_COLOR": "1"]

    /// Runs `coach check <section> --timeout 5` to its end and returns what it printed.
    func check(_ section: Int) throws -> String {
        let terminal = try PseudoTerminal.start(
            try coach, ["check", "\(section)", "--timeout", "5"], in: try root, environment: environment)
        try terminal.waitFor("Section \(section) timed out", within: .seconds(110))
        #expect(try terminal.waitForExit(within: .seconds(10)) == 1)
        return terminal.transcript.replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test("a hanging check times out while the others pass and fail, and no test process outlives coach")
    func hangingCheckTimesOut() throws {
        let transcript = try check(1)

        #expect(transcript.contains("  ✗ spins forever  (timed out)\n      still running after 5 s\n"))
        #expect(transcript.contains("  ✓ adds numbers\n"))
        #expect(transcript.contains("  ✗ knows its name\n      Expectation failed"))
        #expect(transcript.contains(#"Section 1 timed out in "spins forever" after 5 s"#))
        #expect(FixtureWorkbench.processes(mentioning: try root.path) == [])
    }

    @Test("a helper a hanging check starts in a new session, with an empty environment, is gone after the limit")
    func helperInNewSessionIsStopped() throws {
        let transcript = try check(2)

        #expect(transcript.contains("  ✗ starts a helper and waits  (timed out)\n"))
        #expect(
            FileManager.default.fileExists(atPath: try root.appending(path: "helper-started").path),
            "the helper never started")
        #expect(FixtureWorkbench.processes(mentioning: try root.path) == [])
    }

    @Test("the limit is per check: two checks of 3 s each pass beside a hanging one under a 5 s limit")
    func limitAppliesToEachCheck() throws {
        let transcript = try check(3)

        #expect(transcript.contains("  ✓ first slow check\n  ✓ second slow check\n  ✗ waits forever  (timed out)\n"))
        #expect(
            transcript.contains(
                #"Section 3 timed out in "waits forever" after 5 s (`--timeout` changes the limit); 2/3 checks pass."#))
        #expect(FixtureWorkbench.processes(mentioning: try root.path) == [])
    }

    @Test("Ctrl-C while a check hangs stops coach and every test process")
    func interruptStopsEverything() throws {
        let root = try root
        let terminal = try PseudoTerminal.start(
            try coach, ["check", "1", "--timeout", "600"], in: root, environment: environment)
        try terminal.waitFor("Checking Section 1", within: .seconds(20))
        let deadline = ContinuousClock.now + .seconds(110)
        // The test binary itself, not the linker writing it.
        func testBinaryRuns() -> Bool {
            FixtureWorkbench.processes(mentioning: root.path).contains { line in
                line.split(separator: " ").dropFirst().first?.hasSuffix(".xctest") == true
            }
        }
        while !testBinaryRuns() {
            try #require(ContinuousClock.now < deadline, "the test binary never started")
            usleep(50_000)
        }

        try terminal.type("\u{03}")

        let status = try terminal.waitForExit(within: .seconds(20))
        #expect(status == 128 + SIGINT, "coach printed:\n\(terminal.transcript)")
        #expect(FixtureWorkbench.processes(mentioning: root.path) == [])
    }
}

/// A workbench of three sections whose checks hang: beside a passing and a failing check, after starting
/// a helper in a session of its own, and after two slow but passing checks.
struct HangingWorkbench: SuiteTrait, TestScoping {
    /// The suite's workbench while its tests run.
    @TaskLocal static var root: URL?

    /// Makes the workbench before the suite's tests and removes it after them.
    static var shared: Self { Self() }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        let root = try Self.make()
        defer { try? FileManager.default.removeItem(at: root) }
        try await Self.$root.withValue(root) { try await function() }
    }

    static let sections = ["Section1Hangs", "Section2Helpers", "Section3Timing"]

    static let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription
        let folder = Context.environment["COURSE_TRACK"] == "solutions" ? "Solutions" : "Exercises"
        let package = Package(
            name: "HangingWorkbench",
            targets: \(sections).flatMap { name -> [Target] in [
                .target(name: name, path: "\\(folder)/\\(name)"),
                .testTarget(name: name + "Tests", dependencies: [.byName(name: name)], path: "Tests/\\(name)Tests"),
            ] } + \(GradingHarnessFiles.targets)
        )
        """

    static func section(_ number: Int, checks: [String]) -> String {
        let target = sections[number - 1]
        let names = checks.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {
              "number": \(number), "title": "\(target.dropFirst(8))", "target": "\(target)", "lesson": "course/lesson.md",
              "exercise": { "id": "\(number).1", "title": "Ending", "files": ["Loop.swift"], "givenFiles": [] },
              "hints": ["Loops end.", "Return."],
              "checkpoint": [{ "item": "Ends.", "checks": [\(names)] }],
              "mistakes": []
            }
            """
    }

    static let course = """
        { "title": "Hanging course", "sections": [
        \(section(1, checks: ["spins forever", "adds numbers", "knows its name"])),
        \(section(2, checks: ["starts a helper and waits"])),
        \(section(3, checks: ["first slow check", "second slow check", "waits forever"]))
        ] }
        """

    /// The starter every section shares: a loop that never ends and keeps a core busy, as a learner's
    /// endless loop does, and one that never ends asleep. Only Section 1 spins: a limit holds the same
    /// either way, and five seconds of spinning, twice per check, slowed every test running beside them.
    static let starter = """
        import Foundation

        public func spin() {
            var turns = 0
            // TODO: end the loop
            while true { turns &+= 1 }
        }

        public func waitForever() {
            while true { sleep(1) }
        }

        """

    static let checks = [
        "Section1Hangs": """
        import Section1Hangs
        import Testing

        @Test("spins forever") func spinsForever() { spin() }
        @Test("adds numbers") func addsNumbers() { #expect(2 + 3 == 5) }
        @Test("knows its name") func knowsItsName() { #expect("Hangs".count == 6) }
        """,
        // The helper leaves the test's process group and session (`setsid -f` forks, so it is orphaned at
        // once) with an empty environment: only its adoption by coach, a subreaper, keeps it in reach.
        "Section2Helpers": """
        import Foundation
        import Section2Helpers
        import Testing

        @Test("starts a helper and waits") func startsHelperAndWaits() throws {
            let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let sleeper = root.appending(path: "helpers/sleeper").path
            let helper = Process()
            helper.executableURL = URL(filePath: "/usr/bin/setsid")
            helper.arguments = ["-f", sleeper, "1000"]
            helper.environment = [:]
            try helper.run()
            // Not `waitUntilExit()`: inside a running test it may never see setsid exit.
            func helperRuns() -> Bool {
                let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
                return processes.contains { (try? String(contentsOfFile: "/proc/\\($0)/cmdline", encoding: .utf8))?.hasPrefix(sleeper) == true }
            }
            while !helperRuns() { usleep(10_000) }
            FileManager.default.createFile(atPath: root.appending(path: "helper-started").path, contents: nil)
            waitForever()
        }
        """,
        "Section3Timing": """
        import Foundation
        import Section3Timing
        import Testing

        @Test("first slow check") func firstSlowCheck() { Thread.sleep(forTimeInterval: 3) }
        @Test("second slow check") func secondSlowCheck() { Thread.sleep(forTimeInterval: 3) }
        @Test("waits forever") func waitsForever() { waitForever() }
        """,
    ]

    static func make() throws -> URL {
        var files = ["Package.swift": manifest, "course/course.json": course, "course/lesson.md": "# Loops\n"]
            .merging(GradingHarnessFiles.files) { own, _ in own }
        for target in sections {
            files["Exercises/\(target)/Loop.swift"] = starter
            files["Solutions/\(target)/Loop.swift"] = starter
            files["Tests/\(target)Tests/Checks.swift"] = checks[target]
        }
        let root = try FixtureWorkbench.make(files, named: "coach-hanging")
        // A helper whose command line names the workbench, so a leftover is found by its path.
        try FileManager.default.createDirectory(at: root.appending(path: "helpers"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appending(path: "helpers/sleeper").path, withDestinationPath: "/usr/bin/sleep")
        return root
    }
}
