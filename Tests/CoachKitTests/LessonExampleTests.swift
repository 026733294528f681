import Foundation
import Testing

@testable import CoachKit

@Suite("Lesson examples")
struct LessonExampleTests {
    @Test("every swift block is found with the lesson line its code starts on, and other blocks are skipped")
    func findsSwiftBlocks() throws {
        let lesson = """
            # A lesson

            ```swift
            let a = 1
            let b = 2
            ```

            ```sh
            swift run coach check 2
            ```

            ```swift
            print(a + b)
            ```
            """
        let examples = try LessonExample.examples(inLesson: lesson)
        #expect(examples.map(\.firstLine) == [4, 13])
        #expect(examples.map(\.lineCount) == [2, 1])
        #expect(examples.map(\.kind) == [.partOfLesson, .partOfLesson])
        #expect(examples[1].code == "print(a + b)")
    }

    @Test("the marker on the line above a block says how it is built")
    func readsMarkers() throws {
        let lesson = """
            <!-- example: on its own -->
            ```swift
            print(1)
            ```
            <!-- example: not run -->
            ```swift
            readLine()
            ```
            <!-- example: in its own scope -->
            ```swift
            let container = 1
            ```
            <!-- example: does not compile, "has no member 'titel'" -->
            ```swift
            note.titel
            ```
            <!-- example: keeps the lesson from running, "a gap" -->
            ```swift
            print(2)
            ```
            """
        let kinds = try LessonExample.examples(inLesson: lesson).map(\.kind)
        #expect(
            kinds == [
                .onItsOwn(runs: true), .onItsOwn(runs: false), .ownScope,
                .doesNotCompile(expectedError: "has no member 'titel'"), .stopsTheRun(reason: "a gap"),
            ])
    }

    @Test("an unknown marker and a block left open are reported with their lines")
    func reportsBadMarkup() {
        #expect(throws: LessonExampleSyntaxError.self) {
            try LessonExample.examples(inLesson: "text\n<!-- example: maybe -->\n```swift\nlet a = 1\n```")
        }
        do {
            _ = try LessonExample.examples(inLesson: "text\n```swift\nlet a = 1\n")
            Issue.record("a block left open was accepted")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test("a lesson's blocks make one program, and each block that must not compile one more with it last")
    func makesPrograms() throws {
        let lesson = """
            ```swift
            import LegacyFetching
            let shared = 1
            ```
            <!-- example: in its own scope -->
            ```swift
            let shared = 2
            ```
            <!-- example: does not compile, "cannot convert" -->
            ```swift
            let wrong: Int = "x"
            ```
            """
        let examples = try LessonExample.examples(inLesson: lesson)
        let url = URL(filePath: "/w/course/02-settings/lesson.md")
        let programs = LessonProgram.programs(of: examples, section: 2, lesson: url)

        #expect(programs.build.map(\.target) == ["LessonExamples02"])
        #expect(programs.mustFail.map(\.target) == ["LessonExamples02Fails3"])
        let source = programs.build[0].source
        #expect(source.hasPrefix("import PersistenceCore\nimport LegacyFetching\n"))
        #expect(
            source.contains("#sourceLocation(file: \"/w/course/02-settings/lesson.md\", line: 2)\n\nlet shared = 1"))
        #expect(
            source.contains(
                "do {\n#sourceLocation(file: \"/w/course/02-settings/lesson.md\", line: 7)\nlet shared = 2\n#sourceLocation()\n}"
            ))
        #expect(!source.contains("let wrong"))
        #expect(programs.mustFail[0].source.hasSuffix("let wrong: Int = \"x\"\n#sourceLocation()\n"))
    }

    @Test("a block that keeps the lesson from running leaves its program built but not run")
    func stopsTheRun() throws {
        let lesson = "<!-- example: keeps the lesson from running, \"a gap\" -->\n```swift\nprint(1)\n```"
        let examples = try LessonExample.examples(inLesson: lesson)
        let programs = LessonProgram.programs(of: examples, section: 4, lesson: URL(filePath: "/l.md"))
        #expect(programs.build.map(\.runs) == [false])
    }

    @Test(
        "in the build it shares with the solutions, only the errors in the lessons are the lessons'; a build that failed elsewhere names the solutions' build"
    )
    func sharedBuildErrors() throws {
        let workbench = try WorkbenchFixture.make()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let check = LessonExampleCheck(workbench: workbench, sections: workbench.course.sections)
        var staged = try check.stage()
        let lesson = workbench.root.appending(path: "course/01/lesson.md")
        staged.build = [
            LessonProgram(
                target: "LessonExamples01", sectionNumber: 1, lesson: lesson,
                blocks: [LessonExample(code: "let a = 1", firstLine: 3, kind: .partOfLesson)], runs: false)
        ]
        let log = workbench.logFolder.appending(path: "build-solutions.log")
        try FileManager.default.createDirectory(at: workbench.logFolder, withIntermediateDirectories: true)
        try Data(
            """
            \(lesson.path):3:9: error: cannot find 'b' in scope
            \(workbench.root.path)/Solutions/Section1Basics/Answer.swift:1:1: error: expected declaration
            """.utf8
        ).write(to: log)

        let shared = try check.prove(staged, built: .exited(1), log: log, shared: true)
        #expect(
            shared.problems.map(\.message) == [
                "a Swift block does not compile: course/01/lesson.md:3:9: error: cannot find 'b' in scope"
            ])
        #expect(
            check.isLessonError(
                CompilerDiagnostic(path: "course/01/lesson.md", line: 3, column: 9, message: "x"), in: staged))
        #expect(
            !check.isLessonError(
                CompilerDiagnostic(path: "Solutions/Section1Basics/Answer.swift", line: 1, column: 1, message: "x"),
                in: staged))

        try Data("\(workbench.root.path)/Solutions/Section1Basics/Answer.swift:1:1: error: expected declaration\n".utf8)
            .write(to: log)
        let elsewhere = try check.prove(staged, built: .exited(1), log: log, shared: true)
        #expect(elsewhere.problems.count == 1)
        #expect(elsewhere.problems.first?.message.contains("were not built: the solutions' build failed") == true)
        let own = try check.prove(staged, built: .exited(1), log: log)
        #expect(own.problems.count == 1 && own.problems.first?.message.contains("does not compile") == true)
    }
}
