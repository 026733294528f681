import Foundation
import Testing

@testable import CoachKit

/// What a submission's exercise files use that no exercise needs, flagged for the instructor.
@Suite("Reviewing what a submission's code reaches for")
struct SubmissionReviewTests {
    static let forger = """
        import Foundation
        import Glibc

        // exit(0) in a comment is no concern.
        public func answer() -> Int {
            let path = CommandLine.arguments.last ?? "/proc/self/cmdline"
            let handle = FileHandle(fileDescriptor: 3)
            @_silgen_name("swt_abiv0_getEntryPoint") func entry() -> UnsafeRawPointer
            _ = dlopen(nil, RTLD_NOW)
            _ = (path, handle)
            exit(0)
        }
        """

    func notes(
        _ text: String, starter: String = "// starter\n", solution: String = "public func answer() -> Int { 42 }\n"
    ) throws -> [ReviewNote] {
        let workbench = try WorkbenchFixture.make()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        try Data(starter.utf8).write(to: workbench.root.appending(path: "Exercises/Section1Basics/Answer.swift"))
        try Data(solution.utf8).write(to: workbench.root.appending(path: "Solutions/Section1Basics/Answer.swift"))
        return SubmissionReview(workbench: workbench).notes(
            on: text, path: "Exercises/Section1Basics/Answer.swift", target: "Section1Basics", isTestFile: false
        )
    }

    @Test(
        "process arguments, /proc, file descriptors, exit, dlopen, @_silgen_name and a C library are each flagged with their line"
    )
    func forgerIsFlagged() throws {
        let found = try notes(Self.forger).map { "\($0.line): \($0.concern)" }
        #expect(
            found == [
                "6: reads the process's command line",
                "6: reads the process's own files in /proc or /dev/fd",
                "7: uses file descriptors directly",
                "11: ends or signals the process",
                "9: loads or looks up code at run time",
                "8: names a symbol to the linker",
                "8: reaches raw memory",
                "2: imports Glibc, which this exercise never uses",
            ])
    }

    @Test("an ordinary solution is not flagged, and what the reference itself uses is never a concern")
    func ordinaryCode() throws {
        #expect(try notes("import Foundation\npublic func answer() -> Int { 6 * 7 }\n").isEmpty)
        let reference = "import Foundation\npublic func answer() -> Int { Data([1]).withUnsafeBytes { Int($0[0]) } }\n"
        #expect(try notes(reference, solution: reference).isEmpty)
    }

    @Test("a learner's test file may import XCTest and Testing")
    func testImports() throws {
        let workbench = try WorkbenchFixture.make()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let review = SubmissionReview(workbench: workbench)
        let test = "import XCTest\nimport Testing\nimport Darwin\n"
        let notes = review.notes(
            on: test, path: "Exercises/Section1OwnTests/OwnTests.swift", target: "Section1OwnTests", isTestFile: true)
        #expect(notes.map(\.concern) == ["imports Darwin, which this exercise never uses"])
    }
}
