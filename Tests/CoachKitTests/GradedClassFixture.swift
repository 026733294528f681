import Foundation

@testable import CoachKit

/// A class graded on the real course's first two sections, of the variety a real class hands in: the
/// reference, the starter, a partial solution, a section that does not compile, a forger, a tamperer and
/// a submission that could not be read. The results are made, not graded (grading them takes minutes),
/// with the course's real check names and messages of the kinds grading writes.
enum GradedClassFixture {
    /// The workbench this checkout is.
    static let root = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The name of the forger: markup a page must show as text.
    static let scriptName = "<script>alert(1)</script>"
    /// The name of the tamperer: a spreadsheet formula a page must show as text.
    static let formulaName = "=HYPERLINK(\"https://example.com\",\"x\")"

    /// The course's first two sections.
    static func course() throws -> Course {
        var course = try Workbench(root: root).course
        course.sections = Array(course.sections.prefix(2))
        return course
    }

    /// The results of the class, graded on `course`.
    static func learners(in course: Course) -> [LearnerResult] {
        let first = course.sections[0]
        let second = course.sections[1]
        let checks1 = first.checkNames
        let checks2 = second.checkNames
        let partial1 = Set(checks1.suffix(3))
        let partial2 = Set(checks2.prefix(2))
        let allFailing = [grade(first, failing: Set(checks1)), grade(second, failing: Set(checks2))]
        let compileError = CompilerDiagnostic(
            path: "Exercises/\(second.target)/Settings.swift", line: 12, column: 9,
            message: "cannot find 'theme' in scope"
        )
        let notCounted = "Not counted: a record without the grading harness's seal; it scores nothing."
        let readsProc = ReviewNote(
            path: "Exercises/\(first.target)/StorageAdvisor.swift", line: 3, concern: "reads /proc",
            excerpt: "\"/proc/self/fd\""
        )
        let blocked = course.sections.map {
            SectionGrade(section: $0, outcomes: [], compilerErrors: [], buildFailed: true)
        }
        return [
            result("Ada Reference", [grade(first, failing: []), grade(second, failing: [])]),
            result("Bo Starter", allFailing, notStarted: [1, 2]),
            result("Cy Partial", [grade(first, failing: partial1), grade(second, failing: partial2)]),
            result(
                "Di Broken",
                [
                    grade(first, failing: []),
                    SectionGrade(section: second, outcomes: [], compilerErrors: [compileError], buildFailed: true),
                ]),
            result(
                scriptName, [grade(first, failing: Set(checks1), message: notCounted), allFailing[1]],
                forged: ["a record without the grading harness's seal names \"\(checks1[0])\""], review: [readsProc]
            ),
            result(
                formulaName, [grade(first, failing: Set(checks1.prefix(4))), allFailing[1]], notStarted: [2],
                tampering: [TamperedFile(path: "Tests/\(first.testTarget)/Checks.swift", change: .changed)]
            ),
            LearnerResult(
                submission: Submission(learner: "Ed Unreadable", source: "ed.zip"), grades: blocked, intake: nil,
                problem: "the archive does not unpack"
            ),
        ]
    }

    /// The grade of `section` where the checks in `failing` failed with `message` and the rest passed.
    static func grade(_ section: Course.Section, failing: Set<String>, message: String? = nil) -> SectionGrade {
        let outcomes = section.checkNames.enumerated().map { index, name in
            let failed = failing.contains(name)
            let issue =
                message
                ?? (index % 2 == 0
                    ? "Expectation failed: (advice.place → .preferences) == .vault\nThe lesson asks about sensitivity."
                    : "Expectation failed: (reason.isEmpty → true) == false")
            return TestOutcome(
                id: "\(section.testTarget).Checks/check\(index)()", displayName: name,
                result: failed ? .failed : .passed, issues: failed ? [issue] : []
            )
        }
        return SectionGrade(section: section, outcomes: outcomes, compilerErrors: [], buildFailed: false)
    }

    /// The result of `learner` from `grades`.
    static func result(
        _ learner: String, _ grades: [SectionGrade], notStarted: [Int] = [], forged: [String] = [],
        review: [ReviewNote] = [], tampering: [TamperedFile] = []
    ) -> LearnerResult {
        var result = LearnerResult(
            submission: Submission(learner: learner, source: learner), grades: grades, intake: nil,
            forgedResults: forged, reviewNotes: review
        )
        result.tampering = tampering
        result.sectionsNotStarted = notStarted
        return result
    }

    /// Writes the class's gradebook folder as `coach grade` does: the gradebook, the class page, the lessons
    /// and each learner's feedback pages, in a new temporary folder.
    static func writeFolder(previous: Gradebook? = nil) throws -> (folder: URL, gradebook: Gradebook) {
        let course = try course()
        let folder = FileManager.default.temporaryDirectory.appending(path: "coach-class-page-\(UUID().uuidString)")
        let gradebook = Gradebook(course: course, learners: learners(in: course))
        for result in gradebook.learners {
            let learnerFolder = folder.appending(path: Gradebook.learnersFolder)
                .appending(path: Submission(learner: result.learner, source: result.submission).folderName)
            try FileManager.default.createDirectory(at: learnerFolder, withIntermediateDirectories: true)
            try LearnerFeedback(result: result, course: course).write(into: learnerFolder)
        }
        try Gradebook.copyLessons(of: course, from: Workbench(root: root), to: folder)
        try gradebook.write(to: folder, previous: previous)
        return (folder, gradebook)
    }
}
