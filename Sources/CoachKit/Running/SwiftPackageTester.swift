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
    /// The longest one check (one test function) may run; the build has no limit.
    public var testTimeLimit: Duration
    /// Told how the build and the tests progress as they run (for a progress bar), or `nil`.
    public var progress: (@Sendable (BuildProgress) -> Void)?

    /// A tester for `workbench` that stops a check after it has run for `testTimeLimit`.
    public init(workbench: Workbench, testTimeLimit: Duration = .seconds(600)) {
        self.workbench = workbench
        self.testTimeLimit = testTimeLimit
    }

    /// Builds what `request` selects, then runs the tests whose identifiers match `filter`.
    ///
    /// A crash or a hang is pinned on the test that caused it by running the tests it left without a result
    /// again, one at a time, so every other test still reports.
    ///
    /// - Parameters:
    ///   - request: The track and sections to build.
    ///   - filter: A regular expression for `swift test --filter`, or `nil` for every test.
    ///   - timeLimit: The longest one check may run; the tester's own limit when `nil`.
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func run(_ request: BuildRequest, filter: String?, timeLimit: Duration? = nil) throws -> TrackRun {
        let logs = workbench.logFolder
        let environment = request.environment
        let track = request.track
        let buildLog = logs.appending(path: "build-\(track.rawValue).log")
        let testLog = logs.appending(path: "test-\(track.rawValue).log")
        let events = logs.appending(path: "events-\(track.rawValue).jsonl")

        var attempt = TestAttempt(
            workbench: workbench, environment: environment, filter: filter,
            timeLimit: timeLimit ?? testTimeLimit, events: events, log: testLog
        )
        attempt.progress = progress
        // One `swift test` both builds and runs: a second SwiftPM start would cost about a second. The
        // test binary creates the event stream as it starts, so no stream means the build failed.
        let (testRun, firstOutcomes) = try attempt.run(only: nil, parallel: true, building: true)
        guard FileManager.default.fileExists(atPath: events.path) else {
            try? FileManager.default.removeItem(at: buildLog)
            try? FileManager.default.copyItem(at: testLog, to: buildLog)
            let log = (try? String(contentsOf: testLog, encoding: .utf8)) ?? ""
            let errors = CompilerDiagnostic.errors(in: log).map { $0.relative(to: workbench) }
            let build: ProcessTermination = testRun.succeeded ? .exited(1) : testRun
            return TrackRun(track: track, build: build, compilerErrors: errors, testRun: nil, outcomes: [], buildLog: buildLog, testLog: testLog)
        }
        var outcomes = firstOutcomes
        if outcomes.contains(where: { [.crashed, .notRun].contains($0.result) }) {
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


extension Duration {
    /// Whole seconds, such as "60 s".
    var formattedSeconds: String { "\(components.seconds) s" }
}
