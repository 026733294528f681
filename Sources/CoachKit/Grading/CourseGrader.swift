import Foundation

/// Grades sections on a track and remembers the results, keeping a broken section from hiding the others.
public struct CourseGrader: Sendable {
    /// The workbench to grade.
    public var workbench: Workbench
    /// Builds and runs the tests.
    public var tester: SwiftPackageTester
    /// The longest one check may run; a check past it is reported as timed out and the others still run.
    public var timeLimitPerCheck: Duration

    /// A grader for `workbench` using `tester`, allowing each check `timeLimitPerCheck` to run.
    public init(workbench: Workbench, tester: SwiftPackageTester, timeLimitPerCheck: Duration = .seconds(60)) {
        self.workbench = workbench
        self.tester = tester
        self.timeLimitPerCheck = timeLimitPerCheck
    }

    /// Builds and grades `sections` on `track`, then stores the grades in the progress file.
    ///
    /// Every build includes every section and the learner's tests, as `swift run coach` builds the package,
    /// so grading one section or all of them compiles the same package, SwiftPM reuses its plan, and nothing
    /// is relinked when a learner switches between `coach check` and `coach status`. When some sections'
    /// files do not compile, they are left out and the rest is built again; so are the learner's tests.
    /// A section whose hidden suite depends on nothing that changed since its last clean run (only the
    /// learner's own tests were edited) keeps that run's outcomes (``HiddenSuiteResultCache``); when every
    /// section asked for does, nothing is built for the suites.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func grade(_ sections: [Course.Section], on track: CourseTrack) throws -> [SectionGrade] {
        guard !sections.isEmpty else { return [] }
        let course = workbench.course.sections
        var grades: [String: SectionGrade] = [:]
        var excluded: [String] = []
        var learnerTestsLeftOut = false
        var lastRun: TrackRun?
        let learnerTestFolders = course.compactMap { $0.learnerTests.map { "\(track.folder)/\($0.target)/" } }
        // Read before the build starts: a file saved during the build makes the next grade build again.
        let suiteCache = HiddenSuiteResultCache(workbench: workbench, timeLimitPerCheck: timeLimitPerCheck)
        let suiteDigest = suiteCache.digest(on: track)
        var reused: Set<String> = []
        for section in sections {
            guard let outcomes = suiteCache.outcomes(of: section, on: track, digest: suiteDigest) else { continue }
            grades[section.target] = SectionGrade(
                section: section, outcomes: outcomes, compilerErrors: [], buildFailed: false)
            reused.insert(section.target)
            tester.timeline?.record("unchanged since the last grade, the suite's results reused", from: .now, to: .now)
        }
        while sections.contains(where: { grades[$0.target] == nil }) {
            let included = course.filter { !excluded.contains($0.target) }
            let pending = sections.filter { grades[$0.target] == nil }
            let filter =
                "^(" + pending.map { NSRegularExpression.escapedPattern(for: $0.testTarget) }.joined(separator: "|")
                + ")\\."
            var request = BuildRequest(track: track, sections: excluded.isEmpty ? nil : included.map(\.target))
            if learnerTestsLeftOut { request.learnerTests = .leftOut }
            let run = try tester.run(request, filter: filter, timeLimit: timeLimitPerCheck)
            lastRun = run
            let broken = included.filter {
                !SectionGrade(section: $0, run: run, workbench: workbench).compilerErrors.isEmpty
            }
            let learnerTestsBroken =
                !learnerTestsLeftOut
                && run.compilerErrors.contains { error in
                    learnerTestFolders.contains { error.path.hasPrefix($0) }
                }
            for section in pending where run.compiled || broken.contains(where: { $0.target == section.target }) {
                grades[section.target] = SectionGrade(section: section, run: run, workbench: workbench)
            }
            let stillPending = sections.filter { grades[$0.target] == nil }
            if stillPending.isEmpty || (broken.isEmpty && !learnerTestsBroken) { break }
            excluded += broken.map(\.target)
            learnerTestsLeftOut = learnerTestsLeftOut || learnerTestsBroken
        }
        // A section that still cannot be graded is blocked by the core or the manifest: show it those
        // errors, or the log when the compiler printed none.
        let result = sections.map { section -> SectionGrade in
            if let grade = grades[section.target] { return grade }
            var blocked = SectionGrade(section: section, outcomes: [], compilerErrors: [], buildFailed: true)
            if let run = lastRun {
                blocked.compilerErrors =
                    run.compilerErrors.isEmpty
                    ? [
                        CompilerDiagnostic(
                            path: workbench.relativePath(of: run.buildLog), line: 1, column: 1,
                            message: "the build failed; read this log")
                    ]
                    : Array(run.compilerErrors.prefix(10))
            }
            return blocked
        }
        for grade in result where !reused.contains(grade.section.target) {
            suiteCache.store(grade, on: track, digest: suiteDigest)
        }
        let graded = try result.map { grade -> SectionGrade in
            guard grade.section.learnerTests != nil, grade.wasGraded, grade.compilerErrors.isEmpty else { return grade }
            return grade.adding(try learnerTestOutcomes(of: grade.section, on: track))
        }
        try remember(graded, on: track)
        return graded
    }

    /// The outcomes of `section`'s learner-test checks: those of the last grade when neither the learner's
    /// tests nor anything else they are run with changed since (``LearnerTestResultCache``), else graded
    /// afresh.
    private func learnerTestOutcomes(of section: Course.Section, on track: CourseTrack) throws -> [TestOutcome] {
        let cache = LearnerTestResultCache(workbench: workbench)
        if let outcomes = cache.outcomes(of: section, on: track) {
            tester.timeline?.record("your tests: unchanged, last results reused", from: .now, to: .now)
            return outcomes
        }
        let outcomes =
            try tester.timeline.map { timeline in
                try timeline.during("your tests") { try learnerTestGrader.outcomes(of: section, on: track) }
            } ?? learnerTestGrader.outcomes(of: section, on: track)
        // A build that failed for no reason in the learner's files (a full disk, a stopped build) is tried
        // again at the next grade rather than remembered.
        if !outcomes.contains(where: { $0.issues.contains { $0.contains("did not build") } }) {
            cache.store(outcomes, of: section, on: track)
        }
        return outcomes
    }

    /// Grades the tests learners write, with this grader's tester and time limit.
    var learnerTestGrader: LearnerTestGrader {
        var grader = LearnerTestGrader(workbench: workbench) { request, filter in
            try tester.run(request, filter: filter, timeLimit: timeLimitPerCheck)
        }
        // The learner's own checkout: their tests run against every switchable mistake from one build.
        grader.switchesMistakes = .schemata(workbench: workbench, tester: tester, timeLimit: timeLimitPerCheck)
        return grader
    }

    private func remember(_ grades: [SectionGrade], on track: CourseTrack) throws {
        let store = ProgressStore(workbench: workbench)
        var progress = store.load()
        let fingerprints = SourceFingerprint(workbench: workbench)
        for grade in grades {
            progress.store(grade, fingerprint: fingerprints.fingerprint(of: grade.section, on: track), on: track)
        }
        try store.save(progress)
    }

    /// Every section's standing on `track` from stored grades, grading those never graded (and, with
    /// `refresh`, those whose files changed since).
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func status(track: CourseTrack, refresh: Bool, willGrade: ([Course.Section]) -> Void = { _ in }) throws
        -> StatusReport
    {
        let progress = ProgressStore(workbench: workbench).load()
        let fingerprints = SourceFingerprint(workbench: workbench)
        var standings: [SectionStanding] = workbench.course.sections.map { section in
            guard let record = progress.record(of: section, on: track) else {
                return SectionStanding(grade: nil, isStale: false)
            }
            let stale = record.fingerprint != fingerprints.fingerprint(of: section, on: track)
            return SectionStanding(grade: record.grade(of: section), isStale: stale)
        }
        let toGrade = zip(workbench.course.sections, standings)
            .filter { _, standing in standing.grade == nil || (refresh && standing.isStale) }
            .map(\.0)
        if !toGrade.isEmpty { willGrade(toGrade) }
        for grade in try self.grade(toGrade, on: track) {
            let index = workbench.course.sections.firstIndex { $0.target == grade.section.target }!
            standings[index] = SectionStanding(grade: grade, isStale: false)
        }
        return StatusReport(track: track, sections: workbench.course.sections, standings: standings)
    }
}

/// A section's last grade and whether its files changed since.
public struct SectionStanding: Equatable, Sendable {
    /// The last grade, or `nil` when the section was never graded.
    public var grade: SectionGrade?
    /// Whether the section's files changed after that grade.
    public var isStale: Bool

    /// A standing with `grade`, stale or not.
    public init(grade: SectionGrade?, isStale: Bool) {
        self.grade = grade
        self.isStale = isStale
    }
}
