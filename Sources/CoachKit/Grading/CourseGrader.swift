import Foundation

/// Grades sections on a track and remembers the results, keeping a broken section from hiding the others.
public struct CourseGrader: Sendable {
    /// The workbench to grade.
    public var workbench: Workbench
    /// Builds and runs the tests.
    public var tester: SwiftPackageTester
    /// The wall-clock limit for one section's suite.
    public var timeLimitPerSection: Duration

    /// A grader for `workbench` using `tester`, allowing each section `timeLimitPerSection` to run.
    public init(workbench: Workbench, tester: SwiftPackageTester, timeLimitPerSection: Duration = .seconds(60)) {
        self.workbench = workbench
        self.tester = tester
        self.timeLimitPerSection = timeLimitPerSection
    }

    /// Builds and grades `sections` on `track`, then stores the grades in the progress file.
    ///
    /// When the build fails in some sections' files, the others are built and graded without them.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func grade(_ sections: [Course.Section], on track: CourseTrack) throws -> [SectionGrade] {
        guard !sections.isEmpty else { return [] }
        var (run, grades) = try gradeTogether(sections, on: track)
        let broken = grades.filter { !$0.compilerErrors.isEmpty }.map(\.section.target)
        if !broken.isEmpty, broken.count < sections.count {
            let rest = sections.filter { !broken.contains($0.target) }
            let regraded: [SectionGrade]
            (run, regraded) = try gradeTogether(rest, on: track)
            grades = grades.map { grade in regraded.first { $0.section.target == grade.section.target } ?? grade }
        }
        // A section that still cannot be graded without errors of its own is blocked by the core or the
        // manifest: show it those errors, or the log when the compiler printed none.
        grades = grades.map { grade in
            guard grade.buildFailed, grade.compilerErrors.isEmpty else { return grade }
            var blocked = grade
            blocked.compilerErrors = run.compilerErrors.isEmpty
                ? [CompilerDiagnostic(path: workbench.relativePath(of: run.buildLog), line: 1, column: 1, message: "the build failed; read this log")]
                : Array(run.compilerErrors.prefix(10))
            return blocked
        }
        try remember(grades, on: track)
        return grades
    }

    private func gradeTogether(_ sections: [Course.Section], on track: CourseTrack) throws -> (TrackRun, [SectionGrade]) {
        let targets = sections.map(\.target)
        let allSections = targets.count == workbench.course.sections.count
        let filter = "^(" + sections.map { NSRegularExpression.escapedPattern(for: $0.testTarget) }.joined(separator: "|") + ")\\."
        let limit = timeLimitPerSection * sections.count
        let run = try tester.run(BuildRequest(track: track, sections: allSections ? nil : targets), filter: filter, timeLimit: limit)
        return (run, sections.map { SectionGrade(section: $0, run: run, workbench: workbench) })
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
    public func status(track: CourseTrack, refresh: Bool, willGrade: ([Course.Section]) -> Void = { _ in }) throws -> StatusReport {
        let progress = ProgressStore(workbench: workbench).load()
        let fingerprints = SourceFingerprint(workbench: workbench)
        var standings: [SectionStanding] = workbench.course.sections.map { section in
            guard let record = progress.record(of: section, on: track) else { return SectionStanding(grade: nil, isStale: false) }
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
