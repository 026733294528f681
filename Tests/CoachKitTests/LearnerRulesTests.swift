import Foundation
import Testing

@testable import CoachKit

/// The rules coach's commands apply, tested without running coach: which section a command without a
/// number works on, when a solution unlocks, `coach watch`'s short report and `coach grade`'s result line.
@Suite("The rules behind coach's commands")
struct LearnerRulesTests {
    let plain = TerminalStyle(usesColor: false)
    static let allPass: [String: TestOutcome.Result] = [
        "adds numbers": .passed, "names things": .passed, "copes with zero": .passed,
    ]

    func grade(_ results: [String: TestOutcome.Result], section index: Int = 0, in workbench: Workbench) -> SectionGrade
    {
        SectionGrade(
            section: workbench.course.sections[index], outcomes: WorkbenchFixture.run(results).outcomes,
            compilerErrors: [],
            buildFailed: false
        )
    }

    // MARK: The section to work on

    @Test("without a number, a command works on the first section not yet complete")
    func firstIncomplete() throws {
        let workbench = try WorkbenchFixture.make(course: WorkbenchFixture.twoSectionCourse)
        var progress = Progress()
        progress.store(grade(Self.allPass, in: workbench), fingerprint: "a", on: .exercises)

        let section = progress.sectionToWorkOn(in: workbench.course, on: .exercises)

        #expect(section?.number == 2)
    }

    @Test("once every section is complete, a command without a number works on the last one")
    func lastWhenAllComplete() throws {
        let workbench = try WorkbenchFixture.make(course: WorkbenchFixture.twoSectionCourse)
        var progress = Progress()
        progress.store(grade(Self.allPass, in: workbench), fingerprint: "a", on: .exercises)
        progress.store(grade(["adds more": .passed], section: 1, in: workbench), fingerprint: "b", on: .exercises)

        #expect(progress.sectionToWorkOn(in: workbench.course, on: .exercises)?.number == 2)
        #expect(progress.sectionToWorkOn(in: workbench.course, on: .solutions)?.number == 1)
    }

    // MARK: Unlocking a solution

    func unlock(_ results: [String: TestOutcome.Result]?, gradedFingerprint: String = "now", current: String = "now")
        throws
        -> (SolutionUnlock, Course.Section)
    {
        let workbench = try WorkbenchFixture.make()
        let section = workbench.course.sections[0]
        var progress = Progress()
        if let results { progress.store(grade(results, in: workbench), fingerprint: gradedFingerprint, on: .exercises) }
        let record = progress.record(of: section, on: .exercises)
        return (SolutionUnlock(section: section, record: record, currentFingerprint: current), section)
    }

    @Test("a solution unlocks once every check passes on the files as they are")
    func unlocksWhenComplete() throws {
        let (unlock, section) = try unlock(Self.allPass)

        #expect(unlock == .unlocked)
        #expect(unlock.refusal(for: section) == nil)
    }

    @Test("a section never graded keeps its solution locked, and coach says how to grade it")
    func lockedWhenNotGraded() throws {
        let (unlock, section) = try unlock(nil)

        #expect(unlock == .notGraded)
        #expect(
            unlock.refusal(for: section) == """
                The solution of Section 1 unlocks once all its checks pass on your exercise (it has not been graded yet). \
                Run `coach check 1`; stuck? `coach hint 1`.
                """)
    }

    @Test("a partial grade keeps the solution locked and says how many checks pass")
    func lockedWhenPartial() throws {
        let (unlock, section) = try unlock([
            "adds numbers": .passed, "names things": .passed, "copes with zero": .failed,
        ])

        #expect(unlock == .locked(passed: 2, total: 3, changedSince: false))
        #expect(unlock.refusal(for: section)?.contains("(2/3 checks pass)") == true)
    }

    @Test("a complete grade of files changed since does not unlock: the files must be graded again")
    func lockedWhenChangedSince() throws {
        let (unlock, section) = try unlock(Self.allPass, gradedFingerprint: "before", current: "after")

        #expect(unlock == .locked(passed: 3, total: 3, changedSince: true))
        #expect(unlock.refusal(for: section)?.contains("(3/3 checks pass, and files changed since)") == true)
    }

    // MARK: coach watch's short report

    @Test("coach watch shows the count, the verdict and only the first failing check with its first issue")
    func compactFailing() throws {
        let workbench = try WorkbenchFixture.make()
        let report = CheckReport(
            grade: grade(
                ["adds numbers": .passed, "names things": .failed, "copes with zero": .failed], in: workbench),
            timeLimit: .seconds(60)
        )

        #expect(
            report.renderCompact(style: plain) == [
                "1/3 checks pass (failed).",
                "✗ names things",
                "    Expectation failed",
                "    expected 1, found 0",
            ])
    }

    @Test("coach watch names a crash on the check that crashed")
    func compactCrash() throws {
        let workbench = try WorkbenchFixture.make()
        let report = CheckReport(
            grade: grade(
                ["adds numbers": .crashed, "names things": .passed, "copes with zero": .passed], in: workbench),
            timeLimit: .seconds(60)
        )

        #expect(
            report.renderCompact(style: plain).prefix(2) == [
                "2/3 checks pass (crashed).", "✗ adds numbers  (crashed the test process)",
            ])
    }

    @Test("coach watch shows the whole report of a passing section")
    func compactPassing() throws {
        let workbench = try WorkbenchFixture.make()
        let report = CheckReport(grade: grade(Self.allPass, in: workbench), timeLimit: .seconds(60))

        #expect(report.renderCompact(style: plain) == report.render(style: plain))
    }

    // MARK: coach grade's result line

    func learner(_ name: String, _ results: [String: TestOutcome.Result], in workbench: Workbench) -> LearnerResult {
        LearnerResult(
            submission: Submission(learner: name, source: "/s/\(name)"), grades: [grade(results, in: workbench)],
            intake: nil)
    }

    @Test("a complete submission's line has a tick, its points and how long it took")
    func resultLineComplete() throws {
        let workbench = try WorkbenchFixture.make()

        let line = learner("Ada", Self.allPass, in: workbench).resultLine(
            finished: 3, total: 40, seconds: 12.4, style: plain)

        #expect(line == "[3/40] ✓ Ada  3/3 points  (12 s)")
    }

    @Test("a submission's line lists tampering, forged results and places to review after its points")
    func resultLineProblems() throws {
        let workbench = try WorkbenchFixture.make()
        var result = learner("Grace", ["adds numbers": .passed], in: workbench)
        result.tampering = [TamperedFile(path: "Tests/Section1BasicsTests/Checks.swift", change: .changed)]
        result.forgedResults = ["adds numbers"]

        let line = result.resultLine(finished: 1, total: 2, seconds: nil, style: plain)

        #expect(
            line == "[1/2] ✗ Grace  1/3 points  tampering: 1 file(s) differ from the course's and were not used  "
                + "forged results: the checks they name score nothing")
    }

    @Test("a learner's name cannot move the cursor or colour the line")
    func resultLineEscapes() throws {
        let workbench = try WorkbenchFixture.make()

        let line = learner("Eve\u{1B}[2J", Self.allPass, in: workbench).resultLine(
            finished: 1, total: 1, seconds: nil, style: plain)

        #expect(!line.contains("\u{1B}"))
    }
}
