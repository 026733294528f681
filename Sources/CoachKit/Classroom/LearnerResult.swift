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
    /// Evidence that the submission's code wrote test results of its own (records without the grading
    /// harness's seal, records written again or removed); the checks they name scored nothing.
    public var forgedResults: [String]
    /// Places in the exercise files that use what no exercise needs, for the instructor to review.
    public var reviewNotes: [ReviewNote]
    /// The graded sections whose exercise files the submission left as the starter's (or lacks), or
    /// `nil` when that is not known (a submission that could not be read, a learner's own checkout, a
    /// gradebook written before it was recorded).
    public var sectionsNotStarted: [Int]?

    /// Whether the instructor should look at the submission: it forged results or uses what no exercise needs.
    public var needsReview: Bool { !forgedResults.isEmpty || !reviewNotes.isEmpty }

    /// The review column of a gradebook row: the forged results, then the review notes, in one line.
    public var reviewSummary: String {
        (forgedResults.map { "forged results: \($0)" } + reviewNotes.map(\.description)).joined(separator: "; ")
    }

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

    /// A result made from `grades` of `submission`, with the evidence of forged results and the review
    /// notes found while grading it.
    public init(
        submission: Submission, grades: [SectionGrade], intake: SubmissionIntake?, problem: String? = nil,
        forgedResults: [String] = [], reviewNotes: [ReviewNote] = []
    ) {
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
        self.forgedResults = forgedResults
        self.reviewNotes = reviewNotes
        let graded = Set(grades.map(\.section.number))
        self.sectionsNotStarted = intake?.untouchedSections.filter(graded.contains)
    }

    private enum CodingKeys: String, CodingKey {
        case learner, submission, ref, sections, tampering, missingFiles, problem, forgedResults, reviewNotes
        case sectionsNotStarted
    }

    /// Reads a result; one written before results were checked for forgery reads as having none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        learner = try container.decode(String.self, forKey: .learner)
        submission = try container.decode(String.self, forKey: .submission)
        ref = try container.decodeIfPresent(String.self, forKey: .ref)
        sections = try container.decode([SectionResult].self, forKey: .sections)
        tampering = try container.decode([TamperedFile].self, forKey: .tampering)
        missingFiles = try container.decode([String].self, forKey: .missingFiles)
        problem = try container.decodeIfPresent(String.self, forKey: .problem)
        forgedResults = try container.decodeIfPresent([String].self, forKey: .forgedResults) ?? []
        reviewNotes = try container.decodeIfPresent([ReviewNote].self, forKey: .reviewNotes) ?? []
        sectionsNotStarted = try container.decodeIfPresent([Int].self, forKey: .sectionsNotStarted)
    }

    /// The grades this result holds, against `course`'s checkpoints.
    public func grades(in course: Course) -> [SectionGrade] {
        sections.compactMap { result in
            course.section(numbered: result.number).map {
                SectionGrade(
                    section: $0, outcomes: result.outcomes, compilerErrors: result.compilerErrors,
                    buildFailed: result.buildFailed)
            }
        }
    }
}
