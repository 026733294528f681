import Foundation
import Testing

@testable import CoachKit

@Suite("Grading a section from a test run")
struct GradingTests {
    @Test("checks are grouped under their checkpoint items, in metadata order")
    func groupsChecks() throws {
        let workbench = try WorkbenchFixture.make()
        let run = WorkbenchFixture.run(["adds numbers": .passed, "names things": .passed, "copes with zero": .failed])
        let grade = SectionGrade(section: workbench.course.sections[0], run: run, workbench: workbench)
        #expect(grade.items.map(\.passed) == [true, false])
        #expect(grade.passedCount == 2)
        #expect(!grade.isComplete)
    }

    @Test("a checkpoint check the suite lacks is missing; a test no item lists is unlisted")
    func missingAndUnlisted() throws {
        let workbench = try WorkbenchFixture.make()
        let stray = TestOutcome(id: "Section1BasicsTests.stray()", displayName: "stray", result: .passed)
        let run = WorkbenchFixture.run(["adds numbers": .passed, "names things": .passed], extra: [stray])
        let grade = SectionGrade(section: workbench.course.sections[0], run: run, workbench: workbench)
        #expect(grade.checks.last?.outcome == nil)
        #expect(grade.unlistedTests.map(\.displayName) == ["stray"])
    }

    @Test("compiler errors are charged to the section whose files they are in")
    func compilerErrorsBelongToTheirSection() throws {
        let workbench = try WorkbenchFixture.make()
        var run = WorkbenchFixture.run([:])
        run.build = .exited(1)
        run.compilerErrors = [
            CompilerDiagnostic(
                path: "Exercises/Section1Basics/Answer.swift", line: 3, column: 1, message: "expected expression"),
            CompilerDiagnostic(path: "Exercises/Section2Other/X.swift", line: 1, column: 1, message: "elsewhere"),
        ]
        let grade = SectionGrade(section: workbench.course.sections[0], run: run, workbench: workbench)
        #expect(grade.compilerErrors.map(\.message) == ["expected expression"])
        #expect(!grade.wasGraded)
    }
}

@Suite("Auditing the course metadata")
struct CourseAuditTests {
    @Test("a consistent workbench has no problems")
    func consistent() throws {
        #expect(CourseAudit(workbench: try WorkbenchFixture.make()).problems().isEmpty)
    }

    @Test("a missing lesson, a changed given file and a repeated check are each reported")
    func reportsEachProblem() throws {
        let workbench = try WorkbenchFixture.make()
        try FileManager.default.removeItem(at: workbench.root.appending(path: "course/01/lesson.md"))
        try Data("// changed".utf8).write(to: workbench.root.appending(path: "Solutions/Section1Basics/Types.swift"))
        let messages = CourseAudit(workbench: workbench).problems().map(\.message)
        #expect(messages.contains("the lesson course/01/lesson.md does not exist"))
        #expect(messages.contains { $0.hasPrefix("the given file Types.swift differs") })
    }

    @Test("a known mistake without files or naming an unknown check is reported")
    func brokenMistake() throws {
        let course = WorkbenchFixture.courseJSON.replacingOccurrences(
            of: #""caughtBy": ["copes with zero"]"#, with: #""caughtBy": ["divides by zero"]"#)
        let workbench = try WorkbenchFixture.make(course: course)
        try FileManager.default.removeItem(
            at: workbench.root.appending(path: "course/mistakes/Section1Basics/forgets-zero/Answer.swift"))
        let messages = CourseAudit(workbench: workbench).problems().map(\.message)
        #expect(
            messages == [
                "the known mistake 'forgets-zero' has no files in course/mistakes/Section1Basics/forgets-zero",
                "the known mistake 'forgets-zero' names \"divides by zero\", which no checkpoint item lists",
            ])
    }

    @Test("malformed course metadata names the file and the missing key")
    func malformedMetadata() throws {
        let error = #expect(throws: CoachError.self) {
            try WorkbenchFixture.make(course: #"{"title": "x"}"#)
        }
        #expect(error?.description.contains("missing key 'sections'") == true)
        #expect(error?.description.contains("course/course.json") == true)
    }

    @Test("an unknown COURSE_TRACK is refused with the valid values")
    func unknownTrack() throws {
        #expect(throws: CoachError.unknownTrack("answers")) {
            try CourseTrack.selected(by: ["COURSE_TRACK": "answers"])
        }
        #expect(try CourseTrack.selected(by: [:]) == .exercises)
        #expect(CoachError.unknownTrack("answers").description.contains("exercises, solutions"))
    }
}

@Suite("Verifying both directions")
struct VerifierRuleTests {
    @Test("a starter check that passes, crashes or is missing is a problem; failing is what a starter should do")
    func starterRules() throws {
        let workbench = try WorkbenchFixture.make()
        let run = WorkbenchFixture.run(["adds numbers": .passed, "names things": .crashed])
        let problems = Verifier.problems(
            section: workbench.course.sections[0], run: run, expectPass: false, workbench: workbench)
        #expect(problems.count == 3)
        #expect(problems[0].message.contains("already passes on the starter"))
        #expect(problems[1].message.contains("crashed on the starter"))
        #expect(problems[2].message.contains("has no test with that name"))
    }

    @Test("a solution check that fails is a problem that quotes the failure")
    func solutionRules() throws {
        let workbench = try WorkbenchFixture.make()
        let run = WorkbenchFixture.run(
            ["adds numbers": .passed, "names things": .passed, "copes with zero": .failed], track: .solutions)
        let problems = Verifier.problems(
            section: workbench.course.sections[0], run: run, expectPass: true, workbench: workbench)
        #expect(
            problems.map(\.description) == [
                "Section 1 solution: \"copes with zero\" failed on the reference solution: Expectation failed — expected 1, found 0"
            ])
    }

    @Test("the closing line is the CI-readable tally")
    func closingLine() {
        var summary = VerificationSummary()
        summary.record([], passedIfEmpty: 4)
        summary.record([VerificationProblem("core tests", "x failed")], passedIfEmpty: 2)
        #expect(summary.closingLines(style: TerminalStyle(usesColor: false)).last == "verify: 4 passed, 1 failed")
    }

    @Test("the closing lines repeat every problem, a line each, escaped, so that the tail of a log says what failed")
    func closingRecap() {
        var summary = VerificationSummary()
        summary.record([], passedIfEmpty: 4)
        summary.record(
            [
                VerificationProblem("core tests", "\"a \u{1B}[2Jtest\" failed\nthe rest of its output"),
                VerificationProblem("Section 2 solution", String(repeating: "x", count: 400)),
            ], passedIfEmpty: 2)
        let lines = summary.closingLines(style: TerminalStyle(usesColor: false))
        #expect(
            Array(lines.suffix(4)) == [
                "Not verified: 2 problem(s), listed above and again here:",
                "  - core tests: \"a ^[[2Jtest\" failed",
                "  - Section 2 solution: " + String(repeating: "x", count: 215) + "…",
                "verify: 4 passed, 2 failed",
            ])
    }

    @Test("the time per phase says what one more section costs: the phases repeated per section, per section")
    func perSectionCost() {
        var summary = VerificationSummary()
        summary.sectionCount = 4
        summary.phases = [
            .init(name: "lessons", seconds: 90),
            .init(name: "mutants", seconds: 70, repeatsPerSection: true),
            .init(name: "starters", seconds: 10.4, repeatsPerSection: true),
        ]
        let lines = summary.closingLines(style: TerminalStyle(usesColor: false))
        #expect(lines.first == "Time per phase: lessons 90 s, mutants 70 s, starters 10 s; 170 s in all.")
        #expect(
            lines.dropFirst().first
                == "Per section: 20 s (80 s of variants, mutants and starters over 4 section(s)); "
                + "the lessons' and solutions' builds and the core's tests, mostly shared, are not counted.")
        summary.phases.removeLast(2)
        #expect(!summary.closingLines(style: TerminalStyle(usesColor: false)).contains { $0.hasPrefix("Per section") })
    }

    @Test("the time per phase ends with the machine's speed, measured at the start and the end of the run")
    func machineSpeedLine() {
        var summary = VerificationSummary()
        summary.phases = [.init(name: "lessons", seconds: 90)]
        let style = TerminalStyle(usesColor: false)
        #expect(!summary.closingLines(style: style).contains { $0.hasPrefix("Machine speed") })
        summary.machineSpeed = [.milliseconds(212), .milliseconds(431)]
        #expect(
            summary.closingLines(style: style).contains(
                "Machine speed: a fixed piece of work took 212 ms of CPU at the start, 431 ms at the end "
                    + "(compare it with another run's before comparing their phases)."))
    }

    @Test("the machine speed probe times the same work the same way: a few hundred milliseconds at most")
    func machineSpeedProbe() {
        #expect(MachineSpeedProbe.work() == MachineSpeedProbe.work())
        let time = MachineSpeedProbe.measure(rounds: 1)
        #expect(time > .zero && time < .seconds(5))
    }

    @Test("a crash is pinned on one test by a pattern that matches only its identifier")
    func crashPattern() {
        #expect(
            SwiftPackageTester.pattern(matching: "Section1Tests.Checks/authToken()/File.swift:50:6")
                == #"^Section1Tests\.Checks\/authToken\(\)"#)
    }
}

@Suite("Verifying the core's tests")
struct CoreTestRuleTests {
    @Test("a core test skipped by its own trait is not a problem; a failing one is")
    func skippedCoreTests() throws {
        let workbench = try WorkbenchFixture.make()
        let log = URL(filePath: "/tmp/none.log")
        let run = TrackRun(
            track: .exercises, build: .exited(0), compilerErrors: [], testRun: .exited(0),
            outcomes: [
                TestOutcome(id: "CoreTests.large()", displayName: "large", result: .skipped),
                TestOutcome(id: "CoreTests.broken()", displayName: "broken", result: .failed, issues: ["boom"]),
            ],
            buildLog: log, testLog: log
        )
        let problems = Verifier.coreProblems(in: run, sectionModules: [], workbench: workbench)
        #expect(problems.map(\.message) == [#""broken" (CoreTests) failed: boom"#])
    }
}
