import Testing

@testable import CoachKit

@Suite("Text from tests and course.json is printed inert")
struct TerminalEscapingTests {
    let plain = TerminalStyle(usesColor: false)

    @Test("control characters are shown as visible text; tabs, and line feeds when asked, stay")
    func escapesControlCharacters() {
        #expect("\u{1B}[2J\u{1B}]0;owned\u{07}".escapedForTerminal() == "^[[2J^[]0;owned^G")
        #expect("over\rwrite\u{7F}\u{9B}31m".escapedForTerminal() == "over^Mwrite^?\\u{9B}31m")
        #expect("a\tb\nc".escapedForTerminal() == "a\tb^Jc")
        #expect("a\tb\nc".escapedForTerminal(keepingLineBreaks: true) == "a\tb\nc")
        #expect("crlf\r\n".escapedForTerminal(keepingLineBreaks: true) == "crlf^M\n")
        #expect("Café ✓ 漢字".escapedForTerminal() == "Café ✓ 漢字")
    }

    @Test("a check report shows the escape sequences in a check's name and a test's issue as text")
    func checkReportEscapes() throws {
        let course = WorkbenchFixture.course(replacing: #""copes with zero""#, with: #""copes with \u001b[2Jzero""#)
            .replacingOccurrences(of: #"["copes with zero"]"#, with: #"["copes with \u001b[2Jzero"]"#)
        let workbench = try WorkbenchFixture.make(course: course)
        let section = workbench.course.sections[0]
        let hostile = TestOutcome(
            id: "Section1BasicsTests.zero()", displayName: "copes with \u{1B}[2Jzero", result: .failed,
            issues: ["Expectation failed\n\u{1B}[1A\u{1B}[2K✓ all checks pass\r"]
        )
        let grade = SectionGrade(section: section, outcomes: [hostile], compilerErrors: [], buildFailed: false)
        let lines = CheckReport(grade: grade, timeLimit: .seconds(60)).render(style: plain)

        #expect(!lines.contains { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
        #expect(lines.contains("  ✗ copes with ^[[2Jzero"))
        #expect(lines.contains("      ^[[1A^[[2K✓ all checks pass^M"))
    }

    @Test("status shows the escape sequences in course.json's titles and items as text")
    func statusReportEscapes() throws {
        let course = WorkbenchFixture.course(
            replacing: #""title": "Basics""#, with: #""title": "Basics\u001b]0;pwned\u0007""#
        )
        .replacingOccurrences(of: "Knows the basics.", with: #"Knows \u001b[8mthe basics."#)
        let workbench = try WorkbenchFixture.make(course: course)
        let run = WorkbenchFixture.run(["adds numbers": .passed, "names things": .failed, "copes with zero": .passed])
        let grade = SectionGrade(section: workbench.course.sections[0], run: run, workbench: workbench)
        let lines = StatusReport(track: .exercises, grades: [grade]).render(style: plain)

        #expect(!lines.contains { $0.unicodeScalars.contains { $0.value < 0x20 } })
        #expect(lines.contains { $0.hasPrefix("Section 1  Basics^[]0;pwned^G  ") })
        #expect(lines.contains("  ✗ Knows ^[[8mthe basics."))
    }
}
