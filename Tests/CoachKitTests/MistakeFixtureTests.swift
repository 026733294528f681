import Foundation
import Testing

@testable import CoachKit

@Suite("Known-mistake fixtures as diffs")
struct MistakeFixtureTests {
    static let solution = """
        import Foundation

        /// Adds two numbers.
        func add(_ a: Int, _ b: Int) -> Int {
            a + b
        }

        /// Halves a number.
        func half(_ n: Int) -> Int {
            n / 2
        }

        """

    static let diff = """
        --- Solutions/Section1Basics/Answer.swift
        +++ course/mistakes/Section1Basics/forgets-zero/Answer.swift
        @@ -2,6 +2,6 @@
         
         /// Adds two numbers.
         func add(_ a: Int, _ b: Int) -> Int {
        -    a + b
        +    a - b
         }
         
        @@ -10,2 +10,3 @@
             n / 2
         }
        +let extra = 1

        """

    @Test("a diff replaces, keeps and adds lines where its hunks say")
    func appliesHunks() throws {
        let result = try UnifiedDiff(Self.diff).applied(to: Self.solution)
        let expected = Self.solution.replacingOccurrences(of: "    a + b", with: "    a - b") + "let extra = 1\n"
        #expect(result == expected, "expected the patched file, found:\n\(result)")
    }

    @Test("a diff made against an older solution is refused, naming the line that changed")
    func refusesStaleDiff() throws {
        let changed = Self.solution.replacingOccurrences(of: "/// Adds two numbers.", with: "/// Sums two numbers.")
        #expect(
            throws: UnifiedDiff.Problem.mismatch(
                line: 3, expected: "/// Adds two numbers.", found: "/// Sums two numbers.")
        ) {
            try UnifiedDiff(Self.diff).applied(to: changed)
        }
    }

    @Test("text without a hunk is not a diff")
    func refusesTextWithoutHunks() {
        #expect(throws: UnifiedDiff.Problem.noHunks) { try UnifiedDiff("func add() {}\n") }
    }

    @Test("staging applies a .diff fixture to the solution's file of the same name")
    func stagesDiffFixture() throws {
        let workbench = try WorkbenchFixture.make()
        let solution = workbench.root.appending(path: "Solutions/Section1Basics/Answer.swift")
        try Data(Self.solution.utf8).write(to: solution)
        let fixtures = workbench.root.appending(path: "course/mistakes/Section1Basics/forgets-zero")
        try FileManager.default.removeItem(at: fixtures.appending(path: "Answer.swift"))
        try Data(Self.diff.utf8).write(to: fixtures.appending(path: "Answer.swift.diff"))

        let section = try #require(workbench.course.sections.first)
        let staged = try VariantStage(workbench: workbench).stage(try #require(section.mistakes.first), of: section)
        let folder = workbench.root.appending(path: staged)
        let answer = try String(contentsOf: folder.appending(path: "Answer.swift"), encoding: .utf8)
        #expect(
            answer.contains("    a - b"), "expected the staged Answer.swift to carry the mistake, found:\n\(answer)")
        #expect(
            !FileManager.default.fileExists(atPath: folder.appending(path: "Answer.swift.diff").path),
            "expected no .diff file in the staged folder")
        #expect(
            FileManager.default.fileExists(atPath: folder.appending(path: "Types.swift").path),
            "expected the solution's other files staged too")
    }

    @Test("the audit reports a diff that no longer applies, with the command that regenerates it")
    func auditReportsStaleDiff() throws {
        let workbench = try WorkbenchFixture.make()
        let fixtures = workbench.root.appending(path: "course/mistakes/Section1Basics/forgets-zero")
        try FileManager.default.removeItem(at: fixtures.appending(path: "Answer.swift"))
        try Data(Self.diff.utf8).write(to: fixtures.appending(path: "Answer.swift.diff"))
        let messages = CourseAudit(workbench: workbench).problems().map(\.message)
        #expect(messages.count == 1, "expected one problem, found \(messages)")
        let message = try #require(messages.first)
        #expect(
            message.contains("does not apply to Solutions/Section1Basics/Answer.swift"),
            "expected the stale diff named, found: \(message)")
        #expect(
            message.contains("diff -u Solutions/Section1Basics/Answer.swift"),
            "expected the regenerate command, found: \(message)")
    }
}
