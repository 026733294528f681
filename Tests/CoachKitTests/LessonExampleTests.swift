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
}
