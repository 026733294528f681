import Foundation
import Testing

/// Tests a learner writes in XCTest, or in XCTest and Swift Testing in one target, graded as Swift Testing
/// ones are: by `coach check` on the learner's own checkout, and by `coach grade` for a class.
@Suite("Learner tests written in XCTest", .serialized, SharedOwnTestsWorkbench())
struct LearnerXCTestTests {
    static let passCheck = "your tests pass on the reference"
    static let catchCheck = "your tests catch a subtraction"

    /// A workbench of one section whose learner writes tests of `add`, which must catch a solution that
    /// subtracts; its manifest honours the variables coach builds learner tests with, as the real one does.
    enum OwnTestsWorkbench {
        static let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            let environment = Context.environment
            let folder = environment["COURSE_TRACK"] == "solutions" ? "Solutions" : "Exercises"
            let overrides = Dictionary(
                (environment["COURSE_SECTION_OVERRIDE"] ?? "").split(separator: ";").compactMap { entry -> (String, String)? in
                    let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
                    return parts.count == 2 ? (parts[0], parts[1]) : nil
                },
                uniquingKeysWith: { _, last in last }
            )
            let learnerTestsOnly = environment["COURSE_LEARNER_TESTS"] == "only"
            let learnerTestsLeftOut = environment["COURSE_LEARNER_TESTS"] == "none"
            let package = Package(
                name: "OwnTestsWorkbench",
                targets: [
                    .target(name: "Section1Adding", path: overrides["Section1Adding"] ?? "\\(folder)/Section1Adding"),
                ] + (learnerTestsOnly ? [] : [
                    .testTarget(name: "Section1AddingTests", dependencies: ["Section1Adding"], path: "Tests/Section1AddingTests"),
                ]) + (learnerTestsLeftOut ? [] : [
                    .testTarget(
                        name: "Section1OwnTests", dependencies: ["Section1Adding"],
                        path: overrides["Section1OwnTests"] ?? "\\(folder)/Section1OwnTests"
                    ),
                ]) + \(GradingHarnessFiles.targets)
            )
            """
        static let course = """
            { "title": "Own tests course", "sections": [{
              "number": 1, "title": "Adding", "target": "Section1Adding", "lesson": "course/lesson.md",
              "exercise": { "id": "1.1", "title": "Adding", "files": ["Adding.swift"], "givenFiles": [] },
              "hints": ["Add them.", "Return a + b."],
              "checkpoint": [
                { "item": "Adds.", "checks": ["adds numbers"] },
                { "item": "Tests of your own.", "checks": ["\(passCheck)", "\(catchCheck)"] }
              ],
              "learnerTests": { "target": "Section1OwnTests", "files": ["OwnTests.swift"], "passCheck": "\(passCheck)",
                                "mustCatch": [{ "mistake": "subtracts", "check": "\(catchCheck)" }] },
              "mistakes": [{ "id": "subtracts", "summary": "subtracts instead of adding", "caughtBy": ["adds numbers"] }]
            }] }
            """
        static let solution = "public func add(_ a: Int, _ b: Int) -> Int {\n    a + b\n}\n"
        static let starterTests = "import Section1Adding\nimport Testing\n\n// TODO: test add(_:_:)\n"

        /// XCTest cases and a Swift Testing function in one file; only an XCTest case catches the subtraction.
        static let mixedTests = """
            import Section1Adding
            import Testing
            import XCTest

            final class AddingTests: XCTestCase {
                func testAddsSmallNumbers() { XCTAssertEqual(add(2, 3), 5) }
                func testAddsZero() async throws { XCTAssertEqual(add(0, 7), 7) }
            }

            @Test("adds zero to zero") func addsZeros() { #expect(add(0, 0) == 0) }
            """
        /// XCTest alone, strong enough to catch the subtraction.
        static let xctestTests = """
            import Section1Adding
            import XCTest

            final class AddingTests: XCTestCase {
                func testAddsSmallNumbers() { XCTAssertEqual(add(2, 3), 5) }
            }
            """
        /// XCTest alone, too weak: zero minus zero is zero too.
        static let weakTests = """
            import Section1Adding
            import XCTest

            final class AddingTests: XCTestCase {
                func testAddsZeros() { XCTAssertEqual(add(0, 0), 0) }
            }
            """

        static let starter = "public func add(_ a: Int, _ b: Int) -> Int {\n    // TODO: add them\n    0\n}\n"

        /// The shared workbench with the learner's files set to `files`, over the starter's.
        static func root(with files: [String: String]) throws -> URL {
            let root = try #require(SharedOwnTestsWorkbench.root, "the suite's workbench was not made")
            try ClassGradingTests().write(
                [
                    "Exercises/Section1Adding/Adding.swift": starter,
                    "Exercises/Section1OwnTests/OwnTests.swift": starterTests,
                ].merging(files) { _, given in given }, into: root)
            return root
        }

        static func make() throws -> URL {
            try FixtureWorkbench.make(
                [
                    "Package.swift": manifest,
                    "course/course.json": course,
                    "course/lesson.md": "# Adding\n",
                    "Exercises/Section1Adding/Adding.swift": starter,
                    "Solutions/Section1Adding/Adding.swift": solution,
                    "Exercises/Section1OwnTests/OwnTests.swift": starterTests,
                    "Solutions/Section1OwnTests/OwnTests.swift": mixedTests,
                    "Tests/Section1AddingTests/Checks.swift":
                        "import Section1Adding\nimport Testing\n\n@Test(\"adds numbers\") func addsNumbers() { #expect(add(2, 3) == 5) }\n",
                    "course/mistakes/Section1Adding/subtracts/Adding.swift":
                        "public func add(_ a: Int, _ b: Int) -> Int {\n    a - b\n}\n",
                ].merging(GradingHarnessFiles.files) { own, _ in own }, named: "coach-own-tests")
        }
    }

    @Test(
        "coach check grades XCTest cases and Swift Testing functions in one learner target as it grades Swift Testing alone"
    )
    func checkGradesMixedSuite() throws {
        let root = try OwnTestsWorkbench.root(with: [
            "Exercises/Section1Adding/Adding.swift": OwnTestsWorkbench.solution,
            "Exercises/Section1OwnTests/OwnTests.swift": OwnTestsWorkbench.mixedTests,
        ])
        let checked = try ClassGradingTests().run(["check", "1", "--timeout", "60"], in: root)
        #expect(checked.output.contains("✓ \(Self.passCheck)"), "coach check printed:\n\(checked.output)")
        #expect(checked.output.contains("✓ \(Self.catchCheck)"), "coach check printed:\n\(checked.output)")
        #expect(checked.status == 0, "coach check printed:\n\(checked.output)")
    }

    @Test(
        "learner tests that do not compile leave the section's own checks graded, and fail the learner-test checks with the error"
    )
    func brokenLearnerTestsDoNotBlockTheSection() throws {
        let root = try OwnTestsWorkbench.root(with: [
            "Exercises/Section1Adding/Adding.swift": OwnTestsWorkbench.solution,
            "Exercises/Section1OwnTests/OwnTests.swift":
                "import Section1Adding\nimport Testing\n\n@Test func addsOne() { #expect(add(1) == 1) }\n",
        ])
        let checked = try ClassGradingTests().run(["check", "1", "--timeout", "60"], in: root)
        #expect(checked.output.contains("✓ adds numbers"), "coach check printed:\n\(checked.output)")
        #expect(checked.output.contains("✗ \(Self.passCheck)"), "coach check printed:\n\(checked.output)")
        #expect(
            checked.output.contains("your tests do not compile: Exercises/Section1OwnTests/OwnTests.swift:4"),
            "coach check printed:\n\(checked.output)")
        #expect(checked.status != 0, "coach check printed:\n\(checked.output)")
    }

    @Test(
        "coach grade gives XCTest learner tests the points Swift Testing ones earn, and none to a suite that catches nothing"
    )
    func gradeGradesXCTest() throws {
        let root = try OwnTestsWorkbench.root(with: [:])
        let submissions = FileManager.default.temporaryDirectory.appending(
            path: "coach-own-tests-class-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: submissions) }
        let helper = ClassGradingTests()
        try helper.write(
            [
                "strong/Exercises/Section1Adding/Adding.swift": OwnTestsWorkbench.solution,
                "strong/Exercises/Section1OwnTests/OwnTests.swift": OwnTestsWorkbench.xctestTests,
                "mixed/Exercises/Section1Adding/Adding.swift": OwnTestsWorkbench.solution,
                "mixed/Exercises/Section1OwnTests/OwnTests.swift": OwnTestsWorkbench.mixedTests,
                "weak/Exercises/Section1Adding/Adding.swift": OwnTestsWorkbench.solution,
                "weak/Exercises/Section1OwnTests/OwnTests.swift": OwnTestsWorkbench.weakTests,
            ], into: submissions)
        let output = submissions.appending(path: "gradebook")
        let graded = try helper.run(
            [
                "grade", submissions.appending(path: "strong").path, submissions.appending(path: "mixed").path,
                submissions.appending(path: "weak").path, "--output", output.path, "--timeout", "60",
            ],
            in: root
        )
        #expect(graded.status == 0, "coach grade printed:\n\(graded.output)")
        #expect(
            try String(contentsOf: output.appending(path: "gradebook.csv"), encoding: .utf8) == """
                learner,section 1,total,possible,tampered files,problem,review
                mixed,3,3,3,,,
                strong,3,3,3,,,
                weak,2,2,3,,,

                """)
    }
}

/// The workbench of ``LearnerXCTestTests``, made once for the suite: each test writes the learner's files
/// it grades, and builds only what they change.
struct SharedOwnTestsWorkbench: SuiteTrait, TestScoping {
    /// The suite's workbench while its tests run.
    @TaskLocal static var root: URL?

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        let root = try LearnerXCTestTests.OwnTestsWorkbench.make()
        defer { try? FileManager.default.removeItem(at: root) }
        try await Self.$root.withValue(root) { try await function() }
    }
}
