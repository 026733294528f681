import Foundation
import Testing

@testable import CoachKit

@Suite("Hint tiers")
struct HintTierTests {
    @Test("the fixture's three levels, shown the same in its lesson, break no rule")
    func consistentHints() throws {
        let workbench = try WorkbenchFixture.make()
        let messages = CourseAudit(workbench: workbench).problems().map(\.message)
        #expect(!messages.contains { $0.contains("hint") })
    }

    @Test("a first level that shows code is reported")
    func codeInTheNudge() {
        let problems = HintTiers.problems(hints: ["use `min`", "b", "c"], lesson: nil, lessonPath: "l.md")
        #expect(
            problems == [
                "hint level 1 shows code; the first level is a nudge in words only (no `…` span, no code block)"
            ])
    }

    @Test("two levels instead of three are reported")
    func twoLevels() {
        let problems = HintTiers.problems(hints: ["a", "b"], lesson: nil, lessonPath: "l.md")
        #expect(problems == ["has 2 hint level(s); it needs 3: a nudge without code, the approach, a near-solution"])
    }

    @Test("a lesson whose hints differ from course.json's, or that has none, is reported")
    func lessonDiffers() throws {
        let workbench = try WorkbenchFixture.make()
        let lesson = workbench.root.appending(path: "course/01/lesson.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "the `approach`", with: "another approach").utf8).write(to: lesson)
        #expect(
            CourseAudit(workbench: workbench).problems().map(\.message) == [
                "hint level 2 in course/01/lesson.md differs from course.json's; course.json is the source, copy it into the lesson"
            ])
        try Data("# Lesson".utf8).write(to: lesson)
        #expect(
            CourseAudit(workbench: workbench).problems().map(\.message) == [
                "course/01/lesson.md has no \"## Hints\" section showing course.json's 3 hint level(s)"
            ])
    }
}
