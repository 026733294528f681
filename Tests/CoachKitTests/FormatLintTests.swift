import Foundation
import Testing

@testable import CoachKit

@Suite("The format lint's files and findings")
struct FormatLintTests {
    @Test("the pending list names one path a line, ignoring blank lines and comments")
    func pendingList() {
        let text = "# Files not linted yet.\n\nSources/A/Old.swift\n  Tests/ATests/OldTests.swift  \n"

        #expect(FormatLint.pendingPaths(in: text) == ["Sources/A/Old.swift", "Tests/ATests/OldTests.swift"])
    }

    @Test("every Swift file of Sources and Tests is linted but the pending ones, and a stale line is a problem")
    func filesToLint() throws {
        let workbench = try WorkbenchFixture.make()
        let files = [
            "Sources/A/New.swift", "Sources/A/Old.swift", "Sources/A/notes.md", "Tests/ATests/NewTests.swift",
            "Exercises/Section1/Starter.swift",
        ]
        for path in files {
            let url = workbench.root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("let x = 1\n".utf8).write(to: url)
        }
        try Data("# pending\nSources/A/Old.swift\nSources/A/Gone.swift\n".utf8)
            .write(to: workbench.root.appending(path: FormatLint.pendingListPath))

        let (linted, problems) = FormatLint.filesToLint(workbench: workbench)

        #expect(linted.contains("Sources/A/New.swift") && linted.contains("Tests/ATests/NewTests.swift"))
        #expect(!linted.contains("Sources/A/Old.swift") && !linted.contains("Exercises/Section1/Starter.swift"))
        #expect(linted.allSatisfy { $0.hasSuffix(".swift") })
        #expect(
            problems.map(\.message) == [
                ".swift-format-pending lists Sources/A/Gone.swift, which is not a Swift file of Sources or Tests; "
                    + "remove its line"
            ])
    }

    @Test("a finding is read as its location, its rule and its message")
    func findings() {
        let output = """
            Sources/A/New.swift:3:1: warning: [LineLength] line is too long
            Sources/A/New.swift:9:5: error: [Indentation] replace leading whitespace with 8 spaces
            note: not a finding
            """

        #expect(
            FormatLint.findings(in: output) == [
                .init(location: "Sources/A/New.swift:3:1", rule: "LineLength", message: "line is too long"),
                .init(
                    location: "Sources/A/New.swift:9:5", rule: "Indentation",
                    message: "replace leading whitespace with 8 spaces"),
            ])
    }
}
