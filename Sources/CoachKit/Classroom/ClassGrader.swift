import Foundation
import Synchronization

/// Grades a class: many submissions, each in its own work copy (sandboxed where bubblewrap works), against
/// the instructor's hidden suites, `jobs` at a time, after one warm build of the instructor's checkout that
/// every submission builds on.
///
/// ```swift
/// let grader = ClassGrader(workbench: workbench, options: .init(jobs: 2))
/// let run = try grader.grade(roster.submissions, into: URL(filePath: "results")) { event in print(event) }
/// ```
public struct ClassGrader: Sendable {
    /// How a class is graded.
    public struct Options: Sendable {
        /// How many submissions are graded at the same time.
        public var jobs: Int
        /// The longest one check may run.
        public var timeLimitPerCheck: Duration
        /// The longest one submission's build may run.
        public var buildTimeLimit: Duration
        /// The most memory one test process may map, in mebibytes.
        public var memoryLimitMiB: Int
        /// Whether a bubblewrap sandbox may be used.
        public var allowsSandbox: Bool
        /// The numbers of the sections to grade, or `nil` for every section.
        public var sections: Set<Int>?
        /// The gradebook (a gradebook.json, or a folder holding one) the class page compares with, in place
        /// of the one the output folder holds from an earlier run.
        public var compare: URL?

        /// Options with the given values; the defaults suit a class on a small machine.
        public init(
            jobs: Int = 1, timeLimitPerCheck: Duration = .seconds(60), buildTimeLimit: Duration = .seconds(1800),
            memoryLimitMiB: Int = 2048, allowsSandbox: Bool = true, sections: Set<Int>? = nil, compare: URL? = nil
        ) {
            self.jobs = max(1, jobs)
            self.timeLimitPerCheck = timeLimitPerCheck
            self.buildTimeLimit = buildTimeLimit
            self.memoryLimitMiB = memoryLimitMiB
            self.allowsSandbox = allowsSandbox
            self.sections = sections
            self.compare = compare
        }
    }

    /// What happens while a class is graded, for a progress display.
    public enum Event: Sendable {
        /// The sandbox in force is known.
        case isolation(GradingSandbox)
        /// The warm build progressed; `firstBuild` when it compiles the dependencies for the first time.
        case warmBuild(BuildProgress, firstBuild: Bool)
        /// The starters are being built in a work copy as a submission is, to prove the course builds there.
        case checkingWorkCopy(BuildProgress)
        /// Work copy `number` is being made from the warm build (only the first time).
        case preparingWorkCopy(number: Int)
        /// A submission's build progressed.
        case building(learner: String, BuildProgress)
        /// A submission is graded: `finished` of `total` so far.
        case graded(LearnerResult, finished: Int, total: Int, seconds: Double)
    }

    /// What a grading run made.
    public struct Run: Sendable {
        /// The gradebook, also written to the output folder.
        public var gradebook: Gradebook
        /// Seconds each learner's grading took, by learner.
        public var seconds: [String: Double]
        /// Seconds the warm build took.
        public var warmBuildSeconds: Double
        /// The isolation used.
        public var sandbox: GradingSandbox
    }

    /// Why a class could not be graded at all.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, why, and how to fix it.
        public var description: String
    }

    /// The instructor's checkout, whose hidden suites, contracts, manifest and core grade every submission.
    public var workbench: Workbench
    /// How to grade.
    public var options: Options

    /// A grader of submissions against `workbench`.
    public init(workbench: Workbench, options: Options) {
        self.workbench = workbench
        self.options = options
    }

    /// Where the warm build's log and the work copies live.
    var gradingFolder: URL { workbench.root.appending(path: ".build/coach/grading") }

    /// The course as graded: every section, or those the options name, in course order.
    public var gradedCourse: Course {
        var course = workbench.course
        if let numbers = options.sections {
            course.sections = course.sections.filter { numbers.contains($0.number) }
        }
        return course
    }

    /// What every build of a submission compiles, the warm build's included: the graded sections with
    /// their hidden suites.
    var buildRequest: BuildRequest {
        let graded = gradedCourse.sections
        return .submission(sections: graded.count == workbench.course.sections.count ? nil : graded.map(\.target))
    }

    /// Grades `submissions` and writes the gradebook, the class page, the lessons it links to and each
    /// learner's files into `output`.
    ///
    /// The class page compares the class with the gradebook `options.compare` names, or else with the
    /// one an earlier run left in `output`, read before anything is graded.
    ///
    /// - Throws: `Failure` when the instructor's checkout does not build, `CoachError.cannotLaunch` when
    ///   `swift` cannot be started, `GradebookError` when the results cannot be written or the gradebook
    ///   to compare with cannot be read.
    public func grade(_ submissions: [Submission], into output: URL, events: @escaping @Sendable (Event) -> Void) throws
        -> Run
    {
        let previous = try Gradebook.previous(in: output, compare: options.compare)
        try FileManager.default.createDirectory(at: gradingFolder, withIntermediateDirectories: true)
        let sandbox = GradingSandbox.detect(allowed: options.allowsSandbox, logFolder: gradingFolder)
        events(.isolation(sandbox))
        let warmStart = ContinuousClock.now
        let layout = try packageLayout()
        try warmBuild(events: events)
        let warmSeconds = (ContinuousClock.now - warmStart).seconds

        let jobs = min(options.jobs, max(1, submissions.count))
        let grader = SubmissionGrader(
            workbench: workbench, sandbox: sandbox, layout: layout, sections: gradedCourse.sections,
            timeLimitPerCheck: options.timeLimitPerCheck,
            buildTimeLimit: options.buildTimeLimit, memoryLimit: UInt64(options.memoryLimitMiB) * 1024 * 1024,
            buildJobs: max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)
        )
        if !submissions.isEmpty {
            let copy = WorkCopy(number: 1, workbench: workbench, layout: layout, sandboxed: sandbox.isSandboxed)
            if !copy.isReady { events(.preparingWorkCopy(number: 1)) }
            try copy.prepare()
            try checkStarters(in: copy, with: grader, events: events)
        }
        let next = Mutex(0)
        let results = Mutex<[(LearnerResult, Double)]>([])
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: jobs) { slot in
            let copy = WorkCopy(number: slot + 1, workbench: workbench, layout: layout, sandboxed: sandbox.isSandboxed)
            do {
                if !copy.isReady { events(.preparingWorkCopy(number: slot + 1)) }
                try copy.prepare()
            } catch {
                failure.withLock { $0 = $0 ?? error }
                return
            }
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < submissions.count, failure.withLock({ $0 == nil }) else { return }
                let start = ContinuousClock.now
                do {
                    let result = try grade(submissions[index], in: copy, with: grader, events: events)
                    try write(result, into: output, logs: copy.logFolder)
                    let seconds = (ContinuousClock.now - start).seconds
                    let finished = results.withLock { all -> Int in
                        all.append((result, seconds))
                        return all.count
                    }
                    events(.graded(result, finished: finished, total: submissions.count, seconds: seconds))
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let graded = results.withLock { $0 }
        let gradebook = Gradebook(course: gradedCourse, learners: graded.map(\.0))
        try Gradebook.copyLessons(of: gradedCourse, from: workbench, to: output)
        try gradebook.write(to: output, previous: previous)
        return Run(
            gradebook: gradebook,
            seconds: Dictionary(graded.map { ($0.0.learner, $0.1) }, uniquingKeysWith: { first, _ in first }),
            warmBuildSeconds: warmSeconds, sandbox: sandbox
        )
    }

    /// Makes the warm build and the `jobs` work copies ahead of grading, so that a timed run measures
    /// grading alone.
    ///
    /// - Throws: `Failure` when the instructor's checkout does not build, `CoachError.cannotLaunch` when
    ///   `swift` cannot be started.
    public func prepareWorkCopies(events: @escaping @Sendable (Event) -> Void) throws {
        try FileManager.default.createDirectory(at: gradingFolder, withIntermediateDirectories: true)
        let sandbox = GradingSandbox.detect(allowed: options.allowsSandbox, logFolder: gradingFolder)
        let layout = try packageLayout()
        try warmBuild(events: events)
        for number in 1...options.jobs {
            let copy = WorkCopy(number: number, workbench: workbench, layout: layout, sandboxed: sandbox.isSandboxed)
            if !copy.isReady { events(.preparingWorkCopy(number: number)) }
            try copy.prepare()
        }
    }

    /// The parts of the checkout the manifest builds from, which every submission's sandbox shows.
    ///
    /// - Throws: `Failure` when SwiftPM cannot describe the package or a target would show a submission
    ///   what it must not see.
    private func packageLayout() throws -> PackageLayout {
        do {
            return try PackageLayout.read(
                workbench: workbench, request: buildRequest, log: gradingFolder.appending(path: "describe.log"))
        } catch let problem as PackageLayout.Problem {
            throw Failure(description: "The course cannot be graded: \(problem.description).")
        }
    }

    /// Grades the instructor's starters in `copy` as a submission is graded, and fails when they do not
    /// build there: then no submission could, and every learner would get 0 for a fault of the course's.
    ///
    /// - Throws: `Failure` naming the first error when the course itself does not build in the work copy.
    private func checkStarters(
        in copy: WorkCopy, with grader: SubmissionGrader, events: @escaping @Sendable (Event) -> Void
    ) throws {
        try copy.place(.starters)
        let build = try grader.build(buildRequest, in: copy) { events(.checkingWorkCopy($0)) }
        guard !build.compiled else { return }
        let reason =
            build.build == .timedOut
            ? "the build ran longer than \(options.buildTimeLimit.formattedSeconds)"
            : SubmissionGrader.firstLine(of: build) ?? "see the log"
        let kept = gradingFolder.appending(path: "starters-build.log")
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.copyItem(at: build.buildLog, to: kept)
        throw Failure(
            description: """
                The course itself does not build in \(copy.sandboxed ? "the grading sandbox" : "a work copy"): \(reason.escapedForTerminal()) \
                (the starters, graded as a submission would be; log in \(workbench.relativePath(of: kept))). No submission was graded: \
                every one would have scored 0. Fix the checkout (`coach check N` builds a section), or grade with --no-sandbox to see \
                whether the sandbox is at fault.
                """)
    }

    /// Builds the instructor's checkout with the starters and the hidden suites, as every submission will
    /// be built, so that the dependencies and the core are compiled once.
    private func warmBuild(events: @escaping @Sendable (Event) -> Void) throws {
        let log = gradingFolder.appending(path: "warm-build.log")
        let firstBuild = !FileManager.default.fileExists(
            atPath: workbench.root.appending(path: ".build/debug.yaml").path)
        let termination = try ChildProcess(
            TestProgram.buildArguments(forPackageAt: workbench.root), in: workbench.root,
            environment: buildRequest.environment,
            logFile: log,
            watchdog: BuildLogFollower(log: log, inner: nil) { events(.warmBuild($0, firstBuild: firstBuild)) }
        ).run()
        guard termination.succeeded else {
            let errors = CompilerDiagnostic.errors(in: (try? String(contentsOf: log, encoding: .utf8)) ?? "").prefix(5)
            let shown =
                errors.isEmpty
                ? " (see \(workbench.relativePath(of: log)))"
                : ": " + errors.map { $0.relative(to: workbench).description }.joined(separator: "; ")
            throw Failure(
                description:
                    "The instructor's checkout does not build with the starters and the hidden suites\(shown) — while preparing the warm build. Fix it (`coach check N` shows each section), then grade again."
            )
        }
    }

    /// Unpacks, reads and grades one submission in `copy`.
    private func grade(
        _ submission: Submission, in copy: WorkCopy, with grader: SubmissionGrader,
        events: @escaping @Sendable (Event) -> Void
    ) throws -> LearnerResult {
        let intake: SubmissionIntake
        do {
            let folder = try SubmissionUnpacker.unpack(
                submission, into: copy.slot.appending(path: "submission"), log: copy.slot.appending(path: "unpack.log")
            )
            intake = try SubmissionIntake(folder: folder, workbench: workbench)
        } catch let failure as SubmissionUnpacker.Failure {
            let blocked = gradedCourse.sections.map {
                SectionGrade(section: $0, outcomes: [], compilerErrors: [], buildFailed: true)
            }
            return LearnerResult(submission: submission, grades: blocked, intake: nil, problem: failure.description)
        }
        try copy.place(intake)
        let learner = submission.learner
        let grading = try grader.grade(in: copy) { events(.building(learner: learner, $0)) }
        return LearnerResult(
            submission: submission, grades: grading.grades, intake: intake,
            forgedResults: grading.forgedResults, reviewNotes: SubmissionReview(workbench: workbench).notes(for: intake)
        )
    }

    /// Writes the learner's JUnit XML, feedback pages and grading logs into `output/learners/<name>/`.
    private func write(_ result: LearnerResult, into output: URL, logs: URL) throws {
        let submission = Submission(learner: result.learner, source: result.submission, ref: result.ref)
        let folder = output.appending(path: Gradebook.learnersFolder).appending(path: submission.folderName)
        let files = FileManager.default
        try? files.removeItem(at: folder)
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        let junit = MachineReport(track: .exercises, grades: result.grades(in: gradedCourse)).junit(
            suiteName: result.learner)
        try Data((junit + "\n").utf8).write(to: folder.appending(path: "junit.xml"))
        try LearnerFeedback(result: result, course: gradedCourse).write(into: folder)
        for name in ["build.log", "test.log"] where files.fileExists(atPath: logs.appending(path: name).path) {
            try? files.copyItem(at: logs.appending(path: name), to: folder.appending(path: name))
        }
    }
}

extension Duration {
    /// The duration in seconds, with fractions.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
