import Foundation
import Synchronization

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
    /// Evidence that the tests' results hold records the grading harness did not write (the code under
    /// test wrote results of its own); the checks they name are already counted as failed.
    public var forgedResults: [String] = []
    /// The build's log file.
    public var buildLog: URL
    /// The test run's log file.
    public var testLog: URL

    /// Whether the build succeeded.
    public var compiled: Bool { build.succeeded }
}

/// Builds the workbench with SwiftPM and runs its test suites.
///
/// A grading build's tests run under the grading harness, which reports every result sealed with a key
/// made for that run (see ``SealedResults``), so the code under test cannot write results of its own; it
/// also reports the learner's XCTest cases. A build with the core's own tests (`coach verify` proving the
/// core) runs them with `swift test`, reading Swift Testing's event stream.
public struct SwiftPackageTester: Sendable {
    /// The workbench to build.
    public var workbench: Workbench
    /// The longest one check (one test function) may run; the build has no limit.
    public var testTimeLimit: Duration
    /// Told how the build and the tests progress as they run (for a progress bar), or `nil`.
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// Receives how long each phase of every run takes (`coach check --timings`), or `nil`.
    public var timeline: GradingTimeline?
    /// Whether a build that only an edit of a module's files separates from the last one runs that
    /// module's commands from SwiftPM's plan itself (``DirectRebuild``), skipping SwiftPM's start: the
    /// learner's `coach check` and `coach watch` on their own checkout. Off by default.
    public var rebuildsDirectly = false

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
        request.includesOwnTests
            ? try runSwiftTest(request, filter: filter, timeLimit: timeLimit ?? testTimeLimit)
            : try runGraded(request, filter: filter, timeLimit: timeLimit ?? testTimeLimit)
    }

    private func logs(of track: CourseTrack) -> (build: URL, test: URL, events: URL) {
        let folder = workbench.logFolder
        return (
            folder.appending(path: "build-\(track.rawValue).log"), folder.appending(path: "test-\(track.rawValue).log"),
            folder.appending(path: "events-\(track.rawValue).jsonl")
        )
    }

    /// `swift build` of the test program, then the test program under the grading harness.
    ///
    /// The build's environment stays the same from one grade to the next, and matches `swift run coach`'s
    /// when every section compiles: SwiftPM then reuses its plan and only compiles what changed.
    private func runGraded(_ request: BuildRequest, filter: String?, timeLimit: Duration) throws -> TrackRun {
        let track = request.track
        let (buildLog, testLog, events) = logs(of: track)
        let build = try buildTestProgram(request, log: buildLog)
        guard build.succeeded else {
            let log = (try? String(contentsOf: buildLog, encoding: .utf8)) ?? ""
            let errors = CompilerDiagnostic.errors(in: log).map { $0.relative(to: workbench) }
            return TrackRun(
                track: track, build: build, compilerErrors: errors, testRun: nil, outcomes: [], buildLog: buildLog,
                testLog: testLog)
        }
        let program = try TestProgram.path(
            in: workbench.root.appending(path: ".build"), seenAt: workbench.root.appending(path: ".build"))
        // The checks' throwaway devices and stores go to a folder of the run's own, in RAM where Linux has one,
        // and go with it.
        let temporary = try RunTemporaryFolder(slot: 0, named: "check")
        defer { temporary.remove() }
        let attempt = TestAttempt(
            workbench: workbench, environment: temporary.environment(adding: request.environment), filter: filter,
            timeLimit: timeLimit, events: events, log: testLog,
            launch: .harness(path: program, directory: workbench.root) { $0 }
        )
        let testStart = ContinuousClock.now
        var reading = try attempt.run(only: nil, parallel: true)
        let testEnd = ContinuousClock.now
        if let timeline {
            let firstResult = min(reading.firstResult ?? testEnd, testEnd)
            timeline.record("starting the test program", from: testStart, to: firstResult)
            timeline.record("running the checks", from: firstResult, to: testEnd)
        }
        if reading.outcomes.contains(where: { [.crashed, .notRun].contains($0.result) }) {
            reading = try attempt.isolateFailures(after: reading)
            timeline?.record("running crashed or hanging checks again, one at a time", from: testEnd, to: .now)
        }
        var run = TrackRun(
            track: track, build: build, compilerErrors: [], testRun: reading.termination, outcomes: reading.outcomes,
            buildLog: buildLog, testLog: testLog
        )
        run.forgedResults = reading.evidence.sentences
        return run
    }

    /// Runs the tests `filter` selects on the test program the last build of `request` made, without
    /// building, with `environment` added to the test process's: one build serves several runs, such as
    /// the learner's tests against each known mistake switched in at run time (`COACH_MUTANT`). Runs at the
    /// same time need a `stream` each, which names their log and event stream.
    ///
    /// - Throws: `CoachError.cannotLaunch` when the test program cannot be started.
    func runTests(
        _ request: BuildRequest, filter: String?, environment: [String: String], timeLimit: Duration? = nil,
        stream: String? = nil
    ) throws -> TrackRun {
        var (buildLog, testLog, events) = logs(of: request.track)
        if let stream {
            testLog = workbench.logFolder.appending(path: "test-\(request.track.rawValue)-\(stream).log")
            events = workbench.logFolder.appending(path: "events-\(request.track.rawValue)-\(stream).jsonl")
        }
        let program = try TestProgram.path(
            in: workbench.root.appending(path: ".build"), seenAt: workbench.root.appending(path: ".build"))
        let temporary = try RunTemporaryFolder(slot: 0, named: "check-\(stream ?? "run")")
        defer { temporary.remove() }
        let attempt = TestAttempt(
            workbench: workbench,
            environment: temporary.environment(adding: request.environment.merging(environment) { _, added in added }),
            filter: filter,
            timeLimit: timeLimit ?? testTimeLimit, events: events, log: testLog,
            launch: .harness(path: program, directory: workbench.root) { $0 }
        )
        var reading = try attempt.run(only: nil, parallel: true)
        if reading.outcomes.contains(where: { [.crashed, .notRun].contains($0.result) }) {
            reading = try attempt.isolateFailures(after: reading)
        }
        var run = TrackRun(
            track: request.track, build: .exited(0), compilerErrors: [], testRun: reading.termination,
            outcomes: reading.outcomes,
            buildLog: buildLog, testLog: testLog
        )
        run.forgedResults = reading.evidence.sentences
        return run
    }

    /// Builds the test program: directly from SwiftPM's plan when only a module's files changed since
    /// its last build (``rebuildsDirectly``), else with `swift build`.
    private func buildTestProgram(_ request: BuildRequest, log buildLog: URL) throws -> ProcessTermination {
        let program = workbench.root.appending(path: ".build/debug").resolvingSymlinksInPath()
            .appending(path: TestProgram.name(forPackageAt: workbench.root) + ".xctest").path
        // Side by side only where sections stand in other folders (verify's rounds of variants): there each
        // module compiles a changed file or two, and two sections' modules at once took 45 s instead of 54 s
        // for Sections 4 and 5's seven rounds. A learner's edit reaches a suite (and in Sections 8 and 14 the
        // learner's tests), many files the driver already compiles two at a time: side by side, Section 8's
        // declaration edit took 10.1 s instead of 8.4 s (median of 5, two cores).
        let direct = rebuildsDirectly ? DirectRebuild(building: request, in: workbench) : nil
        let checkStart = ContinuousClock.now
        var files = direct?.filesNow()
        if let direct, files != nil {
            direct.distinguishSameSecondEdits(in: &files!)
        }
        if let direct, let files {
            let outcome = try direct.rebuild(program: program, files: files, since: checkStart, timeline: timeline)
            if case .rebuilt = outcome { return .exited(0) }
        }

        let phases = BuildPhaseWatch(
            log: buildLog, inner: progress.map { BuildLogFollower(log: buildLog, inner: nil, report: $0) })
        let buildStart = ContinuousClock.now
        let build = try ChildProcess(
            TestProgram.buildArguments(forPackageAt: workbench.root), in: workbench.root,
            environment: request.environment,
            logFile: buildLog, watchdog: phases
        ).run()
        let buildEnd = ContinuousClock.now
        if let timeline {
            phases.read(at: buildEnd)
            let planned = phases.planned ?? buildStart
            let compiled = max(planned, phases.compiled ?? buildEnd)
            timeline.record("SwiftPM start and build planning", from: buildStart, to: planned)
            timeline.record("compiling", from: planned, to: compiled)
            timeline.record("linking", from: compiled, to: buildEnd)
        }
        if let direct, let files {
            build.succeeded ? direct.recordSwiftPMBuild(of: files, program: program) : direct.forget()
        }
        if build.succeeded { vouchForPublicInterfaces(builtFor: request) }
        return build
    }

    /// After a SwiftPM build of `request` succeeded: when its sections compile with library evolution, marks
    /// their public interfaces as the build's (``PublicInterfaceFile/vouchForBuild(of:)``), for the compiles
    /// from its plan that follow.
    private func vouchForPublicInterfaces(builtFor request: BuildRequest) {
        guard request.resilientSections,
            let plan = try? SwiftPMBuildPlan.read(from: workbench.root.appending(path: ".build/debug.yaml"))
        else { return }
        PublicInterfaceFile.vouchForBuild(of: plan)
    }

    /// The test modules whose tests mostly wait for other processes (builds of small workbenches, programs
    /// at a terminal, two processes at once), in groups: a run of every test puts each group in a test
    /// process of its own, as many processes at a time as the machine has cores. Swift Testing runs a
    /// process's tests on as many threads as the machine has cores, and a test that waits for a child
    /// process holds its thread, so one process on two cores runs two of them at a time; another process
    /// overlaps that waiting with the other tests' work. `CoachCommandTests` (builds of small workbenches,
    /// one test grading a class seven times) is the longest, so the quick waiting modules do not queue
    /// behind it. More processes at once gained nothing on two cores, as those builds keep the cores busy:
    /// spread over five processes, `CoachCommandTests` took 236 s and the others ran twice as long; as
    /// here, 192 s and 236 s in two runs.
    static let waitingTestGroups = [["CoachCommandTests"], ["NoteTakerAppTests", "PersistenceCloudTests"]]

    /// The filter that selects the tests of `modules`.
    static func modulesFilter(_ modules: [String]) -> String { "^(" + modules.joined(separator: "|") + ")\\." }

    /// One `swift test` that builds and runs (a second SwiftPM start would cost about a second). The test
    /// binary creates the event stream as it starts, so no stream means the build failed. A run of every
    /// test instead builds with `swift build`, then runs each group of waiting modules (``waitingTestGroups``)
    /// and then the other tests in test processes of their own, as many at a time as the machine has cores,
    /// each started directly: `swift test` lets one run at a time use a build folder, and the variable that
    /// marks a run's processes makes it compile and run the package's manifests again (8 s before the first
    /// test, beside the waiting tests). Such a run holds Swift Testing's tests alone: the XCTest cases of a
    /// build with the core's tests are the reference's own learner tests, which ``LearnerTestGrader`` grades
    /// under the grading harness.
    private func runSwiftTest(_ request: BuildRequest, filter: String?, timeLimit: Duration) throws -> TrackRun {
        guard filter == nil else {
            return try runSwiftTest(request, filter: filter, skip: nil, timeLimit: timeLimit, building: true)
        }
        let (buildLog, testLog, _) = logs(of: request.track)
        let build = try ChildProcess(
            ["swift", "build", "--build-tests"], in: workbench.root, environment: request.environment,
            logFile: buildLog,
            watchdog: progress.map { BuildLogFollower(log: buildLog, inner: nil, report: $0) }
        ).run()
        guard build.succeeded else {
            let errors = CompilerDiagnostic.errors(in: (try? String(contentsOf: buildLog, encoding: .utf8)) ?? "").map {
                $0.relative(to: workbench)
            }
            return TrackRun(
                track: request.track, build: build, compilerErrors: errors, testRun: nil, outcomes: [],
                buildLog: buildLog, testLog: testLog)
        }
        vouchForPublicInterfaces(builtFor: request)
        let groups = Self.waitingTestGroups
        let buildFolder = workbench.root.appending(path: ".build")
        let program = try TestProgram.path(in: buildFolder, seenAt: buildFolder)
        let runs = Mutex<[TrackRun?]>(Array(repeating: nil, count: groups.count + 1))
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: groups.count + 1) { part in
            do {
                let run =
                    try part < groups.count
                    ? runSwiftTest(
                        request, filter: Self.modulesFilter(groups[part]), skip: nil, timeLimit: timeLimit,
                        building: false, stream: "waiting-\(part + 1)", program: program)
                    : runSwiftTest(
                        request, filter: nil, skip: Self.modulesFilter(groups.flatMap { $0 }), timeLimit: timeLimit,
                        building: false, stream: "others", program: program)
                runs.withLock { $0[part] = run }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let failure = failure.withLock({ $0 }) { throw failure }
        let finished = runs.withLock { $0 }.compactMap { $0 }
        guard finished.count == groups.count + 1, var merged = finished.last else {
            return TrackRun(
                track: request.track, build: .exited(1), compilerErrors: [], testRun: nil, outcomes: [],
                buildLog: buildLog, testLog: testLog)
        }
        merged.buildLog = buildLog
        merged.outcomes = finished.flatMap(\.outcomes)
        merged.testRun = finished.compactMap(\.testRun).first { !$0.succeeded } ?? merged.testRun
        return merged
    }

    /// `swift test` of the tests `filter` selects and `skip` leaves out, building first when asked, with its
    /// event stream and log named after `stream` when given (two runs at once need their own).
    private func runSwiftTest(
        _ request: BuildRequest, filter: String?, skip: String?, timeLimit: Duration, building: Bool,
        stream: String? = nil,
        program: String? = nil
    ) throws -> TrackRun {
        let track = request.track
        var (buildLog, testLog, events) = logs(of: track)
        if let stream {
            testLog = workbench.logFolder.appending(path: "test-\(track.rawValue)-\(stream).log")
            events = workbench.logFolder.appending(path: "events-\(track.rawValue)-\(stream).jsonl")
        }
        // A test process started directly (one part of a run of every test) gets a temporary folder of its
        // own, removed once it has ended; a `swift test` keeps coach's, as SwiftPM keys its cache of evaluated
        // manifests by the whole environment.
        let temporary = try program.map { _ in try RunTemporaryFolder(slot: 0, named: "test-\(stream ?? "run")") }
        defer { temporary?.remove() }
        var attempt = TestAttempt(
            workbench: workbench,
            environment: temporary?.environment(adding: request.environment) ?? request.environment,
            filter: filter, timeLimit: timeLimit, events: events, log: testLog
        )
        attempt.skip = skip
        attempt.directProgram = program
        attempt.progress = building ? progress : nil
        var reading = try attempt.run(only: nil, parallel: true, building: building)
        guard FileManager.default.fileExists(atPath: events.path) else {
            try? FileManager.default.removeItem(at: buildLog)
            try? FileManager.default.copyItem(at: testLog, to: buildLog)
            let log = (try? String(contentsOf: testLog, encoding: .utf8)) ?? ""
            let errors = CompilerDiagnostic.errors(in: log).map { $0.relative(to: workbench) }
            let build: ProcessTermination = reading.termination.succeeded ? .exited(1) : reading.termination
            return TrackRun(
                track: track, build: build, compilerErrors: errors, testRun: nil, outcomes: [], buildLog: buildLog,
                testLog: testLog)
        }
        if reading.outcomes.contains(where: { [.crashed, .notRun].contains($0.result) }) {
            reading = try attempt.isolateFailures(after: reading)
        }
        return TrackRun(
            track: track, build: .exited(0), compilerErrors: [], testRun: reading.termination,
            outcomes: reading.outcomes,
            buildLog: testLog, testLog: testLog
        )
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
