import Testing

@testable import CoachKit

/// Builds one event-stream record a line, in the shape Swift Testing writes (version 0).
enum EventStreamFixture {
    static func test(_ id: String, _ name: String, kind: String = "function") -> String {
        #"{"kind":"test","payload":{"displayName":"\#(name)","id":"\#(id)","isParameterized":false,"kind":"\#(kind)","name":"f()"},"version":0}"#
    }

    static func event(_ kind: String, _ id: String, messages: [String] = [], known: Bool = false) -> String {
        let texts = messages.map { #"{"symbol":"fail","text":"\#($0)"}"# }.joined(separator: ",")
        let issue = kind == "issueRecorded" ? #","issue":{"isKnown":\#(known)}"# : ""
        return
            #"{"kind":"event","payload":{"kind":"\#(kind)","messages":[\#(texts)],"testID":"\#(id)"\#(issue)},"version":0}"#
    }
}

@Suite("Reading Swift Testing's event stream")
struct TestEventStreamTests {
    typealias F = EventStreamFixture

    @Test("a test that ends without issues passed, one with an issue failed")
    func passAndFail() {
        let stream = [
            F.test("M.a()/x.swift:1:1", "a"), F.test("M.b()/x.swift:2:1", "b"),
            F.event("testStarted", "M.a()/x.swift:1:1"), F.event("testEnded", "M.a()/x.swift:1:1"),
            F.event("testStarted", "M.b()/x.swift:2:1"),
            F.event("issueRecorded", "M.b()/x.swift:2:1", messages: ["Expectation failed", "expected 2"]),
            F.event("testEnded", "M.b()/x.swift:2:1"),
        ].joined(separator: "\n")
        let outcomes = TestEventStream.outcomes(fromJSONLines: stream)
        #expect(outcomes.map(\.result) == [.passed, .failed])
        #expect(outcomes[1].issues == ["Expectation failed\nexpected 2"])
        #expect(outcomes[0].module == "M")
    }

    @Test("a test that started and never ended crashed; one never started did not run")
    func crashAndNotRun() {
        let stream = [
            F.test("M.a()/x.swift:1:1", "a"), F.test("M.b()/x.swift:2:1", "b"),
            F.event("testStarted", "M.a()/x.swift:1:1"),
            #"{"kind":"event","payload":{"kind":"testEnd"#,
        ].joined(separator: "\n")
        #expect(TestEventStream.outcomes(fromJSONLines: stream).map(\.result) == [.crashed, .notRun])
    }

    @Test("known issues, suites and skipped tests are told apart")
    func knownIssuesSuitesAndSkips() {
        let stream = [
            F.test("M.S", "S", kind: "suite"), F.test("M.S/a()/x.swift:1:1", "a"), F.test("M.S/b()/x.swift:2:1", "b"),
            F.event("testStarted", "M.S/a()/x.swift:1:1"),
            F.event("issueRecorded", "M.S/a()/x.swift:1:1", messages: ["flaky"], known: true),
            F.event("testEnded", "M.S/a()/x.swift:1:1"),
            F.event("testSkipped", "M.S/b()/x.swift:2:1"),
        ].joined(separator: "\n")
        let outcomes = TestEventStream.outcomes(fromJSONLines: stream)
        #expect(outcomes.map(\.displayName) == ["a", "b"])
        #expect(outcomes.map(\.result) == [.passed, .skipped])
    }
}
