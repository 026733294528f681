import Foundation

/// One learner's graded submission: points per section, every check, and what was wrong with the
/// submission itself. It is what a gradebook row, the learner's JUnit file and feedback page are made from.
public struct LearnerResult: Codable, Equatable, Sendable {
    /// The learner's name.
    public var learner: String
    /// The submission as the roster named it.
    public var submission: String
    /// The branch or tag graded, for a git repository.
    public var ref: String?
    /// One entry per section, in course order; empty when the submission could not be read at all.
    public var sections: [SectionResult]
    /// Files the learner changed that grading never uses, compared with the instructor's checkout.
    public var tampering: [TamperedFile]
    /// Exercise files the submission lacks (their sections were graded with the starter's copy).
    public var missingFiles: [String]
    /// Why the submission could not be graded, when it could not.
    public var problem: String?

    /// The verdict of every section of a submission that could not be read.
    public static let notGraded = "not graded"

    /// The points earned in every section.
    public var points: Int { sections.reduce(0) { $0 + $1.points } }
    /// The points the course is worth.
    public var possiblePoints: Int { sections.reduce(0) { $0 + $1.possiblePoints } }

    /// One section's result.
    public struct SectionResult: Codable, Equatable, Sendable {
        /// The section's number.
        public var number: Int
        /// How grading ended: passed, failed, crashed, timed out, does not compile.
        public var verdict: String
        /// The points earned.
        public var points: Int
        /// The points the section is worth.
        public var possiblePoints: Int
        /// Compiler errors in the section's files, as `path:line:column: error: message`.
        public var compilerErrors: [CompilerDiagnostic]
        /// Whether the build failed.
        public var buildFailed: Bool
        /// The outcome of every test of the section's suite.
        public var outcomes: [TestOutcome]
    }

    /// A result made from `grades` of `submission`.
    public init(submission: Submission, grades: [SectionGrade], intake: SubmissionIntake?, problem: String? = nil) {
        self.learner = submission.learner
        self.submission = submission.source
        self.ref = submission.ref
        self.sections = grades.map { grade in
            SectionResult(
                number: grade.section.number,
                verdict: problem == nil ? CheckReport(grade: grade, timeLimit: .zero).verdict.rawValue : Self.notGraded,
                points: grade.checks.filter(\.passed).reduce(0) { $0 + grade.section.points(of: $1.name) },
                possiblePoints: grade.section.possiblePoints,
                compilerErrors: grade.compilerErrors, buildFailed: grade.buildFailed, outcomes: grade.outcomes
            )
        }
        self.tampering = intake?.tampering ?? []
        self.missingFiles = intake?.missingFiles ?? []
        self.problem = problem
    }

    /// The grades this result holds, against `course`'s checkpoints.
    public func grades(in course: Course) -> [SectionGrade] {
        sections.compactMap { result in
            course.section(numbered: result.number).map {
                SectionGrade(section: $0, outcomes: result.outcomes, compilerErrors: result.compilerErrors, buildFailed: result.buildFailed)
            }
        }
    }
}
