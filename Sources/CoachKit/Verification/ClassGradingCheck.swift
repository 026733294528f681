import Foundation

/// Proves `coach grade` on the real course, end to end: a class of four submissions of the first two
/// sections — the reference solutions, the starters, the references with one known mistake, and a hostile
/// forger (`course/grading/hostile/`) — graded with the real sandbox, work copies and harness, each of
/// them scored as it must be.
///
/// A stand-in workbench cannot show what the real manifest needs (a target a sandbox left out once gave
/// every learner 0), so this grades the checkout itself, on the sections it names, with a work copy per core.
struct ClassGradingCheck {
    /// The checkout to grade with.
    let workbench: Workbench
    /// How long a check may run.
    var timeLimitPerCheck: Duration = .seconds(120)
    /// How many submissions are graded at once: one per core, as a submission's SwiftPM start and its
    /// tests leave a core idle that another submission's build fills.
    var jobs = min(Kind.allCases.count, max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// What the check found.
    struct Report {
        /// What did not hold.
        var problems: [VerificationProblem]
        /// How many expectations held.
        var passed: Int
        /// One line per submission: its name, points and seconds.
        var lines: [String]
        /// The grading run's warm build, in seconds.
        var warmBuildSeconds: Double
    }

    /// The sections the class hands in: the first two of the course.
    var sections: [Course.Section] { Array(workbench.course.sections.prefix(2)) }
    /// Where the class's submissions and gradebook are written.
    var folder: URL { workbench.root.appending(path: ".build/coach/verify-grading") }
    /// The hostile submission's files: `<target>/<File>` replacing the exercise file of that name.
    var hostileFolder: URL { workbench.root.appending(path: "course/grading/hostile") }

    /// The kinds of submission the class holds.
    enum Kind: String, CaseIterable {
        case reference, starter, mistake, forger
    }

    /// Grades the class and compares every learner's result with what it must be.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    func run() throws -> Report {
        let area = "class grading"
        guard let first = sections.first, let mistake = first.mistakes.first(where: { $0.compileError == nil }) else {
            return Report(
                problems: [VerificationProblem(area, "the course has no section with a known mistake to grade")],
                passed: 0, lines: [], warmBuildSeconds: 0)
        }
        let submissions: [Submission]
        do {
            submissions = try writeSubmissions(mistake: mistake, of: first)
        } catch {
            return Report(
                problems: [VerificationProblem(area, "cannot write the class's submissions: \(error)")], passed: 0,
                lines: [], warmBuildSeconds: 0)
        }
        let grader = ClassGrader(
            workbench: workbench,
            options: .init(jobs: jobs, timeLimitPerCheck: timeLimitPerCheck, sections: Set(sections.map(\.number)))
        )
        let run: ClassGrader.Run
        do {
            run = try grader.grade(submissions, into: folder.appending(path: "gradebook")) { _ in }
        } catch let failure as ClassGrader.Failure {
            return Report(
                problems: [VerificationProblem(area, failure.description)], passed: 0, lines: [], warmBuildSeconds: 0)
        }
        var problems: [VerificationProblem] = []
        if !run.sandbox.isSandboxed {
            problems.append(
                VerificationProblem(
                    area, "graded without the sandbox (\(run.sandbox.summary)): install bubblewrap (`bash .ci/setup`)"))
        }
        let results = Dictionary(
            run.gradebook.learners.map { ($0.learner, $0) }, uniquingKeysWith: { first, _ in first })
        var expectations = 0
        for kind in Kind.allCases {
            guard let result = results[kind.rawValue] else {
                problems.append(
                    VerificationProblem(area, "the gradebook has no row for the \(kind.rawValue) submission"))
                continue
            }
            let found = Self.problems(of: result, kind: kind, mistake: mistake, in: first, course: grader.gradedCourse)
            problems += found.map { VerificationProblem("class grading: \(kind.rawValue)", $0) }
            expectations += found.isEmpty ? 1 : 0
        }
        let lines = run.gradebook.learners.map { result in
            String(
                format: "%@ %d/%d points in %.0f s", result.learner, result.points, result.possiblePoints,
                run.seconds[result.learner] ?? 0)
                + (result.needsReview ? ", flagged for review" : "")
        }
        return Report(problems: problems, passed: expectations, lines: lines, warmBuildSeconds: run.warmBuildSeconds)
    }

    /// What is wrong with `result`, the grade of a submission of `kind`.
    static func problems(
        of result: LearnerResult, kind: Kind, mistake: Course.KnownMistake, in mistaken: Course.Section, course: Course
    ) -> [String] {
        if let problem = result.problem { return ["not graded: \(problem)"] }
        var problems: [String] = []
        for grade in result.grades(in: course) {
            let points = result.sections.first { $0.number == grade.section.number }?.points ?? 0
            let failing = Set(grade.checks.filter { !$0.passed }.map(\.name))
            let shown = "Section \(grade.section.number): \(points)/\(grade.section.possiblePoints)"
            if grade.buildFailed {
                let error = grade.compilerErrors.first.map { ": \($0)" } ?? ""
                problems.append("\(shown), the section did not build\(error)")
                continue
            }
            switch kind {
            case .reference:
                if let check = failing.sorted().first {
                    problems.append("\(shown) on the reference solution: \"\(check)\" did not pass")
                }
            case .starter, .forger:
                if points != 0 {
                    problems.append("\(shown): a \(kind == .starter ? "starter" : "forged submission") must score 0")
                }
            case .mistake where grade.section.number == mistaken.number:
                let expected = Set(mistake.caughtBy)
                if failing != expected {
                    let missed = expected.subtracting(failing).sorted().map { "\"\($0)\" passed" }
                    let extra = failing.subtracting(expected).sorted().map { "\"\($0)\" failed" }
                    problems.append(
                        "\(shown) for a solution that \(mistake.summary): " + (missed + extra).joined(separator: ", ")
                            + " (course.json says the mistake fails exactly \(expected.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))"
                    )
                }
            case .mistake:
                if let check = failing.sorted().first {
                    problems.append("\(shown) on the reference solution: \"\(check)\" did not pass")
                }
            }
        }
        if kind == .forger, !result.needsReview {
            problems.append("the forger was not flagged for review")
        }
        if kind != .forger, !result.forgedResults.isEmpty {
            problems.append(
                "flagged for forged results it did not write: \(result.forgedResults.joined(separator: "; "))")
        }
        return problems
    }

    /// Writes the four submissions, each a folder holding `Exercises/<target>/…` of the graded sections.
    private func writeSubmissions(mistake: Course.KnownMistake, of mistaken: Course.Section) throws -> [Submission] {
        let files = FileManager.default
        let root = folder.appending(path: "submissions")
        try? files.removeItem(at: root)
        let staged = workbench.root.appending(path: try VariantStage(workbench: workbench).stage(mistake, of: mistaken))
        var submissions: [Submission] = []
        for kind in Kind.allCases {
            let exercises = root.appending(path: kind.rawValue).appending(path: CourseTrack.exercises.folder)
            try files.createDirectory(at: exercises, withIntermediateDirectories: true)
            for section in sections {
                let source: URL? =
                    switch kind {
                    case .reference: workbench.sourceFolder(of: section, on: .solutions)
                    case .starter: nil
                    case .mistake:
                        section.number == mistaken.number ? staged : workbench.sourceFolder(of: section, on: .solutions)
                    case .forger:
                        section.number == mistaken.number ? hostileFolder.appending(path: section.target) : nil
                    }
                guard let source else { continue }
                for name in section.exercise.files where files.fileExists(atPath: source.appending(path: name).path) {
                    let destination = exercises.appending(path: section.target).appending(path: name)
                    try files.createDirectory(
                        at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try files.copyItem(at: source.appending(path: name), to: destination)
                }
            }
            submissions.append(Submission(learner: kind.rawValue, source: root.appending(path: kind.rawValue).path))
        }
        return submissions
    }
}
