import CoreTestSupport
import Foundation
import Testing

@testable import CoachKit

@Suite("Taking a submission's files")
struct SubmissionIntakeTests {
    /// A submission folder holding `files` (path → contents).
    func submission(_ files: [String: String]) throws -> URL {
        let root = TestScratch.path("coach-submission")
        for (path, contents) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return root
    }

    @Test("only the exercise files are taken; a changed hidden suite, manifest or contract file is tampering")
    func reportsTampering() throws {
        let workbench = try WorkbenchFixture.make()
        let folder = try submission([
            "Exercises/Section1Basics/Answer.swift": "// mine",
            "Exercises/Section1Basics/Types.swift": "// a wider contract",
            "Exercises/Section1Basics/Extra.swift": "// more",
            "Tests/Section1BasicsTests/Checks.swift": "// every check passes",
            "Package.swift": "// fixture",
            "README.md": "# my notes",
        ])
        let intake = try SubmissionIntake(folder: folder, workbench: workbench)
        #expect(intake.exerciseFiles == ["Section1Basics": ["Answer.swift": Data("// mine".utf8)]])
        #expect(
            intake.tampering.map(\.description) == [
                "Exercises/Section1Basics/Extra.swift (added)",
                "Exercises/Section1Basics/Types.swift (changed)",
                "Tests/Section1BasicsTests/Checks.swift (changed)",
            ])
        #expect(intake.missingFiles.isEmpty)
    }

    @Test("a submission of the exercise files alone is not tampering, and a checkout one folder down is found")
    func exerciseFilesAlone() throws {
        let workbench = try WorkbenchFixture.make()
        let folder = try submission(["workbench-main/Exercises/Section1Basics/Answer.swift": "// mine"])
        let intake = try SubmissionIntake(folder: folder, workbench: workbench)
        #expect(intake.tampering.isEmpty)
        #expect(intake.exerciseFiles["Section1Basics"]?["Answer.swift"] == Data("// mine".utf8))
    }

    @Test("a section whose exercise files are missing or the starter's is not started; one edited is")
    func untouchedSections() throws {
        let workbench = try WorkbenchFixture.make(course: WorkbenchFixture.twoSectionCourse)
        let starter = try submission(["Exercises/Section1Basics/Answer.swift": "// starter"])
        #expect(try SubmissionIntake(folder: starter, workbench: workbench).untouchedSections == [1, 2])
        let edited = try submission(["Exercises/Section1Basics/Answer.swift": "// mine"])
        #expect(try SubmissionIntake(folder: edited, workbench: workbench).untouchedSections == [2])
    }

    @Test("a file removed from a hidden suite's folder is tampering; a missing exercise file is graded as the starter")
    func removedAndMissing() throws {
        let workbench = try WorkbenchFixture.make()
        try Data("// helper".utf8).write(to: workbench.root.appending(path: "Tests/Section1BasicsTests/Helper.swift"))
        let folder = try submission([
            "Exercises/Section1Basics/Types.swift": "// contract",
            "Tests/Section1BasicsTests/Checks.swift": "// checks",
        ])
        let intake = try SubmissionIntake(folder: folder, workbench: workbench)
        #expect(intake.tampering.map(\.description) == ["Tests/Section1BasicsTests/Helper.swift (removed)"])
        #expect(intake.missingFiles == ["Exercises/Section1Basics/Answer.swift"])
    }

    @Test("an exercise file that is a symbolic link is never followed")
    func symbolicLinkExercise() throws {
        let workbench = try WorkbenchFixture.make()
        let folder = try submission(["Exercises/Section1Basics/Types.swift": "// contract"])
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "Exercises/Section1Basics/Answer.swift").path,
            withDestinationPath: workbench.root.appending(path: "Solutions/Section1Basics/Answer.swift").path
        )
        let intake = try SubmissionIntake(folder: folder, workbench: workbench)
        #expect(intake.exerciseFiles.isEmpty)
        #expect(
            intake.tampering == [TamperedFile(path: "Exercises/Section1Basics/Answer.swift", change: .symbolicLink)])
    }

    @Test("a git ref that git would read as an option is refused before git runs")
    func refusesOptionRefs() throws {
        let repository = try submission([".git/HEAD": "ref: refs/heads/main"])
        let error = #expect(throws: SubmissionUnpacker.Failure.self) {
            try SubmissionUnpacker.kind(of: Submission(learner: "Ada", source: repository.path, ref: "--output=/tmp/x"))
        }
        #expect(error?.description.contains("starts with '-'") == true)
        #expect(
            try SubmissionUnpacker.kind(of: Submission(learner: "Ada", source: repository.path, ref: "final"))
                == .gitRepository)
    }

    @Test("a folder without Exercises/ is refused with the reason")
    func noExercises() throws {
        let workbench = try WorkbenchFixture.make()
        let folder = try submission(["notes.txt": "nothing here"])
        #expect(throws: SubmissionUnpacker.Failure.self) { try SubmissionIntake(folder: folder, workbench: workbench) }
    }
}
