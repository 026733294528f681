import Testing

@testable import CoachKit

/// Golden text of `coach check N` for each way a section's grading can end.
@Suite("coach check output")
struct CheckReportTests {
    let plain = TerminalStyle(usesColor: false)

    func report(_ results: [String: TestOutcome.Result], compilerErrors: [CompilerDiagnostic] = []) throws -> [String] {
        let workbench = try WorkbenchFixture.make()
        var run = WorkbenchFixture.run(results)
        if !compilerErrors.isEmpty {
            run.build = .exited(1)
            run.compilerErrors = compilerErrors
        }
        let grade = SectionGrade(section: workbench.course.sections[0], run: run, workbench: workbench)
        return CheckReport(grade: grade, timeLimit: .seconds(60)).render(style: plain)
    }

    @Test("a passing section lists its checks and points at the solution and the next section")
    func passing() throws {
        #expect(
            try report(["adds numbers": .passed, "names things": .passed, "copes with zero": .passed]).joined(
                separator: "\n") == """
                      ✓ adds numbers
                      ✓ names things
                      ✓ copes with zero

                    Section 1 passed: 3/3 checks pass. `coach solution 1` shows the reference solution; `coach next` says what comes next.
                    """)
    }

    @Test("a failing section shows what was expected and found under each failing check")
    func failing() throws {
        #expect(
            try report(["adds numbers": .passed, "names things": .passed, "copes with zero": .failed]).joined(
                separator: "\n") == """
                      ✓ adds numbers
                      ✓ names things
                      ✗ copes with zero
                          Expectation failed
                          expected 1, found 0

                    Section 1 failed: 2/3 checks pass. Stuck? `coach hint 1` shows the next hint.
                    """)
    }

    @Test("a crash names the check that crashed while the others still report")
    func crashing() throws {
        #expect(
            try report(["adds numbers": .passed, "names things": .crashed, "copes with zero": .failed]).joined(
                separator: "\n") == """
                      ✓ adds numbers
                      ✗ names things  (crashed the test process)
                      ✗ copes with zero
                          Expectation failed
                          expected 1, found 0

                    Section 1 crashed in "names things"; the other checks still ran: 1/3 checks pass. A fatalError, a force unwrap of nil or an out-of-range index stops the test process.
                    """)
    }

    @Test("a hang names the check that timed out and the limit")
    func hanging() throws {
        let lines = try report(["adds numbers": .passed, "names things": .passed, "copes with zero": .timedOut])
        #expect(
            lines.last
                == #"Section 1 timed out in "copes with zero" after 60 s (`--timeout` changes the limit); 2/3 checks pass. Look for a loop that never ends."#
        )
        #expect(lines.contains("  ✗ copes with zero  (timed out)"))
    }

    @Test("a section that does not compile shows the compiler's lines and no checks")
    func notCompiling() throws {
        let error = CompilerDiagnostic(
            path: "Exercises/Section1Basics/Answer.swift", line: 7, column: 3,
            message: "missing return in global function expected to return 'Int'")
        #expect(
            try report([:], compilerErrors: [error]).joined(separator: "\n") == """
                Exercises/Section1Basics/Answer.swift:7:3: error: missing return in global function expected to return 'Int'

                Section 1 does not compile: 1 error. Fix it and run `coach check 1` again.
                """)
    }
}
