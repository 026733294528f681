import Foundation

/// Grades every section of the course on one track in a single build and test run.
public struct CourseGrader: Sendable {
    /// The workbench to grade.
    public var workbench: Workbench
    /// Builds and runs the tests.
    public var tester: SwiftPackageTester

    /// A grader for `workbench` using `tester`.
    public init(workbench: Workbench, tester: SwiftPackageTester) {
        self.workbench = workbench
        self.tester = tester
    }

    /// Builds the track, runs the hidden suites and returns the status report.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    public func status(track: CourseTrack) throws -> StatusReport {
        let run = try tester.run(track: track, filter: Verifier.sectionFilter)
        let grades = workbench.course.sections.map { SectionGrade(section: $0, run: run, workbench: workbench) }
        let sectionErrors = Set(grades.flatMap(\.compilerErrors).map(\.description))
        var others = run.compilerErrors.filter { !sectionErrors.contains($0.description) }
        if !run.compiled && run.compilerErrors.isEmpty {
            others.append(CompilerDiagnostic(path: workbench.relativePath(of: run.buildLog), line: 1, column: 1, message: "the build failed without a compiler error; read this log"))
        }
        return StatusReport(track: track, grades: grades, otherCompilerErrors: others)
    }
}
