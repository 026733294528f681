import Foundation
import Testing

@testable import CoachKit

@Suite("coach new-section's skeleton")
struct SectionScaffoldTests {
    static let manifest = """
        let courseSections: [CourseSection] = [
            CourseSection(name: "Section1Basics", dependencies: []),
        ]
        """

    /// The fixture workbench with a manifest that lists its section.
    func workbench() throws -> Workbench {
        let workbench = try WorkbenchFixture.make()
        try Data(Self.manifest.utf8).write(to: workbench.root.appending(path: "Package.swift"))
        return workbench
    }

    @Test("names the target, the lesson folder and the exercise file after the number and the title")
    func names() throws {
        let scaffold = try SectionScaffold(number: 15, title: "Offline sync, part 2", workbench: try workbench())

        #expect(scaffold.target == "Section15OfflineSyncPart2")
        #expect(scaffold.lessonFolder == "15-offline-sync-part-2")
        #expect(
            scaffold.files.keys.sorted() == [
                "Exercises/Section15OfflineSyncPart2/OfflineSyncPart2.swift",
                "Solutions/Section15OfflineSyncPart2/OfflineSyncPart2.swift",
                "Tests/Section15OfflineSyncPart2Tests/Section15OfflineSyncPart2Checks.swift",
                "course/15-offline-sync-part-2/lesson.md",
            ])
    }

    @Test("writes a section course.json accepts, with the manifest's line, and the audit finds nothing missing")
    func writesARegisteredSection() throws {
        let workbench = try workbench()

        let written = try SectionScaffold(number: 2, title: "Example", workbench: workbench).write()

        #expect(written.contains("course/course.json") && written.contains("Package.swift"))
        let reopened = try Workbench(root: workbench.root)
        let section = try #require(reopened.course.section(numbered: 2))
        #expect(section.target == "Section2Example")
        #expect(section.checkNames == ["the placeholder answer is 42"])
        #expect(section.hints.count == 3)
        let manifest = try String(contentsOf: workbench.root.appending(path: "Package.swift"), encoding: .utf8)
        #expect(
            manifest.contains(
                #"    CourseSection(name: "Section2Example", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),"#
            ))
        let problems = CourseAudit(workbench: reopened).problems().filter {
            $0.area.hasPrefix("Section 2") || $0.area == "Package.swift"
        }
        #expect(problems.isEmpty, "\(problems.map(\.description))")
    }

    @Test("the starter fails the check the reference passes: they differ only in the marked body")
    func starterAndReference() throws {
        let scaffold = try SectionScaffold(number: 15, title: "Example", workbench: try workbench())

        let starter = try #require(scaffold.files["Exercises/Section15Example/Example.swift"])
        let reference = try #require(scaffold.files["Solutions/Section15Example/Example.swift"])

        #expect(starter.contains("// TODO:") && !reference.contains("// TODO:"))
        #expect(starter.contains("    0\n") && reference.contains("    42\n"))
        #expect(
            try #require(scaffold.files["Tests/Section15ExampleTests/Section15ExampleChecks.swift"])
                .contains(#"@Test("the placeholder answer is 42")"#))
    }

    @Test("a number or a target the course has is refused, and so is a title without letters")
    func refusals() throws {
        let workbench = try workbench()

        #expect(throws: SectionScaffold.Problem.self) {
            try SectionScaffold(number: 1, title: "Again", workbench: workbench)
        }
        #expect(throws: SectionScaffold.Problem.self) {
            try SectionScaffold(number: 7, title: "!!", workbench: workbench)
        }
    }
}
