import Foundation

/// Grades one submission in a work copy: builds its sections against the warm build, leaving out the
/// sections that do not compile, then runs the instructor's hidden suites on what built, each check under
/// the time limit and every test process under the memory limit.
struct SubmissionGrader: Sendable {
    /// The instructor's checkout.
    let workbench: Workbench
    /// How submissions are kept apart.
    let sandbox: GradingSandbox
    /// The parts of the instructor's checkout the manifest builds from, which the sandbox shows.
    let layout: PackageLayout
    /// The sections graded, in course order: every section, or those `coach grade --sections` names.
    let sections: [Course.Section]
    /// The longest one check may run.
    let timeLimitPerCheck: Duration
    /// The longest a build may run before it counts as hanging (a compiler stuck on a learner's code).
    let buildTimeLimit: Duration
    /// The most memory one test process may map, in bytes.
    let memoryLimit: UInt64
    /// How many compiler jobs one build may start.
    let buildJobs: Int

    /// What grading one submission found.
    struct Grading {
        /// One grade per section, in course order.
        var grades: [SectionGrade]
        /// Evidence that the submission's code wrote test results of its own (see ``SealedResults``).
        var forgedResults: [String]
    }

    /// The grades of the submission placed in `copy`, one per section in course order, and the evidence
    /// of any results its code wrote itself.
    ///
    /// - Parameter progress: Told what the build does, as it goes.
    /// - Throws: `CoachError.cannotLaunch` when `swift` or the sandbox cannot be started.
    func grade(in copy: WorkCopy, progress: @escaping @Sendable (BuildProgress) -> Void) throws -> Grading {
        let evidence = EvidenceLog()
        let grades = try grade(in: copy, evidence: evidence, progress: progress)
        return Grading(grades: grades, forgedResults: evidence.gathered.sentences)
    }

    private func grade(
        in copy: WorkCopy, evidence: EvidenceLog, progress: @escaping @Sendable (BuildProgress) -> Void
    ) throws -> [SectionGrade] {
        let copyWorkbench = Workbench(root: copy.root, course: workbench.course)
        var grades: [String: SectionGrade] = [:]
        var excluded: [String] = []
        while true {
            let included = sections.filter { !excluded.contains($0.target) }
            guard !included.isEmpty else { break }
            // Every section is built as the default request, whose plan the warm build made.
            let all = included.count == workbench.course.sections.count
            let request = BuildRequest.submission(sections: all ? nil : included.map(\.target))
            let run = try build(request, in: copy, workbench: copyWorkbench, progress: progress)
            if run.compiled {
                let filter =
                    "^("
                    + included.map { NSRegularExpression.escapedPattern(for: $0.testTarget) }.joined(separator: "|")
                    + ")\\."
                let outcomes = try test(filter, in: copy, workbench: copyWorkbench, evidence: evidence)
                for section in included {
                    grades[section.target] = SectionGrade(
                        section: section, outcomes: outcomes.filter { $0.module == section.testTarget },
                        compilerErrors: [], buildFailed: false
                    )
                }
                for section in included where section.learnerTests != nil {
                    // The sandbox hides `Solutions/` and `course/`: the reference and each mistake are laid
                    // out in the work copy's build folder, which builds see at `<root>/.build`, and removed
                    // once built, so the learner's tests never run beside their sources.
                    let staged = copy.buildFolder.appending(path: "learner-tests")
                    let stage = { (mistake: Course.KnownMistake?, section: Course.Section) throws -> String in
                        let relative = "learner-tests/\(section.target)/\(mistake?.id ?? "reference")"
                        let folder = copy.buildFolder.appending(path: relative)
                        if let mistake {
                            try VariantStage(workbench: workbench).stage(.mistake(mistake), of: section, in: folder)
                        } else {
                            try? FileManager.default.removeItem(at: folder)
                            try FileManager.default.createDirectory(
                                at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
                            try FileManager.default.copyItem(
                                at: workbench.sourceFolder(of: section, on: .solutions), to: folder)
                        }
                        return ".build/" + relative
                    }
                    let learnerTests = LearnerTestGrader(workbench: copyWorkbench, stage: stage) { request, filter in
                        let built = try build(request, in: copy, workbench: copyWorkbench, progress: progress)
                        try? FileManager.default.removeItem(at: staged)
                        guard built.compiled else { return built }
                        var tested = built
                        tested.outcomes = try test(filter, in: copy, workbench: copyWorkbench, evidence: evidence)
                        return tested
                    }
                    grades[section.target] = grades[section.target]?.adding(
                        try learnerTests.outcomes(of: section, on: .exercises))
                }
                break
            }
            let broken = included.filter {
                !SectionGrade(section: $0, run: run, workbench: copyWorkbench).compilerErrors.isEmpty
            }
            for section in broken {
                grades[section.target] = SectionGrade(section: section, run: run, workbench: copyWorkbench)
            }
            if broken.isEmpty {
                // Not the learner's files: the build failed for another reason (it hung, or the core broke).
                let reason =
                    run.build == .timedOut
                    ? "the build ran longer than \(buildTimeLimit.formattedSeconds) and was stopped"
                    : "the build failed outside the exercise files" + (Self.firstLine(of: run).map { ": \($0)" } ?? "")
                for section in included {
                    var blocked = SectionGrade(section: section, outcomes: [], compilerErrors: [], buildFailed: true)
                    blocked.compilerErrors =
                        run.compilerErrors.isEmpty
                        ? [CompilerDiagnostic(path: "build", line: 1, column: 1, message: reason)]
                        : Array(run.compilerErrors.prefix(5))
                    grades[section.target] = blocked
                }
                break
            }
            excluded += broken.map(\.target)
        }
        return sections.map {
            grades[$0.target] ?? SectionGrade(section: $0, outcomes: [], compilerErrors: [], buildFailed: true)
        }
    }

    /// Builds the package as `request` says, with its tests, in `copy`.
    func build(_ request: BuildRequest, in copy: WorkCopy, progress: @escaping @Sendable (BuildProgress) -> Void) throws
        -> TrackRun
    {
        try build(
            request, in: copy, workbench: Workbench(root: copy.root, course: workbench.course), progress: progress)
    }

    /// Builds the package as `request` says, with its tests.
    private func build(
        _ request: BuildRequest, in copy: WorkCopy, workbench copyWorkbench: Workbench,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) throws -> TrackRun {
        let log = copy.logFolder.appending(path: "build.log")
        // SwiftPM keeps the manifests it evaluated in the work copy's build folder rather than in `HOME`, which
        // is emptied for every submission: each build after a work copy's first then starts without compiling
        // and running the package's manifest and every dependency's again.
        let command = sandbox.command(
            TestProgram.buildArguments(forPackageAt: workbench.root) + [
                "--jobs", String(buildJobs), "--manifest-cache", "local",
            ], in: copy,
            workbench: workbench,
            layout: layout, buildWritable: true
        )
        let termination = try ChildProcess(
            command, in: copy.root, environment: request.environment.merging(copy.privateEnvironment) { _, own in own },
            inheritsEnvironment: false, logFile: log,
            watchdog: BuildLogFollower(log: log, inner: BuildTimeLimit(limit: buildTimeLimit), report: progress)
        ).run()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let errors =
            termination.succeeded ? [] : CompilerDiagnostic.errors(in: text).map { $0.relative(to: copyWorkbench) }
        return TrackRun(
            track: .exercises, build: termination, compilerErrors: errors, testRun: nil, outcomes: [], buildLog: log,
            testLog: log
        )
    }

    /// Runs the tests `filter` selects on the built test program under the grading harness, read-only, with
    /// the time and memory limits and a minimal environment; a crash or a hang is pinned on its check by
    /// running the checks left without a result again, one at a time.
    private func test(_ filter: String, in copy: WorkCopy, workbench copyWorkbench: Workbench, evidence: EvidenceLog)
        throws -> [TestOutcome]
    {
        let program = try TestProgram.path(in: copy.buildFolder, seenAt: copy.root.appending(path: ".build"))
        let limit = memoryLimit
        let sandbox = self.sandbox
        let instructor = workbench
        let layout = self.layout
        var attempt = TestAttempt(
            workbench: copyWorkbench, environment: copy.privateEnvironment,
            filter: filter,
            timeLimit: timeLimitPerCheck, events: copy.logFolder.appending(path: "events.jsonl"),
            log: copy.logFolder.appending(path: "test.log"),
            launch: .harness(path: program, directory: copy.root) { arguments in
                sandbox.command(
                    ["prlimit", "--as=\(limit)", "--"] + arguments, in: copy, workbench: instructor, layout: layout,
                    buildWritable: false)
            }
        )
        attempt.inheritsEnvironment = false
        var reading = try attempt.run(only: nil, parallel: true)
        if reading.outcomes.contains(where: { [.crashed, .notRun].contains($0.result) }) {
            reading = try attempt.isolateFailures(after: reading)
        }
        evidence.add(reading.evidence)
        return reading.outcomes
    }
}

extension SubmissionGrader {
    /// The first line of a failed build's log that says what failed: an error SwiftPM or the compiler
    /// printed, for a build that failed outside the exercise files.
    static func firstLine(of run: TrackRun) -> String? {
        let log = (try? String(contentsOf: run.buildLog, encoding: .utf8)) ?? ""
        return log.split(whereSeparator: \.isNewline).first { $0.contains("error:") }
            .map { String($0.trimmingCharacters(in: .whitespaces).prefix(300)) }
    }
}

/// The evidence of forged results gathered over a submission's test runs.
// Unchecked Sendable: its one mutable property is read and written under `lock` only.
private final class EvidenceLog: @unchecked Sendable {
    private let lock = NSLock()
    private var evidence = ForgeryEvidence()

    func add(_ more: ForgeryEvidence) {
        lock.withLock { evidence.merge(more) }
    }

    var gathered: ForgeryEvidence { lock.withLock { evidence } }
}

/// Stops a build that has run longer than its limit.
struct BuildTimeLimit: ChildProcessWatchdog {
    let limit: Duration
    let start = ContinuousClock.now

    func shouldStop(at now: ContinuousClock.Instant) -> Bool {
        now - start > limit
    }
}
