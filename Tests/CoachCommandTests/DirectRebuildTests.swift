import CoreTestSupport
import Foundation
import Testing

/// `coach check` after an edit, on a real (tiny) workbench: the edited section is compiled and linked from
/// SwiftPM's plan without starting SwiftPM, and every other change goes through SwiftPM.
@Suite("coach check rebuilds an edited section without SwiftPM", .serialized)
struct DirectRebuildTests {
    typealias TinyWorkbench = TerminalSessionTests.TinyWorkbench

    /// Runs `coach check 1 --timings` in `folder` and returns its output.
    func check(in folder: URL) throws -> String {
        try FixtureWorkbench.runCoach(["check", "1", "--timings"], in: folder).output
    }

    @Test("an edit is graded from a direct rebuild; a new file or an edit that does not compile goes through SwiftPM")
    func editsAreRebuiltDirectly() throws {
        let root = try TinyWorkbench.make()
        defer { try? FileManager.default.removeItem(at: root) }
        let answer = root.appending(path: "Exercises/Section1Basics/Answer.swift")
        let swiftPM = "SwiftPM builds:"

        var output = try check(in: root)
        #expect(output.contains("1/2 checks pass"), "\(output)")
        #expect(
            output.contains("SwiftPM builds: no earlier build to start from"),
            "the first grade is SwiftPM's build:\n\(output)")

        // The learner's fix: graded from the rebuilt program, without SwiftPM.
        try Data(TinyWorkbench.solution.utf8).write(to: answer)
        output = try check(in: root)
        #expect(output.contains("2/2 checks pass"), "\(output)")
        #expect(
            !output.contains(swiftPM) && !output.contains("SwiftPM start"),
            "an edit of the section needs no SwiftPM:\n\(output)")
        #expect(output.contains("linking"), "\(output)")

        // Back to the starter: the rebuilt program is the starter's again.
        try Data(TinyWorkbench.starter.utf8).write(to: answer)
        output = try check(in: root)
        #expect(output.contains("1/2 checks pass"), "\(output)")
        #expect(!output.contains(swiftPM), "\(output)")

        // A file SwiftPM has not seen: only SwiftPM knows the module's new list of files.
        let extra = root.appending(path: "Exercises/Section1Basics/Extra.swift")
        try Data("public func twice(_ a: Int) -> Int { add(a, a) }\n".utf8).write(to: extra)
        output = try check(in: root)
        #expect(output.contains("SwiftPM builds: a file was added or removed"), "\(output)")
        #expect(output.contains("1/2 checks pass"), "\(output)")

        // An edit that does not compile: SwiftPM builds, and its errors name the file and line.
        try Data("public func add(_ a: Int, _ b: Int) -> Int {\n    a + \n}\n".utf8).write(to: answer)
        output = try check(in: root)
        #expect(output.contains("does not compile") && output.contains("Answer.swift:"), "\(output)")

        // Fixed again after the failed build: nothing is known to be built, so SwiftPM builds.
        try Data(TinyWorkbench.solution.utf8).write(to: answer)
        output = try check(in: root)
        #expect(
            output.contains("2/2 checks pass") && output.contains("SwiftPM builds: no earlier build to start from"),
            "\(output)")

        // Nothing changed: the program is already the one to grade.
        output = try check(in: root)
        #expect(
            output.contains("2/2 checks pass") && !output.contains(swiftPM) && !output.contains("linking"), "\(output)")
    }
}
