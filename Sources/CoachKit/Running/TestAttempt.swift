import Foundation
import GradingSeal

/// How a test run starts, and so where its results come from.
enum TestLaunch: Sendable {
    /// `swift test` in the workbench, building first when asked, its results read from Swift Testing's
    /// event stream file. Only for code coach trusts (the core's own tests on the reference solutions):
    /// any code in the process can append to that file.
    case swiftTest
    /// The package's test program at `path`, already built, started in `directory` with its command
    /// wrapped by `wrap` (in a sandbox, under a memory limit), under the grading harness: only records
    /// sealed with the run's key count (see ``SealedResults``).
    case harness(path: String, directory: URL, wrap: @Sendable ([String]) -> [String])
}

/// What one test run reported.
struct TestRunReading {
    /// How the test process ended.
    var termination: ProcessTermination
    /// One outcome per test the run declared.
    var outcomes: [TestOutcome]
    /// The tests that are XCTest cases, which are selected by name rather than by Swift Testing's filter.
    var xctestIDs: Set<String> = []
    /// What the results hold that the grading harness did not write (see ``SealedResults/evidence``).
    var evidence = ForgeryEvidence()
    /// When the test program wrote its first result, if it wrote any.
    var firstResult: ContinuousClock.Instant?
}

/// One configuration of a test run, run as often as pinning a crash or a hang on its test needs.
struct TestAttempt {
    let workbench: Workbench
    let environment: [String: String]
    let filter: String?
    /// Tests to leave out (`swift test --skip`), on top of the filter; `swift test` runs only.
    var skip: String?
    /// The built test program to run Swift Testing's tests in directly, in place of `swift test
    /// --skip-build`, whose lock on the build folder lets one run at a time; `swift test` runs only, and
    /// only when the selected tests hold no XCTest case.
    var directProgram: String?
    /// The longest one check may run.
    let timeLimit: Duration
    let events: URL
    let log: URL
    /// How each run starts.
    var launch: TestLaunch = .swiftTest
    /// Whether test processes start with coach's environment, or only with ``ChildProcess/minimalEnvironment``
    /// and `environment`.
    var inheritsEnvironment = true
    /// Told how the build and the run progress, read from the run's log as it grows.
    var progress: (@Sendable (BuildProgress) -> Void)?

    /// The XCTest case that is the grading harness, named as XCTest selects it.
    static let harnessSelector = "GradingHarness.GradedRun"

    /// Runs the tests once and reads their outcomes.
    ///
    /// A check is blamed for a hang only in a run of one check at a time: in a parallel run, a check
    /// that waited for a thread behind a hanging one looks as old as it, so every check still running
    /// when a parallel run is stopped is reported as not run, to be run again.
    ///
    /// - Parameters:
    ///   - ids: The tests to run (within the filter), or `nil` for every test the filter selects.
    ///   - xctestIDs: Which of `ids` are XCTest cases.
    ///   - parallel: Whether tests run in parallel.
    ///   - building: Whether `swift test` builds first; no check's clock starts before the tests do.
    func run(only ids: [String]?, xctestIDs: Set<String> = [], parallel: Bool, building: Bool = false) throws
        -> TestRunReading
    {
        try? FileManager.default.removeItem(at: events)
        switch launch {
        case .swiftTest:
            return try runSwiftTest(only: ids, parallel: parallel, building: building)
        case .harness(let path, let directory, let wrap):
            return try runHarness(
                only: ids, xctestIDs: xctestIDs, parallel: parallel, program: path, directory: directory, wrap: wrap)
        }
    }

    private func runSwiftTest(only ids: [String]?, parallel: Bool, building: Bool) throws -> TestRunReading {
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
        if ids == nil, let skip { arguments += ["--skip", skip] }
        let command: [String]
        if let directProgram, !building {
            command = [directProgram, "--testing-library", "swift-testing"] + arguments
        } else {
            command = ["swift", "test"] + (building ? [] : ["--skip-build"]) + arguments
        }
        let checkTimeLimit = CheckTimeLimit(limit: timeLimit, events: events)
        let termination = try ChildProcess(
            command, in: workbench.root, environment: environment, inheritsEnvironment: inheritsEnvironment,
            logFile: log, watchdog: watchdog(checkTimeLimit)
        ).run()
        let reading = TestEventStream.read(
            records: ((try? String(contentsOf: events, encoding: .utf8)) ?? "").split(whereSeparator: \.isNewline))
        let outcomes = Self.settle(
            reading.outcomes, after: termination, parallel: parallel, limit: checkTimeLimit, timeLimit: timeLimit)
        return TestRunReading(termination: termination, outcomes: outcomes, xctestIDs: reading.xctestIDs)
    }

    private func runHarness(
        only ids: [String]?, xctestIDs: Set<String>, parallel: Bool, program: String, directory: URL,
        wrap: @Sendable ([String]) -> [String]
    ) throws -> TestRunReading {
        let key = RunKey.random()
        let swiftTestingFilter: [String]?
        var selector: [String] = []
        if let ids {
            let swiftTesting = ids.filter { !xctestIDs.contains($0) }
            swiftTestingFilter =
                swiftTesting.isEmpty
                ? nil : [swiftTesting.map(SwiftPackageTester.pattern(matching:)).joined(separator: "|")]
            selector = [([Self.harnessSelector] + ids.filter { xctestIDs.contains($0) }).joined(separator: ",")]
        } else {
            // Every XCTest case of the program runs: grading builds hold none but the harness and the
            // learner's own tests.
            swiftTestingFilter = filter.map { [$0] } ?? []
        }
        let request = GradingRequest(
            key: key, output: events.path, swiftTestingFilter: swiftTestingFilter, parallel: parallel)
        let checkTimeLimit = CheckTimeLimit(limit: timeLimit, events: events, key: key)
        var environment = self.environment
        environment[GradingRequest.descriptorVariable] = String(GradingRequest.descriptor)
        let firstOutput = FirstOutputWatch(file: events, inner: watchdog(checkTimeLimit))
        let termination = try ChildProcess(
            wrap([program] + selector), in: directory, environment: environment,
            inheritsEnvironment: inheritsEnvironment,
            logFile: log, watchdog: firstOutput, input: (GradingRequest.descriptor, try request.encoded())
        ).run()
        let results = SealedResults(text: (try? String(contentsOf: events, encoding: .utf8)) ?? "", key: key)
        let outcomes = Self.settle(
            results.outcomes, after: termination, parallel: parallel, limit: checkTimeLimit, timeLimit: timeLimit)
        return TestRunReading(
            termination: termination, outcomes: outcomes, xctestIDs: results.xctestIDs, evidence: results.evidence,
            firstResult: firstOutput.firstOutput
        )
    }

    private func watchdog(_ checkTimeLimit: CheckTimeLimit) -> any ChildProcessWatchdog {
        progress.map { BuildLogFollower(log: log, inner: checkTimeLimit, report: $0) } ?? checkTimeLimit
    }

    /// The outcomes of a run that `termination` ended: after a timeout, the check that ran too long (in a
    /// run of one check at a time) timed out, and the others still running are left to run again.
    private static func settle(
        _ outcomes: [TestOutcome], after termination: ProcessTermination, parallel: Bool, limit: CheckTimeLimit,
        timeLimit: Duration
    ) -> [TestOutcome] {
        guard termination == .timedOut else { return outcomes }
        let overdue = parallel ? [] : Set(limit.overdueChecks)
        return outcomes.map { outcome in
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

    /// After a run that a crash or a hang cut short, runs the tests left without a result one at a time,
    /// until each has passed, failed, crashed or timed out, so every test but the culprits still reports.
    ///
    /// The evidence of every run made is added to `first`'s.
    func isolateFailures(after first: TestRunReading) throws -> TestRunReading {
        var final: [String: TestOutcome] = [:]
        var evidence = first.evidence
        for outcome in first.outcomes where Self.isSettled(outcome.result) { final[outcome.id] = outcome }
        var pending = first.outcomes.map(\.id).filter { final[$0] == nil }
        while !pending.isEmpty {
            let reading = try run(only: pending, xctestIDs: first.xctestIDs, parallel: false)
            evidence.merge(reading.evidence)
            for outcome in reading.outcomes where pending.contains(outcome.id) {
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
        var settled = first
        settled.outcomes = first.outcomes.map { final[$0.id] ?? $0 }
        settled.evidence = evidence
        return settled
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
