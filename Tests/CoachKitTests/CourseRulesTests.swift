import Foundation
import Testing

@testable import CoachKit

@Suite("The rules course.json must follow")
struct CourseRulesTests {
    typealias Fixture = WorkbenchFixture

    @Test("a course with no sections is refused, naming course/course.json")
    func noSections() throws {
        let error = #expect(throws: CoachError.self) {
            try Fixture.make(course: #"{"title": "Empty", "sections": []}"#)
        }
        #expect(error?.description.hasPrefix("Invalid course: the course has no sections") == true)
        #expect(error?.description.contains("— while loading course/course.json") == true)
    }

    @Test(
        "a lesson path that leads outside course/ is refused on loading, naming the section and the path",
        arguments: [
            "../../etc/passwd", "/etc/passwd", "course/../../secret.md", "Package.swift",
        ])
    func lessonOutsideCourseFolder(path: String) throws {
        let course = Fixture.course(replacing: #""lesson": "course/01/lesson.md""#, with: #""lesson": "\#(path)""#)
        let error = #expect(throws: CoachError.self) { try Fixture.make(course: course) }
        #expect(error?.description.contains("Section 1: the lesson path \(path) leads outside course/") == true)
    }

    @Test("the audit reports a lesson path outside course/, and the lesson is never opened")
    func auditRefusesLessonOutside() throws {
        let course = Fixture.course(
            replacing: #""lesson": "course/01/lesson.md""#, with: #""lesson": "../../etc/passwd""#)
        let workbench = try Fixture.make(course: course, validating: false)
        let problems = CourseAudit(workbench: workbench).problems().map(\.description)
        #expect(
            problems.contains(
                "Section 1 metadata: the lesson path ../../etc/passwd leads outside course/; lessons lie in course/"))
        #expect(!problems.contains { $0.contains("does not exist") })
        #expect(throws: CoachError.self) { try workbench.lessonFile(of: workbench.course.sections[0]) }
    }

    @Test("a lesson path inside course/ is read from the workbench root")
    func lessonInsideCourseFolder() throws {
        let workbench = try Fixture.make()
        #expect(
            try workbench.lessonFile(of: workbench.course.sections[0])
                == workbench.root.appending(path: "course/01/lesson.md"))
    }

    @Test("a repeated section number is refused on loading and reported by the audit")
    func repeatedSectionNumbers() throws {
        let start = try #require(Fixture.courseJSON.range(of: "    {\n      \"number\": 1")).lowerBound
        let end = try #require(Fixture.courseJSON.range(of: "\n  ]\n}")).lowerBound
        let section = String(Fixture.courseJSON[start..<end])
        let copy =
            section
            .replacingOccurrences(of: "Section1Basics", with: "Section1Again")
            .replacingOccurrences(of: #""title": "Basics""#, with: #""title": "Again""#)
        let course = Fixture.courseJSON.replacingCharacters(in: start..<end, with: section + ",\n" + copy)
        let message = #"section number 1 is used by 2 sections ("Basics", "Again"); each needs its own"#

        let error = #expect(throws: CoachError.self) { try Fixture.make(course: course) }
        #expect(error?.description.contains(message) == true)
        let workbench = try Fixture.make(course: course, validating: false)
        #expect(CourseAudit(workbench: workbench).problems().map(\.description).contains("course metadata: " + message))
    }

    @Test(
        "an exercise file that escapes the section's folder is refused, reported and never read",
        arguments: [
            "../Section2Other/Answer.swift", "/etc/passwd", "Sub/../../Answer.swift",
        ])
    func exerciseFileOutsideFolder(path: String) throws {
        let course = Fixture.course(replacing: #""files": ["Answer.swift"]"#, with: #""files": ["\#(path)"]"#)
        let message =
            "the exercise file \(path) leads outside the section's folder; name it relative to Section1Basics/"

        let error = #expect(throws: CoachError.self) { try Fixture.make(course: course) }
        #expect(error?.description.contains("Section 1: " + message) == true)
        let workbench = try Fixture.make(course: course, validating: false)
        let section = workbench.course.sections[0]
        #expect(
            CourseAudit(workbench: workbench).problems().map(\.description).contains("Section 1 metadata: " + message))
        #expect(throws: CoachError.self) { try workbench.exerciseFile(path, of: section, on: .solutions) }
        #expect(throws: CoachError.self) { try StarterReset(workbench: workbench).reset(section) }
    }

    @Test("a known mistake whose id is not a plain name is refused before its folder is touched")
    func mistakeIdOutsideFolder() throws {
        let course = Fixture.course(replacing: #""id": "forgets-zero""#, with: #""id": "../../../..""#)
        let workbench = try Fixture.make(course: course, validating: false)
        let section = workbench.course.sections[0]
        #expect(
            CourseAudit(workbench: workbench).problems().map(\.description)
                .contains(#"Section 1 metadata: the known mistake id "../../../.." is not a plain folder name"#))
        #expect(throws: (any Error).self) {
            try VariantStage(workbench: workbench).stage(section.mistakes[0], of: section)
        }
        #expect(FileManager.default.fileExists(atPath: workbench.root.appending(path: "Package.swift").path))
    }

    @Test("a section's promises are read with the checks that guard them, and a course without them still loads")
    func promisesRead() throws {
        #expect(try Fixture.make().course.sections[0].promises.isEmpty)
        let course = Fixture.course(
            replacing: #""mistakes": ["#,
            with: #""promises": [{ "promise": "Zero is handled.", "checks": ["copes with zero"] }], "mistakes": ["#
        )
        let workbench = try Fixture.make(course: course)
        let promises = workbench.course.sections[0].promises
        #expect(promises == [Course.Promise(promise: "Zero is handled.", checks: ["copes with zero"])])
        #expect(!CourseAudit(workbench: workbench).problems().contains { $0.description.contains("promise") })
        let reread = try JSONDecoder().decode(Course.self, from: JSONEncoder().encode(workbench.course))
        #expect(reread.sections[0].promises == promises)
    }

    @Test("a promise that names no check, or a check no checkpoint item lists, is refused and reported by the audit")
    func promiseWithoutACheck() throws {
        let course = Fixture.course(
            replacing: #""mistakes": ["#,
            with: """
                "promises": [
                  { "promise": "Zero is handled.", "checks": [] },
                  { "promise": "Names are kept.", "checks": ["names things", "keeps names"] }
                ], "mistakes": [
                """)
        let messages = [
            #"the promise "Zero is handled." names no check; name the checks a submission breaking it fails"#,
            #"the promise "Names are kept." names "keeps names", which no checkpoint item lists; name one of the section's checks"#,
        ]
        let error = #expect(throws: CoachError.self) { try Fixture.make(course: course) }
        for message in messages {
            #expect(error?.description.contains("Section 1: " + message) == true)
        }
        let problems = CourseAudit(workbench: try Fixture.make(course: course, validating: false)).problems().map(
            \.description)
        #expect(messages.allSatisfy { problems.contains("Section 1 metadata: " + $0) })
        #expect(!problems.contains { $0.contains("names things") })
    }

    @Test("paths in course.json are read relative to their folder, never above it")
    func pathNormalization() {
        #expect(CoursePath.normalized("a/./b/../c.swift") == "a/c.swift")
        #expect(CoursePath.normalized("Answer.swift") == "Answer.swift")
        #expect(CoursePath.normalized("a/../../b") == nil)
        #expect(CoursePath.normalized("/abs") == nil)
        #expect(CoursePath.normalized("") == nil)
        #expect(CoursePath.normalized(".") == nil)
    }
}
