import XCTest

/// coach's grading harness: the one test case coach starts a graded test process for.
///
/// XCTest makes its test cases before it runs any, so ``HarnessSession`` reads coach's request while this
/// case is made. The case then runs the Swift Testing tests the request selects, each record sealed with
/// the run's key; XCTest cases that run in the same process are recorded and sealed as they run. A test
/// process coach did not start (a plain `swift test`) skips it.
final class GradedRun: XCTestCase {
    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        _ = HarnessSession.current
        super.init(name: name, testClosure: testClosure)
    }

    /// Runs the Swift Testing tests coach asked for; their passing or failing is coach's to read.
    func testSealedRun() async throws {
        guard let session = HarnessSession.current else {
            throw XCTSkip("not a graded run: coach did not start this test process")
        }
        guard let filter = session.swiftTestingFilter else { return }
        _ = try await SwiftTestingRun.run(filter: filter, parallel: session.parallel) { record in
            session.write(record)
        }
    }
}
