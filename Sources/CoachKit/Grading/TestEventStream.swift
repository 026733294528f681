import Foundation

/// Reads the JSON event stream that Swift Testing writes with `--experimental-event-stream-output`
/// (version 0: one JSON record a line) and turns it into one outcome per test function.
public enum TestEventStream {
    /// The outcome of every test function the stream declares, in declaration order.
    ///
    /// A test that started but has no end event crashed the process; one that never started did not run.
    /// Lines that are not valid records are ignored, so a stream cut short by a crash still reads.
    public static func outcomes(fromJSONLines text: String) -> [TestOutcome] {
        var order: [String] = []
        var names: [String: String] = [:]
        var started: Set<String> = []
        var ended: Set<String> = []
        var skipped: Set<String> = []
        var issues: [String: [String]] = [:]

        for line in text.split(whereSeparator: \.isNewline) {
            guard let record = Record(line: line) else { continue }
            let payload = record.payload
            switch record.kind {
            case "test" where payload.kind == "function":
                guard let id = payload.id, names[id] == nil else { continue }
                order.append(id)
                names[id] = payload.displayName ?? payload.name ?? id
            case "event":
                guard let id = payload.testID else { continue }
                switch payload.kind {
                case "testStarted": started.insert(id)
                case "testEnded": ended.insert(id)
                case "testSkipped": skipped.insert(id)
                case "issueRecorded" where payload.issue?.isKnown != true:
                    let text = (payload.messages ?? []).map(\.text).joined(separator: "\n")
                    issues[id, default: []].append(text)
                default: break
                }
            default: break
            }
        }

        return order.map { id in
            let result: TestOutcome.Result
            if skipped.contains(id) {
                result = .skipped
            } else if ended.contains(id) {
                result = issues[id, default: []].isEmpty ? .passed : .failed
            } else if started.contains(id) {
                result = .crashed
            } else {
                result = .notRun
            }
            return TestOutcome(id: id, displayName: names[id] ?? id, result: result, issues: issues[id] ?? [])
        }
    }

    /// One line of the stream.
    struct Record: Decodable {
        /// `test` for a test's declaration, `event` for something that happened in the run.
        var kind: String
        var payload: Payload

        /// The record on `line`, or `nil` when the line is not one (a stream cut short ends mid-line).
        init?(line: some StringProtocol) {
            guard let record = try? JSONDecoder().decode(Record.self, from: Data(line.utf8)) else { return nil }
            self = record
        }

        /// Whether the record declares a test function (not a suite).
        var declaresFunction: Bool { kind == "test" && payload.kind == "function" }

        /// The event's kind (`testStarted`, `testEnded`, …) and its test, for an event about one test.
        var testEvent: (kind: String, testID: String)? {
            guard kind == "event", let eventKind = payload.kind, let id = payload.testID else { return nil }
            return (eventKind, id)
        }
    }

    struct Payload: Decodable {
        var kind: String?
        var id: String?
        var testID: String?
        var displayName: String?
        var name: String?
        var messages: [Message]?
        var issue: Issue?
    }

    struct Message: Decodable {
        var text: String
    }

    struct Issue: Decodable {
        var isKnown: Bool?
    }
}
