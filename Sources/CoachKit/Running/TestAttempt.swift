import Foundation

/// How a test run starts.
enum TestLaunch: Sendable {
    /// `swift test` in the workbench, building first when asked.
    case swiftTest
    /// The package's test binary at `path`, already built, started in `directory` with its command
    /// wrapped by `wrap` (in a sandbox, under a memory limit); it never builds.
    case binary(path: String, directory: URL, wrap: @Sendable ([String]) -> [String])
}

/// One configuration of `swift test`, run as often as pinning a crash or a hang on its test needs.
struct TestAttempt {
    let workbench: Workbench
    let environment: [String: String]
    let filter: String?
    /// The longest one check may run.
    let timeLimit: Duration
    let events: URL
    let log: URL
    /// How each run starts.
    var launch: TestLaunch = .swiftTest
    /// Told how the build and the run progress, read from the run's log as it grows.
    var progress: (@Sendable (BuildProgress) -> Void)?

    /// Runs the tests once and reads their outcomes from the event stream.
    ///
    /// A check is blamed for a hang only in a run of one check at a time: in a parallel run, a check
    /// that waited for a thread behind a hanging one looks as old as it, so every check still running
    /// when a parallel run is stopped is reported as not run, to be run again.
    ///
    /// - Parameters:
    ///   - ids: The tests to run (within the filter), or `nil` for every test the filter selects.
    ///   - parallel: Whether tests run in parallel.
    ///   - building: Whether `swift test` builds first; no check's clock starts before the tests do.
    func run(only ids: [String]?, parallel: Bool, building: Bool = false) throws -> (ProcessTermination, [TestOutcome]) {
        try? FileManager.default.removeItem(at: events)
        var arguments = [
            "--experimental-event-stream-output", events.path,
            "--experimental-event-stream-version", "0",
        ]
        if !parallel { arguments.append("--no-parallel") }
        if let ids {
            arguments += ["--filter", ids.map(SwiftPackageTester.pattern(matching:)).joined(separator: "|")]
        } else if let filter {
            arguments += ["--filter", filter]
        }
        let command: [String]
        let directory: URL
        switch launch {
        case .swiftTest:
            command = ["swift", "test"] + (building ? [] : ["--skip-build"]) + arguments
            directory = workbench.root
        case .binary(let path, let folder, let wrap):
            command = wrap([path, "--testing-library", "swift-testing"] + arguments)
            directory = folder
        }
        let checkTimeLimit = CheckTimeLimit(limit: timeLimit, events: events)
        let watchdog: any ChildProcessWatchdog = progress.map { BuildLogFollower(log: log, inner: checkTimeLimit, report: $0) } ?? checkTimeLimit
        let termination = try ChildProcess(
            command, in: directory, environment: environment, logFile: log, watchdog: watchdog
        ).run()
        var outcomes = TestEventStream.outcomes(fromJSONLines: (try? String(contentsOf: events, encoding: .utf8)) ?? "")
        if termination == .timedOut {
            let overdue = parallel ? [] : Set(checkTimeLimit.overdueChecks)
            outcomes = outcomes.map { outcome in
                if overdue.contains(outcome.id) {
                    return TestOutcome(
                        id: outcome.id, displayName: outcome.displayName, result: .timedOut,
                        issues: ["still running after \(timeLimit.formattedSeconds)"]
                    )
                }
                // Stopped by coach, not crashed: it gets its own run.
                return outcome.result == .crashed ? outcome.with(result: .notRun) : outcome
            }
        }
        return (termination, outcomes)
    }

    /// After a run that a crash or a hang cut short, runs the tests left without a result one at a time,
    /// until each has passed, failed, crashed or timed out, so every test but the culprits still reports.
    func isolateFailures(after first: [TestOutcome]) throws -> [TestOutcome] {
        var final: [String: TestOutcome] = [:]
        for outcome in first where Self.isSettled(outcome.result) { final[outcome.id] = outcome }
        var pending = first.map(\.id).filter { final[$0] == nil }
        while !pending.isEmpty {
            let (_, outcomes) = try run(only: pending, parallel: false)
            for outcome in outcomes where pending.contains(outcome.id) {
                if Self.isSettled(outcome.result) {
                    final[outcome.id] = outcome
                } else if outcome.result == .crashed {
                    // One check at a time: the check that started and never ended is the one that crashed.
                    let reason = crashReason()
                    final[outcome.id] = outcome.with(issues: reason.map { [$0] } ?? outcome.issues)
                }
            }
            let stillPending = pending.filter { final[$0] == nil }
            // A run that settles nothing (the binary failed before any check) would only repeat itself.
            if stillPending.count == pending.count { break }
            pending = stillPending
        }
        return first.map { final[$0.id] ?? $0 }
    }

    /// Whether a result stands without another run: the check ended, was skipped, or itself ran too long.
    private static func isSettled(_ result: TestOutcome.Result) -> Bool {
        [.passed, .failed, .skipped, .timedOut].contains(result)
    }

    /// The `Fatal error: …` or similar line the crashed test process printed, if any.
    func crashReason() -> String? {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return nil }
        return text.split(whereSeparator: \.isNewline).first { line in
            line.contains("Fatal error") || line.contains("Precondition failed") || line.contains("Assertion failed")
        }.map(String.init)
    }
}
