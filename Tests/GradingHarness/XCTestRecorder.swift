import Foundation
import XCTest

/// Writes XCTest's events as records of Swift Testing's event stream (version 0), so coach reads XCTest and
/// Swift Testing results alike: each test case declared as a function with identifier
/// `Module.Class/method`, then its start, issues, skip and end.
final class XCTestRecorder: NSObject, XCTestObservation, @unchecked Sendable {
    private let session: HarnessSession
    private var declared: Set<String> = []

    private init(session: HarnessSession) {
        self.session = session
    }

    /// Starts recording XCTest's events into `session`'s stream.
    static func observe(with session: HarnessSession) {
        XCTestObservationCenter.shared.addTestObserver(XCTestRecorder(session: session))
    }

    /// `Module.Class/method`: the identifier coach knows the case by, and XCTest's selector for it.
    static func identifier(of testCase: XCTestCase) -> String {
        let method = testCase.name.split(separator: ".").last.map(String.init) ?? testCase.name
        return "\(String(reflecting: type(of: testCase)))/\(method)"
    }

    func testSuiteWillStart(_ testSuite: XCTestSuite) {
        for testCase in Self.cases(in: testSuite) where !(testCase is GradedRun) {
            let id = Self.identifier(of: testCase)
            guard declared.insert(id).inserted else { continue }
            let method = String(id.split(separator: "/").last ?? "")
            write(
                Record(
                    kind: "test",
                    payload: .init(
                        kind: "function", id: id, name: method, displayName: testCase.name, library: "xctest")))
        }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        event("testStarted", of: testCase)
    }

    func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
        atLine lineNumber: Int
    ) {
        let place = filePath.map { "\(($0 as NSString).lastPathComponent):\(lineNumber): " } ?? ""
        event("issueRecorded", of: testCase, message: place + description)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        if testCase.testRun?.hasBeenSkipped == true { event("testSkipped", of: testCase) }
        event("testEnded", of: testCase)
    }

    private func event(_ kind: String, of testCase: XCTestCase, message: String? = nil) {
        guard !(testCase is GradedRun) else { return }
        let issue = kind == "issueRecorded" ? Record.Issue(isKnown: false) : nil
        write(
            Record(
                kind: "event",
                payload: .init(
                    kind: kind, testID: Self.identifier(of: testCase),
                    messages: message.map { [.init(text: $0)] } ?? [], issue: issue
                )))
    }

    private func write(_ record: Record) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record) else { return }
        session.write(String(decoding: data, as: UTF8.self))
    }

    private static func cases(in test: XCTest) -> [XCTestCase] {
        if let testCase = test as? XCTestCase { return [testCase] }
        return (test as? XCTestSuite)?.tests.flatMap { cases(in: $0) } ?? []
    }

    /// One record, in the shape of Swift Testing's (`library` marks XCTest's).
    private struct Record: Encodable {
        var kind: String
        var payload: Payload
        var version = "0"

        struct Payload: Encodable {
            var kind: String
            var id: String?
            var name: String?
            var displayName: String?
            var library: String?
            var testID: String?
            var messages: [Message]?
            var issue: Issue?
        }

        struct Message: Encodable {
            var symbol = "fail"
            var text: String
        }

        struct Issue: Encodable {
            var isKnown: Bool
        }
    }
}
