import Foundation
import Testing

@testable import CoachKit

/// What keeps a graded edit quick: a grading build whose environment is the shell's, so SwiftPM reuses
/// the plan `swift run coach` made, and learner-test results reused while nothing they run with changed.
@Suite("The learner's feedback loop")
struct FeedbackLoopTests {
    @Test("grading every section of the exercises sets no course variable, as a shell that runs `swift run coach`")
    func defaultRequestUnsetsEverything() {
        let environment = BuildRequest(track: .exercises).environment
        let set = environment.filter { !$0.value.isEmpty }
        #expect(set.isEmpty, "expected every value empty (unset), found \(set)")
    }

    @Test(
        "the other builds say what differs: the solutions, some sections, the own tests, the learner's tests left out or alone"
    )
    func otherRequestsSetTheirVariables() {
        #expect(BuildRequest(track: .solutions).environment["COURSE_TRACK"] == "solutions")
        #expect(
            BuildRequest(track: .exercises, sections: ["Section2Settings"]).environment["COURSE_SECTIONS"]
                == "Section2Settings")
        #expect(BuildRequest(track: .exercises, includesOwnTests: true).environment["COURSE_OWN_TESTS"] == "1")
        #expect(BuildRequest.submission(sections: nil).environment["COURSE_LEARNER_TESTS"] == "none")
        var learnerTests = BuildRequest(track: .exercises)
        learnerTests.learnerTestsOnly = true
        #expect(learnerTests.environment["COURSE_LEARNER_TESTS"] == "only")
    }

    @Test("a build's command sees an empty value as an unset variable, and no run marker when it is not to be marked")
    func unmarkedBuildEnvironment() throws {
        let log = FileManager.default.temporaryDirectory.appending(path: "coach-build-env-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var command = ChildProcess(
            ["/usr/bin/env"], in: URL(filePath: "/"), environment: ["HOME": "/nowhere", "COURSE_TRACK": ""],
            inheritsEnvironment: false, logFile: log
        )
        command.marksItsProcesses = false
        #expect(try command.run() == .exited(0))
        let names = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
            String($0.prefix { $0 != "=" })
        }
        #expect(names.sorted() == ["HOME", "LANG", "PATH"])
    }

    @Test("the test program alone is built, by the package's name, or every product when the name cannot be read")
    func testProgramBuildArguments() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "coach-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("let package = Package(\n    name: \"Workbench\",\n    targets: []\n)\n".utf8).write(
            to: root.appending(path: "Package.swift"))
        #expect(
            TestProgram.buildArguments(forPackageAt: root) == ["swift", "build", "--product", "WorkbenchPackageTests"])
        try Data("let package = makePackage()\n".utf8).write(to: root.appending(path: "Package.swift"))
        #expect(TestProgram.buildArguments(forPackageAt: root) == ["swift", "build", "--build-tests"])
    }

    @Test(
        "learner-test results are reused after an edit of the learner's library, and graded again after an edit of the tests"
    )
    func learnerTestResultsReused() throws {
        let workbench = try LearnerTestGradingTests.workbench()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let section = try #require(workbench.course.section(numbered: 1))
        let tests = workbench.root.appending(path: "Exercises/Section1OwnTests/OwnTests.swift")
        try FileManager.default.createDirectory(
            at: tests.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// the learner's tests".utf8).write(to: tests)
        let cache = LearnerTestResultCache(workbench: workbench)
        let outcomes = [
            TestOutcome(id: "Section1BasicsTests.LearnerTests/x", displayName: "x", result: .passed, issues: [])
        ]
        #expect(cache.outcomes(of: section, on: .exercises) == nil)

        cache.store(outcomes, of: section, on: .exercises)
        try Data("// the learner's library, edited".utf8).write(
            to: workbench.root.appending(path: "Exercises/Section1Basics/Answer.swift"))
        #expect(cache.outcomes(of: section, on: .exercises) == outcomes)
        #expect(cache.outcomes(of: section, on: .solutions) == nil, "expected the other track's results kept apart")

        try Data("// the learner's tests, edited".utf8).write(to: tests)
        #expect(cache.outcomes(of: section, on: .exercises) == nil)
        cache.store(outcomes, of: section, on: .exercises)
        try Data("// a mistake, edited".utf8).write(
            to: workbench.root.appending(path: "course/mistakes/Section1Basics/forgets-zero/Answer.swift"))
        #expect(
            cache.outcomes(of: section, on: .exercises) == nil,
            "expected a changed known mistake to grade the tests again")
    }

    @Test(
        "a hidden suite's clean results are reused after an edit of the learner's own tests alone, and run again after any other edit"
    )
    func hiddenSuiteResultsReused() throws {
        let workbench = try LearnerTestGradingTests.workbench()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let section = try #require(workbench.course.section(numbered: 1))
        let files = FileManager.default
        let tests = workbench.root.appending(path: "Exercises/Section1OwnTests/OwnTests.swift")
        let suite = workbench.root.appending(path: "Tests/Section1BasicsTests/Checks.swift")
        for file in [tests, suite] {
            try files.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("// first".utf8).write(to: file)
        }
        let cache = HiddenSuiteResultCache(workbench: workbench, timeLimitPerCheck: .seconds(60))
        let outcomes = ["adds numbers", "names things", "copes with zero"].map {
            TestOutcome(id: "Section1BasicsTests.Checks/\($0)", displayName: $0, result: .failed, issues: ["no"])
        }
        let grade = SectionGrade(section: section, outcomes: outcomes, compilerErrors: [], buildFailed: false)
        var digest = cache.digest(on: .exercises)
        #expect(cache.outcomes(of: section, on: .exercises, digest: digest) == nil)

        cache.store(grade, on: .exercises, digest: digest)
        try Data("// the learner's tests, edited".utf8).write(to: tests)
        #expect(cache.digest(on: .exercises) == digest)
        #expect(cache.outcomes(of: section, on: .exercises, digest: cache.digest(on: .exercises)) == outcomes)
        #expect(cache.outcomes(of: section, on: .solutions, digest: cache.digest(on: .solutions)) == nil)
        #expect(
            HiddenSuiteResultCache(workbench: workbench, timeLimitPerCheck: .seconds(5)).digest(on: .exercises)
                != digest, "expected another time limit to run the suite again")

        for (file, edit) in [
            ("Exercises/Section1Basics/Answer.swift", "the learner's library"),
            ("Tests/Section1BasicsTests/Checks.swift", "the hidden suite"),
            ("Package.swift", "the manifest"),
        ] {
            try Data("// \(edit), edited".utf8).write(to: workbench.root.appending(path: file))
            #expect(cache.digest(on: .exercises) != digest, "expected an edit of \(edit) to run the suite again")
            digest = cache.digest(on: .exercises)
        }

        // The same file in another clone (a learner's repository that holds it, graded in CI) is never read.
        cache.store(grade, on: .exercises, digest: digest)
        let kept = try Data(contentsOf: workbench.logFolder.appending(path: "hidden-suite-results.json"))
        try files.removeItem(at: workbench.logFolder)
        try files.createDirectory(at: workbench.logFolder, withIntermediateDirectories: true)
        try kept.write(to: workbench.logFolder.appending(path: "hidden-suite-results.json"))
        #expect(cache.outcomes(of: section, on: .exercises, digest: digest) == nil)

        // A run that timed out, or did not build, is not kept: the next grade runs the suite again.
        cache.store(grade, on: .exercises, digest: digest)
        let timedOut = SectionGrade(
            section: section, outcomes: [outcomes[0].with(result: .timedOut)] + outcomes.dropFirst(),
            compilerErrors: [],
            buildFailed: false)
        cache.store(timedOut, on: .exercises, digest: digest)
        #expect(cache.outcomes(of: section, on: .exercises, digest: digest) == nil)
        cache.store(
            SectionGrade(section: section, outcomes: [], compilerErrors: [], buildFailed: true), on: .exercises,
            digest: digest)
        #expect(cache.outcomes(of: section, on: .exercises, digest: digest) == nil)
    }

    @Test("a staged schema of the reference is used again until its sources change or the folder is rewritten")
    func stagedSchemaReused() throws {
        let workbench = try LearnerTestGradingTests.workbench()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let section = try #require(workbench.course.section(numbered: 1))
        let folder = ".build/coach/learner-tests/Section1Basics"
        let staged = StagedSchema(workbench: workbench, section: section, mistakes: section.mistakes, folder: folder)
        let answer = workbench.root.appending(path: folder).appending(path: "Answer.swift")
        try FileManager.default.createDirectory(
            at: answer.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// the schema".utf8).write(to: answer)
        #expect(staged.reusableNumbers() == nil)

        staged.remember(["forgets-zero": 1_000_000])
        #expect(staged.reusableNumbers() == ["forgets-zero": 1_000_000])
        // The plain reference mirrored over it, for a mistake that does not switch in.
        try Data("// the plain reference".utf8).write(to: answer)
        #expect(staged.reusableNumbers() == nil)

        try Data("// the schema".utf8).write(to: answer)
        #expect(staged.reusableNumbers() == ["forgets-zero": 1_000_000])
        // The same folder and record in another clone: staged again.
        let record = workbench.root.appending(path: folder + ".staged.json")
        let kept = try Data(contentsOf: record)
        try FileManager.default.removeItem(at: workbench.logFolder)
        try FileManager.default.createDirectory(
            at: answer.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// the schema".utf8).write(to: answer)
        try kept.write(to: record)
        #expect(staged.reusableNumbers() == nil, "expected a folder coach did not stage to be staged again")
        staged.remember(["forgets-zero": 1_000_000])
        try Data("// a mistake, edited".utf8).write(
            to: workbench.root.appending(path: "course/mistakes/Section1Basics/forgets-zero/Answer.swift"))
        #expect(staged.reusableNumbers() == nil, "expected a changed known mistake to stage the schema again")
    }
}
