import Foundation

/// The result of building the package and running some of its tests on one track.
public struct TrackRun: Sendable {
    /// The track that was built.
    public var track: CourseTrack
    /// How the build ended.
    public var build: ProcessTermination
    /// Compiler errors from a failed build, paths relative to the workbench root.
    public var compilerErrors: [CompilerDiagnostic]
    /// How the test run ended, or `nil` when the build failed and no test ran.
    public var testRun: ProcessTermination?
    /// One outcome per test function the run discovered.
    public var outcomes: [TestOutcome]
    /// The build's log file.
    public var buildLog: URL
    /// The test run's log file.
    public var testLog: URL

    /// Whether the build succeeded.
    public var compiled: Bool { build.succeeded }
}

/// Builds the workbench with SwiftPM and runs its Swift Testing suites, reading results from the
/// testing library's JSON event stream rather than from console text.
public struct SwiftPackageTester: Sendable {
    /// The workbench to build.
    public var workbench: Workbench
    /// The limit for one test run (the build has none).
    public var testTimeLimit: Duration

    /// A tester for `workbench` that stops a test run after `testTimeLimit`.
    public init(workbench: Workbench, testTimeLimit: Duration = .seconds(600)) {
        self.workbench = workbench
        self.testTimeLimit = testTimeLimit
    }

    /// Builds every target and test target on `track`, then runs the tests whose identifiers match `filter`.
    ///
    /// - Parameters:
    ///   - filter: A regular expression for `swift test --filter`, or `nil` for every test.
    ///   - override: A section target to build from another folder (relative to the root), as `coach verify` does for known mistakes.
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func run(track: CourseTrack, filter: String?, override: (target: String, folder: String)? = nil) throws -> TrackRun {
        let logs = workbench.logFolder
        var environment = ["COURSE_TRACK": track.rawValue, "COURSE_SECTION_OVERRIDE": ""]
        if let override { environment["COURSE_SECTION_OVERRIDE"] = "\(override.target)=\(override.folder)" }
        let buildLog = logs.appending(path: "build-\(track.rawValue).log")
        let testLog = logs.appending(path: "test-\(track.rawValue).log")
        let events = logs.appending(path: "events-\(track.rawValue).jsonl")

        let build = try ChildProcess(
            ["swift", "build", "--build-tests"],
            in: workbench.root, environment: environment, logFile: buildLog
        ).run()
        guard build.succeeded else {
            let log = (try? String(contentsOf: buildLog, encoding: .utf8)) ?? ""
            let errors = CompilerDiagnostic.errors(in: log).map { $0.relative(to: workbench) }
            return TrackRun(track: track, build: build, compilerErrors: errors, testRun: nil, outcomes: [], buildLog: buildLog, testLog: testLog)
        }

        let (testRun, firstOutcomes) = try runTests(environment: environment, filter: filter, skipping: [], parallel: true, events: events, log: testLog)
        var outcomes = firstOutcomes
        if testRun != .timedOut, outcomes.contains(where: { $0.result == .crashed || $0.result == .notRun }) {
            outcomes = try isolateCrashes(environment: environment, filter: filter, after: outcomes, events: events, log: testLog)
        }
        return TrackRun(track: track, build: build, compilerErrors: [], testRun: testRun, outcomes: outcomes, buildLog: buildLog, testLog: testLog)
    }

    /// Runs the already-built tests once and reads their outcomes from the event stream.
    private func runTests(
        environment: [String: String], filter: String?, skipping skipped: [String], parallel: Bool, events: URL, log: URL
    ) throws -> (ProcessTermination, [TestOutcome]) {
        try? FileManager.default.removeItem(at: events)
        var arguments = [
            "swift", "test", "--skip-build",
            "--experimental-event-stream-output", events.path,
            "--experimental-event-stream-version", "0",
        ]
        if !parallel { arguments.append("--no-parallel") }
        if let filter { arguments += ["--filter", filter] }
        if !skipped.isEmpty { arguments += ["--skip", skipped.map(Self.pattern(matching:)).joined(separator: "|")] }
        let termination = try ChildProcess(
            arguments, in: workbench.root, environment: environment, logFile: log, timeLimit: testTimeLimit
        ).run()
        var outcomes = TestEventStream.outcomes(fromJSONLines: (try? String(contentsOf: events, encoding: .utf8)) ?? "")
        if termination == .timedOut {
            outcomes = outcomes.map { $0.result == .crashed ? $0.with(result: .timedOut) : $0 }
        }
        return (termination, outcomes)
    }

    /// After a run that a crash cut short, runs the tests one at a time, skipping each test that crashes,
    /// until every other test has reported: the crash is pinned on one check and the others still count.
    private func isolateCrashes(environment: [String: String], filter: String?, after first: [TestOutcome], events: URL, log: URL) throws -> [TestOutcome] {
        var final: [String: TestOutcome] = [:]
        var crashers: [String] = []
        for _ in 0..<max(1, first.count) {
            let (termination, outcomes) = try runTests(environment: environment, filter: filter, skipping: crashers, parallel: false, events: events, log: log)
            for outcome in outcomes where outcome.result != .notRun {
                final[outcome.id] = outcome
            }
            guard termination != .timedOut, let crashed = outcomes.first(where: { $0.result == .crashed }) else { break }
            let reason = Self.crashReason(inLog: log)
            final[crashed.id] = TestOutcome(id: crashed.id, displayName: crashed.displayName, result: .crashed, issues: reason.map { [$0] } ?? [])
            crashers.append(crashed.id)
        }
        return first.map { final[$0.id] ?? $0 }
    }

    /// The `Fatal error: …` or similar line a crashed test process printed, if any.
    static func crashReason(inLog log: URL) -> String? {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return nil }
        return text.split(whereSeparator: \.isNewline).first { line in
            line.contains("Fatal error") || line.contains("Precondition failed") || line.contains("Assertion failed")
        }.map(String.init)
    }

    /// A regular expression matching exactly one test: its identifier without the trailing source location.
    static func pattern(matching id: String) -> String {
        var components = id.split(separator: "/", omittingEmptySubsequences: false)
        if let last = components.last, last.split(separator: ":").count >= 3 { components.removeLast() }
        return "^" + NSRegularExpression.escapedPattern(for: components.joined(separator: "/"))
    }
}
