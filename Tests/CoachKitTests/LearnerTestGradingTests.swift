import Foundation
import Testing

@testable import CoachKit

/// Grading the tests a learner writes, with builds replaced by canned runs.
@Suite("Learner-written tests, graded both ways")
struct LearnerTestGradingTests {
    static let passCheck = "your tests pass on the reference"
    static let catchCheck = "your tests catch a forgotten zero"

    /// The fixture course, whose section 1 asks for tests of the learner's own that catch `forgets-zero`.
    static func workbench() throws -> Workbench {
        let course = WorkbenchFixture.courseJSON
            .replacingOccurrences(
                of: #"{ "item": "Handles edge cases.", "checks": ["copes with zero"] }"#,
                with: #"{ "item": "Handles edge cases.", "checks": ["copes with zero"] }, "#
                    + #"{ "item": "Tests of your own.", "checks": ["\#(passCheck)", "\#(catchCheck)"] }"#
            )
            .replacingOccurrences(
                of: #""mistakes": ["#,
                with:
                    #""learnerTests": { "target": "Section1OwnTests", "files": ["OwnTests.swift"], "passCheck": "\#(passCheck)", "#
                    + #""mustCatch": [{ "mistake": "forgets-zero", "check": "\#(catchCheck)" }] }, "mistakes": ["#
            )
        return try WorkbenchFixture.make(course: course)
    }

    /// A run of the learner's tests with these results, or a build that failed.
    static func run(_ results: [TestOutcome.Result], compiled: Bool = true, errors: [CompilerDiagnostic] = [])
        -> TrackRun
    {
        let outcomes = results.enumerated().map { index, result in
            TestOutcome(
                id: "Section1OwnTests.OwnTests/test\(index)()", displayName: "test \(index)", result: result,
                issues: result == .failed ? ["Expectation failed"] : [])
        }
        let log = URL(filePath: "/tmp/none.log")
        return TrackRun(
            track: .exercises, build: compiled ? .exited(0) : .exited(1), compilerErrors: errors,
            testRun: compiled ? .exited(0) : nil, outcomes: compiled ? outcomes : [], buildLog: log, testLog: log
        )
    }

    /// Grades with `onReference` for the reference build and `onMistake` for the mistake's, recording the builds.
    static func grade(onReference: TrackRun, onMistake: TrackRun) throws -> (
        outcomes: [String: TestOutcome], requests: [BuildRequest]
    ) {
        let workbench = try workbench()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        var requests: [BuildRequest] = []
        let grader = LearnerTestGrader(workbench: workbench) { request, filter in
            #expect(filter == "^Section1OwnTests\\.", "the learner tests' filter: found \(filter)")
            requests.append(request)
            // Every build reads the library from one folder; what it holds decides which run this is.
            let library = workbench.root.appending(path: (request.overrides.first?.folder ?? "") + "/Answer.swift")
            return (try? String(contentsOf: library, encoding: .utf8)) == "// wrong" ? onMistake : onReference
        }
        let section = try #require(workbench.course.section(numbered: 1))
        let outcomes = try grader.outcomes(of: section, on: .exercises)
        return (Dictionary(uniqueKeysWithValues: outcomes.map { ($0.displayName, $0) }), requests)
    }

    @Test(
        "tests that pass on the reference and fail on the mistake pass both checks, built in place of the hidden suites"
    )
    func caught() throws {
        let (outcomes, requests) = try Self.grade(
            onReference: Self.run([.passed, .passed]), onMistake: Self.run([.passed, .failed]))
        #expect(outcomes[Self.passCheck]?.result == .passed)
        #expect(outcomes[Self.catchCheck]?.result == .passed)
        #expect(requests.count == 2 && requests.allSatisfy { $0.learnerTestsOnly && $0.sections == ["Section1Basics"] })
        #expect(requests.allSatisfy { $0.overrides.first?.folder == ".build/coach/learner-tests/Section1Basics" })
        #expect(
            requests.first?.environment == requests.last?.environment, "expected one environment, so SwiftPM plans once"
        )
        #expect(requests.first?.environment["COURSE_LEARNER_TESTS"] == "only")
    }

    @Test("tests that all pass on the mistake do not catch it, and the check says what the mistake does")
    func missed() throws {
        let (outcomes, _) = try Self.grade(onReference: Self.run([.passed]), onMistake: Self.run([.passed, .skipped]))
        #expect(outcomes[Self.passCheck]?.result == .passed)
        #expect(outcomes[Self.catchCheck]?.result == .failed)
        #expect(outcomes[Self.catchCheck]?.issues == ["every test of yours passed on a solution that forgets zero"])
    }

    @Test("a test that fails on the reference fails every check, and the mistake is not even built")
    func failsOnReference() throws {
        let (outcomes, requests) = try Self.grade(
            onReference: Self.run([.passed, .failed]), onMistake: Self.run([.failed]))
        #expect(outcomes[Self.passCheck]?.result == .failed)
        #expect(outcomes[Self.passCheck]?.issues.first?.contains("\"test 1\" failed on the reference solution") == true)
        #expect(outcomes[Self.catchCheck]?.result == .failed)
        #expect(requests.count == 1)
    }

    @Test("no test at all, or only skipped ones, passes nothing")
    func noTests() throws {
        for results: [TestOutcome.Result] in [[], [.skipped]] {
            let (outcomes, _) = try Self.grade(onReference: Self.run(results), onMistake: Self.run([.failed]))
            #expect(
                outcomes[Self.passCheck]?.issues == [
                    "no test of yours ran: write @Test functions or XCTestCase test methods in Exercises/Section1OwnTests/"
                ])
            #expect(outcomes[Self.catchCheck]?.result == .failed)
        }
    }

    @Test("tests that do not compile fail every check with the compiler's error")
    func doesNotCompile() throws {
        let error = CompilerDiagnostic(
            path: "Exercises/Section1OwnTests/OwnTests.swift", line: 3, column: 5, message: "cannot find 'x' in scope")
        let (outcomes, _) = try Self.grade(
            onReference: Self.run([], compiled: false, errors: [error]), onMistake: Self.run([.failed]))
        #expect(
            outcomes[Self.passCheck]?.issues.first?.hasPrefix(
                "your tests do not compile: Exercises/Section1OwnTests/OwnTests.swift:3:5") == true)
        #expect(outcomes[Self.catchCheck]?.result == .failed)
    }

    @Test("the mirrored library holds exactly the source's files, and an unchanged file is not written again")
    func mirrorRewritesOnlyChanges() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "coach-mirror-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = root.appending(path: "source")
        let destination = root.appending(path: "destination")
        try FileManager.default.createDirectory(at: source.appending(path: "Nested"), withIntermediateDirectories: true)
        try Data("same".utf8).write(to: source.appending(path: "Same.swift"))
        try Data("new".utf8).write(to: source.appending(path: "Nested/Changed.swift"))
        try LearnerTestGrader.mirror(source, into: destination)
        let past = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes(
            [.modificationDate: past], ofItemAtPath: destination.appending(path: "Same.swift").path)
        try Data("stale".utf8).write(to: destination.appending(path: "Stale.swift"))
        try Data("newer".utf8).write(to: source.appending(path: "Nested/Changed.swift"))

        try LearnerTestGrader.mirror(source, into: destination)

        let names = SourceFingerprint.files(under: destination).map {
            String($0.path.dropFirst(destination.path.count + 1))
        }
        #expect(names == ["Nested/Changed.swift", "Same.swift"])
        #expect(try String(contentsOf: destination.appending(path: "Nested/Changed.swift"), encoding: .utf8) == "newer")
        let modified =
            try FileManager.default.attributesOfItem(atPath: destination.appending(path: "Same.swift").path)[
                .modificationDate] as? Date
        #expect(
            modified.map { abs($0.timeIntervalSince(past)) < 1 } == true, "expected the unchanged file left as it was")
    }

    @Test("a known wrong test suite is built in place of the learner's tests, and named where it fails")
    func wrongSuiteInPlace() throws {
        let workbench = try Self.workbench()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        var requests: [BuildRequest] = []
        let grader = LearnerTestGrader(workbench: workbench) { request, _ in
            requests.append(request)
            return Self.run([])
        }
        let section = try #require(workbench.course.section(numbered: 1))
        let outcomes = try grader.outcomes(
            of: section, on: .solutions, testsFolder: ".build/coach/mistakes/Section1OwnTests/vague")
        #expect(requests.first?.overrides.map(\.target) == ["Section1Basics", "Section1OwnTests"])
        #expect(
            requests.first?.environment["COURSE_SECTION_OVERRIDE"]
                == "Section1Basics=.build/coach/learner-tests/Section1Basics;Section1OwnTests=.build/coach/mistakes/Section1OwnTests/vague"
        )
        #expect(
            outcomes.first?.issues == [
                "no test of yours ran: write @Test functions or XCTestCase test methods in .build/coach/mistakes/Section1OwnTests/vague/"
            ])
    }

    @Test("the learner-test checks count in the section's grade with its hidden checks")
    func countedInGrade() throws {
        let workbench = try Self.workbench()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let section = try #require(workbench.course.section(numbered: 1))
        let hidden = SectionGrade(
            section: section,
            run: WorkbenchFixture.run(["adds numbers": .passed, "names things": .passed, "copes with zero": .passed]),
            workbench: workbench)
        #expect(hidden.passedCount == 3 && !hidden.isComplete)
        let mine = [
            TestOutcome(id: "Section1BasicsTests.LearnerTests/a", displayName: Self.passCheck, result: .passed),
            TestOutcome(id: "Section1BasicsTests.LearnerTests/b", displayName: Self.catchCheck, result: .passed),
        ]
        let graded = hidden.adding(mine)
        #expect(graded.passedCount == 5 && graded.isComplete && graded.unlistedTests.isEmpty)
    }

    @Test("course.json's learner tests must name listed checks and known mistakes")
    func rules() throws {
        let course = WorkbenchFixture.courseJSON.replacingOccurrences(
            of: #""mistakes": ["#,
            with: #""learnerTests": { "target": "Own Tests", "files": ["../Escape.swift"], "passCheck": "unlisted", "#
                + #""mustCatch": [{ "mistake": "nope", "check": "copes with zero" }] }, "mistakes": ["#
        )
        let workbench = try WorkbenchFixture.make(course: course, validating: false)
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let messages = workbench.course.problems.map(\.message)
        #expect(messages.contains { $0.contains("\"Own Tests\" is not a plain name") })
        #expect(messages.contains { $0.contains("file ../Escape.swift leads outside their folder") })
        #expect(messages.contains { $0.contains("names the check \"unlisted\", which no checkpoint item lists") })
        #expect(
            messages.contains { $0.contains("must catch \"nope\", which is not one of the section's known mistakes") })
    }
}
