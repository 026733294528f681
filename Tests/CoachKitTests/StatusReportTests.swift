import Testing

@testable import CoachKit

@Suite("coach status output")
struct StatusReportTests {
    @Test("a partly finished section shows its items, checks, progress and the next step")
    func partlyFinished() throws {
        let workbench = try WorkbenchFixture.make()
        let run = WorkbenchFixture.run(["adds numbers": .passed, "names things": .passed, "copes with zero": .failed])
        let report = StatusReport(
            track: .exercises,
            grades: [SectionGrade(section: workbench.course.sections[0], run: run, workbench: workbench)])
        #expect(
            report.render(style: TerminalStyle(usesColor: false)).joined(separator: "\n") == """
                Persistence Workbench · exercises track (Exercises/)

                Section 1  Basics  2/3 checks  █████████████░░░░░░░  66%
                  ✓ Knows the basics.
                      ✓ adds numbers
                      ✓ names things
                  ✗ Handles edge cases.
                      ✗ copes with zero

                Overall  2/3 checks  █████████████░░░░░░░  66%
                Next: Section 1 — read course/01/lesson.md, then edit Exercises/Section1Basics/Answer.swift.
                  First failing check: copes with zero
                  expected 1, found 0
                  Grade it with `coach check 1`; stuck? `coach hint 1`.
                """)
    }

    @Test("the compact report gives each section one line with its bar, then the next step")
    func compact() throws {
        let workbench = try WorkbenchFixture.make(course: WorkbenchFixture.twoSectionCourse)
        let sections = workbench.course.sections
        let run = WorkbenchFixture.run(["adds numbers": .passed, "names things": .passed, "copes with zero": .failed])
        var report = StatusReport(
            track: .exercises, sections: sections,
            standings: [
                SectionStanding(
                    grade: SectionGrade(section: sections[0], run: run, workbench: workbench), isStale: true),
                SectionStanding(grade: nil, isStale: false),
            ])
        report.detail = .compact
        #expect(
            report.render(style: TerminalStyle(usesColor: false)).joined(separator: "\n") == """
                Persistence Workbench · exercises track (Exercises/)

                 1  Basics       2/3     █████████████░░░░░░░  66%  stale
                 2  More basics  · not yet graded

                Overall  2/4 checks  ██████████░░░░░░░░░░  50%
                Next: Section 1 — read course/01/lesson.md, then edit Exercises/Section1Basics/Answer.swift.
                  First failing check: copes with zero
                  expected 1, found 0
                  Grade it with `coach check 1`; stuck? `coach hint 1`.
                `coach status N` lists the checks of section N; `coach status --all` lists every check.
                """)
        report.detail = .section(1)
        let detailed = report.render(style: TerminalStyle(usesColor: false))
        #expect(detailed.contains("      ✗ copes with zero"))
        #expect(detailed.contains(" 2  More basics  · not yet graded"))
    }

    @Test("a section that does not compile shows the compiler's errors instead of checks")
    func doesNotCompile() throws {
        let workbench = try WorkbenchFixture.make()
        var run = WorkbenchFixture.run([:])
        run.build = .exited(1)
        run.compilerErrors = [
            CompilerDiagnostic(
                path: "Exercises/Section1Basics/Answer.swift", line: 4, column: 9, message: "cannot find 'x' in scope")
        ]
        let report = StatusReport(
            track: .exercises,
            grades: [SectionGrade(section: workbench.course.sections[0], run: run, workbench: workbench)])
        let lines = report.render(style: TerminalStyle(usesColor: false))
        #expect(lines[2] == "Section 1  Basics  does not compile")
        #expect(lines.count > 3)
        #expect(lines[3] == "  Exercises/Section1Basics/Answer.swift:4:9: error: cannot find 'x' in scope")
    }

    @Test("colour codes appear only when the style asks for them")
    func colourOnlyWhenAsked() {
        #expect(TerminalStyle(usesColor: false).success("ok") == "ok")
        #expect(TerminalStyle(usesColor: true).success("ok") == "\u{1B}[32mok\u{1B}[0m")
        #expect(!TerminalStyle.forStandardOutput(noColorFlag: false, environment: ["NO_COLOR": "1"]).usesColor)
    }

    @Test("a stale section says so, and a section never graded shows a dot")
    func staleAndNeverGraded() throws {
        let workbench = try WorkbenchFixture.make()
        let section = workbench.course.sections[0]
        let grade = SectionGrade(
            section: section, run: WorkbenchFixture.run(["adds numbers": .passed]), workbench: workbench)
        let stale = StatusReport(
            track: .exercises, sections: [section], standings: [SectionStanding(grade: grade, isStale: true)])
        #expect(
            stale.render(style: TerminalStyle(usesColor: false))[3]
                == "  stale: files changed since this grade; run `coach status --refresh` or `coach check 1`")
        let never = StatusReport(
            track: .exercises, sections: [section], standings: [SectionStanding(grade: nil, isStale: false)])
        #expect(never.render(style: TerminalStyle(usesColor: false))[2] == "Section 1  Basics  · not yet graded")
    }
}
