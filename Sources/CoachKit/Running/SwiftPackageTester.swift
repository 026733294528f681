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

    /// Builds what `request` selects, then runs the tests whose identifiers match `filter`.
    ///
    /// A crash or a hang is pinned on the test that caused it by running the rest again one at a time,
    /// so every other test still reports.
    ///
    /// - Parameters:
    ///   - request: The track and sections to build.
    ///   - filter: A regular expression for `swift test --filter`, or `nil` for every test.
    ///   - timeLimit: The limit for one test run; the tester's own limit when `nil`.
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func run(_ request: BuildRequest, filter: String?, timeLimit: Duration? = nil) throws -> TrackRun {
        let logs = workbench.logFolder
        let environment = request.environment
        let track = request.track
        let buildLog = logs.appending(path: "build-\(track.rawValue).log")
        let testLog = logs.appending(path: "test-\(track.rawValue).log")
        let events = logs.appending(path: "events-\(track.rawValue).jsonl")

        let attempt = TestAttempt(
            workbench: workbench, environment: environment, filter: filter,
            timeLimit: timeLimit ?? testTimeLimit, events: events, log: testLog
        )
        // One `swift test` both builds and runs: a second SwiftPM start would cost about a second. The
        // test binary creates the event stream as it starts, so no stream means the build failed.
        let (testRun, firstOutcomes) = try attempt.run(skipping: [], parallel: true, building: true)
        guard FileManager.default.fileExists(atPath: events.path) else {
            try? FileManager.default.removeItem(at: buildLog)
            try? FileManager.default.copyItem(at: testLog, to: buildLog)
            let log = (try? String(contentsOf: testLog, encoding: .utf8)) ?? ""
            let errors = CompilerDiagnostic.errors(in: log).map { $0.relative(to: workbench) }
            let build: ProcessTermination = testRun.succeeded ? .exited(1) : testRun
            return TrackRun(track: track, build: build, compilerErrors: errors, testRun: nil, outcomes: [], buildLog: buildLog, testLog: testLog)
        }
        var outcomes = firstOutcomes
        if outcomes.contains(where: { [.crashed, .timedOut, .notRun].contains($0.result) }) {
            outcomes = try attempt.isolateFailures(after: outcomes)
        }
        return TrackRun(track: track, build: .exited(0), compilerErrors: [], testRun: testRun, outcomes: outcomes, buildLog: testLog, testLog: testLog)
    }

    /// A regular expression matching exactly one test: its identifier without the trailing source location.
    static func pattern(matching id: String) -> String {
        var components = id.split(separator: "/", omittingEmptySubsequences: false)
        if let last = components.last, last.split(separator: ":").count >= 3 { components.removeLast() }
        return "^" + NSRegularExpression.escapedPattern(for: components.joined(separator: "/"))
    }
}

/// One configuration of `swift test --skip-build`, run as often as isolating a crash or a hang needs.
struct TestAttempt {
    let workbench: Workbench
    let environment: [String: String]
    let filter: String?
    let timeLimit: Duration
    let events: URL
    let log: URL

    /// Runs the tests once, skipping `skipped`, and reads their outcomes from the event stream.
    ///
    /// - Parameter building: Whether `swift test` builds first; the time limit then starts when the tests do.
    func run(skipping skipped: [String], parallel: Bool, building: Bool = false) throws -> (ProcessTermination, [TestOutcome]) {
        try? FileManager.default.removeItem(at: events)
        var arguments = [
            "swift", "test",
            "--experimental-event-stream-output", events.path,
            "--experimental-event-stream-version", "0",
        ]
        if !building { arguments.append("--skip-build") }
        if !parallel { arguments.append("--no-parallel") }
        if let filter { arguments += ["--filter", filter] }
        if !skipped.isEmpty { arguments += ["--skip", skipped.map(SwiftPackageTester.pattern(matching:)).joined(separator: "|")] }
        let termination = try ChildProcess(
            arguments, in: workbench.root, environment: environment, logFile: log,
            timeLimit: timeLimit, timeLimitStartsWith: building ? events : nil
        ).run()
        var outcomes = TestEventStream.outcomes(fromJSONLines: (try? String(contentsOf: events, encoding: .utf8)) ?? "")
        if termination == .timedOut {
            outcomes = outcomes.map { $0.result == .crashed ? $0.with(result: .timedOut) : $0 }
        }
        return (termination, outcomes)
    }

    /// After a run that a crash or a hang cut short, runs the tests one at a time, skipping each test
    /// that crashes or hangs, until every other test has reported.
    func isolateFailures(after first: [TestOutcome]) throws -> [TestOutcome] {
        var final: [String: TestOutcome] = [:]
        var culprits: [String] = []
        for _ in 0..<max(1, first.count) {
            let (_, outcomes) = try run(skipping: culprits, parallel: false)
            for outcome in outcomes where outcome.result != .notRun {
                final[outcome.id] = outcome
            }
            guard let culprit = outcomes.first(where: { $0.result == .crashed || $0.result == .timedOut }) else { break }
            let reason = culprit.result == .crashed ? crashReason() : "still running after \(timeLimit.formattedSeconds)"
            final[culprit.id] = TestOutcome(id: culprit.id, displayName: culprit.displayName, result: culprit.result, issues: reason.map { [$0] } ?? [])
            culprits.append(culprit.id)
        }
        return first.map { final[$0.id] ?? $0 }
    }

    /// The `Fatal error: …` or similar line the crashed test process printed, if any.
    func crashReason() -> String? {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return nil }
        return text.split(whereSeparator: \.isNewline).first { line in
            line.contains("Fatal error") || line.contains("Precondition failed") || line.contains("Assertion failed")
        }.map(String.init)
    }
}

extension Duration {
    /// Whole seconds, such as "60 s".
    var formattedSeconds: String { "\(components.seconds) s" }
}
