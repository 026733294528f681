import Foundation

/// Grades the tests a learner wrote for a section (``Course/LearnerTests``): runs them against the
/// reference solution, where every one must pass, then against each known mistake they must catch,
/// where at least one must fail. Each run is a build of its own, with the learner's tests in place of
/// the hidden suites and the section's library taken from the reference or the staged mistake.
///
/// The learner's tests may be Swift Testing functions, XCTest cases or both in one target: the grading
/// harness reports either kind as a test of the target, so both are graded alike.
struct LearnerTestGrader {
    /// The workbench whose reference and mistakes are used.
    let workbench: Workbench
    /// Builds what a request selects and runs the tests a filter selects.
    let run: (BuildRequest, String) throws -> TrackRun
    /// Returns the folder, relative to the root the builds run in, that holds the section's library as the
    /// reference solution (`nil`) or a known mistake has it. By default the reference is read from
    /// `Solutions/` and a mistake is staged under `.build/coach/mistakes/`.
    var stage: (Course.KnownMistake?, Course.Section) throws -> String

    /// A grader that builds the section's library from the folders `stage` gives, and runs builds with `run`.
    init(workbench: Workbench, stage: ((Course.KnownMistake?, Course.Section) throws -> String)? = nil, run: @escaping (BuildRequest, String) throws -> TrackRun) {
        self.workbench = workbench
        self.run = run
        self.stage = stage ?? { mistake, section in
            guard let mistake else { return "\(CourseTrack.solutions.folder)/\(section.target)" }
            return try VariantStage(workbench: workbench).stage(mistake, of: section)
        }
    }

    /// The outcomes of the learner-test checks of `section` with the tests on `track`, named as the
    /// checkpoint names them and filed under the section's hidden suite, so a ``SectionGrade`` counts
    /// them with the others.
    ///
    /// - Throws: `CoachError.cannotLaunch` when `swift` cannot be started.
    ///
    /// - Parameter testsFolder: The folder to build the learner's tests from, relative to the root, in
    ///   place of `<track>/<target>`: a known wrong test suite, when `coach verify` proves the grading.
    func outcomes(of section: Course.Section, on track: CourseTrack, testsFolder: String? = nil) throws -> [TestOutcome] {
        guard let tests = section.learnerTests else { return [] }
        let request = { (library: String) in
            self.request(for: section, library: library, track: track, testsFolder: testsFolder.map { (tests.target, $0) })
        }
        let filter = "^\(NSRegularExpression.escapedPattern(for: tests.target))\\."
        let reference = try run(request(try stage(nil, section)), filter)
        let referenceProblem = problemOnReference(reference, tests: tests, section: section, folder: testsFolder ?? "\(track.folder)/\(tests.target)")
        var outcomes = [outcome(tests.passCheck, of: section, problem: referenceProblem)]
        for caught in tests.mustCatch {
            guard referenceProblem == nil else {
                outcomes.append(outcome(caught.check, of: section, problem: "not tried: your tests must first pass on the reference solution"))
                continue
            }
            guard let mistake = section.mistakes.first(where: { $0.id == caught.mistake }) else {
                outcomes.append(outcome(caught.check, of: section, problem: "course.json names no known mistake \"\(caught.mistake)\""))
                continue
            }
            let folder = try stage(mistake, section)
            let wrong = try run(request(folder), filter)
            outcomes.append(outcome(caught.check, of: section, problem: problemOnMistake(wrong, mistake: mistake, tests: tests)))
        }
        return outcomes
    }

    /// A build of the section's library from `folder` with the learner's tests in place of the hidden
    /// suites, those tests taken from `testsFolder` when given (target, folder).
    private func request(for section: Course.Section, library folder: String, track: CourseTrack, testsFolder: (String, String)?) -> BuildRequest {
        var overrides: [BuildRequest.Override] = [.init(target: section.target, folder: folder)]
        if let (target, tests) = testsFolder { overrides.append(.init(target: target, folder: tests)) }
        var request = BuildRequest(track: track, sections: [section.target], overrides: overrides)
        request.learnerTestsOnly = true
        return request
    }

    /// Why the run on the reference does not count, or nil when every test ran and passed.
    private func problemOnReference(_ run: TrackRun, tests: Course.LearnerTests, section: Course.Section, folder testsFolder: String) -> String? {
        let folder = testsFolder + "/"
        guard run.compiled else {
            let own = run.compilerErrors.filter { $0.path.hasPrefix(folder) }
            return own.first.map { "your tests do not compile: \($0)" }
                ?? "your tests did not build with the reference solution; see \(workbench.relativePath(of: run.buildLog))"
        }
        let ran = run.outcomes.filter { $0.module == tests.target && $0.result != .skipped }
        if ran.isEmpty {
            return "no test of yours ran: write @Test functions or XCTestCase test methods in \(folder)"
        }
        if let failing = ran.first(where: { $0.result != .passed }) {
            let issue = failing.issues.first.map { " (\($0.replacingOccurrences(of: "\n", with: " — ")))" } ?? ""
            return "\"\(failing.displayName)\" \(failing.result.rawValue) on the reference solution\(issue); "
                + "a test that fails on a correct \(section.target) cannot tell it from a wrong one"
        }
        return nil
    }

    /// Why the run on a known mistake does not count as caught, or nil when one of the tests failed.
    private func problemOnMistake(_ run: TrackRun, mistake: Course.KnownMistake, tests: Course.LearnerTests) -> String? {
        guard run.compiled else {
            return "your tests did not build with a solution that \(mistake.summary); see \(workbench.relativePath(of: run.buildLog))"
        }
        let caught = run.outcomes.contains { $0.module == tests.target && [.failed, .crashed, .timedOut].contains($0.result) }
        return caught ? nil : "every test of yours passed on a solution that \(mistake.summary)"
    }

    private func outcome(_ check: String, of section: Course.Section, problem: String?) -> TestOutcome {
        TestOutcome(
            id: "\(section.testTarget).LearnerTests/\(check)", displayName: check,
            result: problem == nil ? .passed : .failed, issues: problem.map { [$0] } ?? []
        )
    }
}

extension SectionGrade {
    /// This grade with the outcomes of the learner-test checks added.
    func adding(_ learnerOutcomes: [TestOutcome]) -> SectionGrade {
        guard !learnerOutcomes.isEmpty else { return self }
        return SectionGrade(section: section, outcomes: outcomes + learnerOutcomes, compilerErrors: compilerErrors, buildFailed: buildFailed)
    }
}
