import Foundation

/// What a gradebook says about the whole class: how scores spread, how far each section got, which
/// checks fail most and with what message, who has not started, whose submission needs a look, and what
/// changed since an earlier gradebook. The class page (``ClassOverviewPage``) draws it.
///
/// Everything comes from the gradebook itself (and the earlier one), never from the machine or the
/// time, so the merged gradebook of a sharded class gives the overview of an unsharded run.
///
/// ```swift
/// let overview = ClassOverview(gradebook: gradebook, previous: lastWeek)
/// overview.checks.first?.name   // the check most learners fail
/// ```
///
/// ## Topics
/// - ``Learner``
/// - ``SectionState``
/// - ``ScoreBin``
/// - ``SectionProgress``
/// - ``CheckFailures``
/// - ``ClassChanges``
public struct ClassOverview: Sendable {
    /// The gradebook drawn.
    public var gradebook: Gradebook
    /// One row per learner, in the gradebook's order (by name).
    public var learners: [Learner]
    /// The learners counted by share of the possible points: 0–9 %, 10–19 %, …, 90–99 % and 100 %.
    public var scoreBins: [ScoreBin]
    /// How far the class got in each section, in course order.
    public var sections: [SectionProgress]
    /// Every check some learner who started its section fails, the most failed first.
    public var checks: [CheckFailures]
    /// What changed since the earlier gradebook, when there is one.
    public var changes: ClassChanges?

    /// The overview of `gradebook`, compared with `previous` when given.
    public init(gradebook: Gradebook, previous: Gradebook? = nil) {
        self.gradebook = gradebook
        let rows = gradebook.learners.map { Learner($0, columns: gradebook.sections) }
        learners = rows
        scoreBins = ScoreBin.bins(of: rows)
        sections = gradebook.sections.map { column in SectionProgress(column: column, learners: rows) }
        checks = CheckFailures.all(in: gradebook).filter { $0.failed > 0 }.sorted { first, second in
            (second.failed, first.section, first.position) < (first.failed, second.section, second.position)
        }
        changes = previous.map { ClassChanges(now: gradebook, previous: $0) }
    }

    /// The learners whose submission needs a look: not graded, forged results, tampered files or code no
    /// exercise needs.
    public var flaggedLearners: [Learner] { learners.filter(\.needsALook) }
    /// The learners who have started no section.
    public var learnersNotStarted: [Learner] { learners.filter { $0.problem == nil && !$0.hasStarted } }
    /// The learners who completed every section.
    public var learnersComplete: [Learner] {
        learners.filter { !$0.sections.isEmpty && $0.sections.allSatisfy { $0.state == .complete } }
    }
    /// The median share of the possible points, in percent, or `nil` for an empty class.
    public var medianPercent: Int? {
        let sorted = learners.map(\.percent).sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// How far a learner got in one section.
    public enum SectionState: String, Sendable, CaseIterable {
        /// Every check passes.
        case complete
        /// Started, some check still fails.
        case inProgress = "in progress"
        /// The section's files do not compile.
        case doesNotCompile = "does not compile"
        /// The exercise files are the starter's, or (where that is not known) no check passes.
        case notStarted = "not started"
        /// The submission could not be graded at all.
        case notGraded = "not graded"
    }

    /// One learner's row.
    public struct Learner: Sendable {
        /// One section's cell.
        public struct Cell: Sendable {
            /// The section's number.
            public var number: Int
            /// The points earned.
            public var points: Int
            /// What the section is worth.
            public var possiblePoints: Int
            /// How far the learner got.
            public var state: SectionState
        }

        /// Something the instructor should know about a submission.
        public struct Flag: Sendable, Equatable {
            /// What kind of thing.
            public enum Kind: String, Sendable {
                case notGraded = "not graded"
                case forgedResults = "forged results"
                case tampering = "tampered files"
                case review = "review"
                case doesNotCompile = "does not compile"
            }
            /// What kind of thing.
            public var kind: Kind
            /// The details, as the gradebook holds them.
            public var detail: String
            /// Whether the flag asks the instructor to look at the submission.
            public var needsALook: Bool { kind != .doesNotCompile }
        }

        /// The learner's name.
        public var name: String
        /// The learner's feedback page, relative to the gradebook folder.
        public var feedbackPage: String
        /// The points earned.
        public var points: Int
        /// What the graded sections are worth.
        public var possiblePoints: Int
        /// The points as a whole percentage of the possible points, rounded down.
        public var percent: Int
        /// One cell per section of the gradebook.
        public var sections: [Cell]
        /// Why the submission could not be graded, when it could not.
        public var problem: String?
        /// What the instructor should know, most serious first. Missing exercise files are not flagged: their
        /// sections show as not started (a submission lists every section's missing files, graded or not).
        public var flags: [Flag]

        /// Whether the instructor should look at the submission.
        public var needsALook: Bool { flags.contains(where: \.needsALook) }
        /// Whether any section is further than not started.
        public var hasStarted: Bool { sections.contains { ![.notStarted, .notGraded].contains($0.state) } }
        /// How many sections are complete.
        public var completeSections: Int { sections.filter { $0.state == .complete }.count }

        /// The row of `result` in a gradebook of `columns`.
        init(_ result: LearnerResult, columns: [Gradebook.SectionColumn]) {
            name = result.learner
            feedbackPage =
                Gradebook.learnersFolder + "/"
                + Submission(learner: result.learner, source: result.submission).folderName + "/feedback.html"
            points = result.points
            possiblePoints = columns.reduce(0) { $0 + $1.possiblePoints }
            percent = possiblePoints > 0 ? points * 100 / possiblePoints : 0
            sections = columns.map { column in
                let section = result.sections.first { $0.number == column.number }
                return Cell(
                    number: column.number, points: section?.points ?? 0, possiblePoints: column.possiblePoints,
                    state: section.map { ClassOverview.state(of: $0, column: column, learner: result) } ?? .notGraded
                )
            }
            problem = result.problem
            var flags: [Flag] = []
            if let problem = result.problem { flags.append(Flag(kind: .notGraded, detail: problem)) }
            flags += result.forgedResults.map { Flag(kind: .forgedResults, detail: $0) }
            flags += result.tampering.map { Flag(kind: .tampering, detail: $0.description) }
            flags += result.reviewNotes.map { Flag(kind: .review, detail: $0.description) }
            flags += sections.filter { $0.state == .doesNotCompile }.map { cell in
                let error = result.sections.first { $0.number == cell.number }?.compilerErrors.first
                let detail = "Section \(cell.number)" + (error.map { ": \($0.description)" } ?? "")
                return Flag(kind: .doesNotCompile, detail: detail)
            }
            self.flags = flags
        }
    }

    /// How far `learner` got in `section`, of the gradebook column `column`.
    static func state(
        of section: LearnerResult.SectionResult, column: Gradebook.SectionColumn?, learner: LearnerResult
    ) -> SectionState {
        guard learner.problem == nil else { return .notGraded }
        let passed = Set(section.outcomes.filter { $0.result == .passed }.map(\.displayName))
        let checks = column?.checkpoint?.flatMap(\.checks)
        let complete =
            checks.map { !$0.isEmpty && $0.allSatisfy(passed.contains) }
            ?? (section.verdict == CheckReport.Verdict.passed.rawValue)
        if complete { return .complete }
        if let untouched = learner.sectionsNotStarted, untouched.contains(section.number) { return .notStarted }
        if section.verdict == CheckReport.Verdict.doesNotCompile.rawValue { return .doesNotCompile }
        if learner.sectionsNotStarted == nil, passed.isEmpty { return .notStarted }
        return .inProgress
    }

    /// A bar of the score distribution.
    public struct ScoreBin: Sendable {
        /// The lowest percentage it counts.
        public var lower: Int
        /// The highest percentage it counts.
        public var upper: Int
        /// The learners it counts, in the gradebook's order.
        public var learners: [String]

        /// "0–9 %", or "100 %" for the bar of complete scores.
        public var label: String { lower == upper ? "\(lower) %" : "\(lower)–\(upper) %" }

        /// The eleven bins of `learners`' percentages.
        static func bins(of learners: [Learner]) -> [ScoreBin] {
            var bins = (0..<10).map { ScoreBin(lower: $0 * 10, upper: $0 * 10 + 9, learners: []) }
            bins.append(ScoreBin(lower: 100, upper: 100, learners: []))
            for learner in learners {
                bins[min(10, max(0, learner.percent / 10))].learners.append(learner.name)
            }
            return bins
        }
    }

    /// How far the class got in one section.
    public struct SectionProgress: Sendable {
        /// The section's number.
        public var number: Int
        /// Its title.
        public var title: String
        /// The lesson's copy in the gradebook folder, when the gradebook names it.
        public var lesson: String?
        /// How many graded learners are in each state (``SectionState/notGraded`` is never counted).
        public var counts: [SectionState: Int]
        /// The learners graded at all.
        public var graded: Int

        init(column: Gradebook.SectionColumn, learners: [Learner]) {
            number = column.number
            title = column.title
            lesson = column.lessonCopy
            let states = learners.compactMap { learner in learner.sections.first { $0.number == column.number }?.state }
                .filter { $0 != .notGraded }
            graded = states.count
            counts = Dictionary(grouping: states) { $0 }.mapValues(\.count)
        }

        /// How many graded learners are in `state`.
        public func count(_ state: SectionState) -> Int { counts[state] ?? 0 }
    }
}
