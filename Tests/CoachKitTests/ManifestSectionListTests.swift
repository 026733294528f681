import Foundation
import Testing

@testable import CoachKit

@Suite("The manifest's section list against course.json")
struct ManifestSectionListTests {
    static let manifest = """
        let courseSections: [CourseSection] = [
            CourseSection(name: "Section1Basics", dependencies: []),
        ]
        let learnerTestTargets: [LearnerTestTarget] = []
        """

    static func problems(manifest: String, course: String = WorkbenchFixture.courseJSON) throws -> [String] {
        let workbench = try WorkbenchFixture.make(course: course)
        return ManifestSectionList(manifest: manifest).problems(comparedWith: workbench.course).map(\.description)
    }

    @Test("a manifest that builds exactly course.json's sections agrees with it")
    func agreeing() throws {
        #expect(try Self.problems(manifest: Self.manifest).isEmpty)
    }

    @Test("a section course.json lists but the manifest does not build is reported with the line to add")
    func missingFromTheManifest() throws {
        let problems = try Self.problems(manifest: Self.manifest, course: WorkbenchFixture.twoSectionCourse)
        #expect(
            problems == [
                "Package.swift: course.json lists the section Section2More, which the manifest does not build; add `CourseSection(name: \"Section2More\", dependencies: [\"PersistenceCore\"]),` to courseSections"
            ])
    }

    @Test("a section the manifest builds but course.json does not list is reported")
    func missingFromCourseJSON() throws {
        let manifest = Self.manifest.replacingOccurrences(
            of: "dependencies: []),",
            with: "dependencies: []),\n    CourseSection(name: \"Section9Extra\", dependencies: []),"
        )
        let problems = try Self.problems(manifest: manifest)
        #expect(
            problems == [
                "Package.swift: the manifest builds the section Section9Extra, which course.json does not list; add its entry to course.json or remove it from courseSections"
            ])
    }

    @Test("the same sections in another order are reported")
    func otherOrder() throws {
        let manifest = """
            CourseSection(name: "Section2More", dependencies: []),
            CourseSection(name: "Section1Basics", dependencies: []),
            """
        let problems = try Self.problems(manifest: manifest, course: WorkbenchFixture.twoSectionCourse)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("in another order than course.json (Section1Basics, Section2More)") == true)
    }

    @Test("learner tests built without course.json naming them are reported")
    func learnerTestsDisagree() throws {
        let manifest = Self.manifest + "\nLearnerTestTarget(name: \"Section1OwnTests\", section: \"Section1Basics\"),"
        let problems = try Self.problems(manifest: manifest)
        #expect(
            problems == [
                "Package.swift: the manifest builds the learner tests Section1OwnTests of Section1Basics, which course.json does not list under that section's learnerTests"
            ])
    }

    @Test("the workbench's own manifest builds exactly the sections its course.json lists")
    func theWorkbenchAgrees() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let workbench = try Workbench(root: root)
        let manifest = try String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8)
        let list = ManifestSectionList(manifest: manifest)
        #expect(list.sections == workbench.course.sections.map(\.target))
        #expect(list.problems(comparedWith: workbench.course).isEmpty)
    }
}
