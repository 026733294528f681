import Foundation
import Testing

@testable import CoachKit

@Suite("The gradebook")
struct GradebookTests {
    static let pointsCourse = WorkbenchFixture.course(
        replacing: #""mistakes": ["#, with: #""points": { "copes with zero": 3 }, "mistakes": ["#
    )

    /// A learner whose checks ended as given, in the fixture's course.
    func result(
        _ learner: String, _ results: [String: TestOutcome.Result], workbench: Workbench, tampering: [TamperedFile] = []
    ) -> LearnerResult {
        let grade = SectionGrade(
            section: workbench.course.sections[0], run: WorkbenchFixture.run(results), workbench: workbench)
        var result = LearnerResult(
            submission: Submission(learner: learner, source: "/s/\(learner)"), grades: [grade], intake: nil)
        result.tampering = tampering
        return result
    }

    @Test("a row holds each section's points, the total, what the course is worth and the tampered files")
    func csvRows() throws {
        let workbench = try WorkbenchFixture.make(course: Self.pointsCourse)
        let gradebook = Gradebook(
            course: workbench.course,
            learners: [
                result(
                    "Zoe", ["adds numbers": .passed, "names things": .failed, "copes with zero": .passed],
                    workbench: workbench,
                    tampering: [TamperedFile(path: "Tests/Section1BasicsTests/Checks.swift", change: .changed)]),
                result(
                    "Ada, the first", ["adds numbers": .passed, "names things": .passed, "copes with zero": .failed],
                    workbench: workbench),
            ])
        #expect(
            gradebook.csv() == """
                learner,section 1,total,possible,tampered files,problem,review
                "Ada, the first",2,2,5,,,
                Zoe,4,4,5,Tests/Section1BasicsTests/Checks.swift (changed),,

                """)
    }

    @Test("points in course.json that name no check, or are out of range, are refused where the course is read")
    func pointsRules() throws {
        let unknown = WorkbenchFixture.course(
            replacing: #""mistakes": ["#, with: #""points": { "divides": 2, "adds numbers": 500 }, "mistakes": ["#)
        let error = #expect(throws: CoachError.self) { try WorkbenchFixture.make(course: unknown) }
        #expect(error?.description.contains(#""points" names "divides", which no checkpoint item lists"#) == true)
        #expect(
            error?.description.contains(#"the check "adds numbers" is worth 500 points; a check is worth 0 to 100"#)
                == true)
        #expect(try WorkbenchFixture.make(course: Self.pointsCourse).course.sections[0].possiblePoints == 5)
    }

    @Test("the gradebooks of shards merge into the gradebook of the whole class")
    func mergesShards() throws {
        let workbench = try WorkbenchFixture.make()
        let learners = ["Eve", "Ada", "Dan", "Bob", "Cy"].enumerated().map { index, name in
            result(
                name, ["adds numbers": .passed, "names things": index % 2 == 0 ? .passed : .failed],
                workbench: workbench)
        }
        let roster = try Roster(learners.map { Submission(learner: $0.learner, source: $0.submission) })
        let whole = Gradebook(course: workbench.course, learners: learners)
        let parts = try (1...2).map { index in
            let slice = Set(try Shard(parsing: "\(index)/2").slice(of: roster).map(\.learner))
            return Gradebook(course: workbench.course, learners: learners.filter { slice.contains($0.learner) })
        }
        let merged = try Gradebook.merging(parts.reversed())
        #expect(merged == whole)
        #expect(try merged.json() == whole.json())
        #expect(merged.csv() == whole.csv())
    }

    @Test("merging refuses a learner graded twice and gradebooks of different courses")
    func refusesBadMerges() throws {
        let workbench = try WorkbenchFixture.make()
        let ada = Gradebook(course: workbench.course, learners: [result("Ada", [:], workbench: workbench)])
        #expect(throws: GradebookError.self) { try Gradebook.merging([ada, ada]) }
        var other = ada
        other.sections[0].possiblePoints += 1
        other.learners = []
        #expect(throws: GradebookError.self) { try Gradebook.merging([ada, other]) }
    }

    @Test("a gradebook written to a folder reads back the same")
    func roundTrip() throws {
        let workbench = try WorkbenchFixture.make()
        let gradebook = Gradebook(
            course: workbench.course, learners: [result("Ada", ["adds numbers": .passed], workbench: workbench)])
        let folder = workbench.root.appending(path: "results")
        try gradebook.write(to: folder)
        #expect(try Gradebook.read(from: folder) == gradebook)
    }

    @Test("the feedback page shows each check with its points and message, and the first hint of an unfinished section")
    func feedback() throws {
        let workbench = try WorkbenchFixture.make(course: Self.pointsCourse)
        let learner = result(
            "Ada", ["adds numbers": .passed, "names things": .passed, "copes with zero": .failed], workbench: workbench)
        let markdown = LearnerFeedback(result: learner, course: workbench.course).markdown()
        #expect(markdown.contains("**2/5 points**"))
        #expect(markdown.contains("- ✓ adds numbers \\(1/1\\)"))
        #expect(
            markdown.contains(
                "- ✗ copes with zero \\(0/3\\)\n  ```text\n  Expectation failed\n  expected 1, found 0\n  ```"))
        #expect(markdown.contains("*Hint:* a nudge"))
        let html = LearnerFeedback(result: learner, course: workbench.course).html()
        #expect(
            html.contains(
                "<li><span class=\"fail\">✗</span> copes with zero (0/3)<div class=\"message\">Expectation failed\nexpected 1, found 0</div></li>"
            ))
    }
}
