import Foundation

/// Reads the JSON event stream that Swift Testing writes (version 0: one JSON record a line), or that the
/// grading harness seals, and turns it into one outcome per test function.
public enum TestEventStream {
    /// The outcome of every test function the stream declares, in declaration order.
    ///
    /// A test that started but has no end event crashed the process; one that never started did not run.
    /// Lines that are not valid records are ignored, so a stream cut short by a crash still reads.
    public static func outcomes(fromJSONLines text: String) -> [TestOutcome] {
        read(records: text.split(whereSeparator: \.isNewline)).outcomes
    }

    /// What a run's records say: each test's outcome, which tests are XCTest cases, and records that
    /// contradict the run as the testing library reports it.
    struct Reading {
        /// One outcome per declared test function, in declaration order.
        var outcomes: [TestOutcome]
        /// The identifiers of the tests that are XCTest cases (`Module.Class/method`), not Swift Testing's.
        var xctestIDs: Set<String>
        /// Records that cannot come from one honest run, each with the test it names, if any.
        var inconsistencies: [(testID: String?, problem: String)]
    }

    /// Reads `records`, one JSON record each, in the order they were written.
    static func read(records: [some StringProtocol]) -> Reading {
        var ledger = Ledger()
        for line in records {
            guard let record = Record(line: line) else { continue }
            ledger.take(record)
        }
        return ledger.reading
    }

    /// The state of every test as the records go by.
    private struct Ledger {
        var order: [String] = []
        var names: [String: String] = [:]
        var suites: Set<String> = []
        var xctestIDs: Set<String> = []
        var started: Set<String> = []
        var ended: Set<String> = []
        var skipped: Set<String> = []
        var cancelled: [String: String] = [:]
        var issues: [String: [String]] = [:]
        var runEnded = false
        var inconsistencies: [(testID: String?, problem: String)] = []

        mutating func take(_ record: Record) {
            let payload = record.payload
            if record.kind == "test" {
                declare(payload)
                return
            }
            guard record.kind == "event" else { return }
            if payload.kind == "runEnded" {
                if runEnded { inconsistencies.append((nil, "the run ended twice")) }
                runEnded = true
                return
            }
            guard let id = payload.testID else { return }
            // XCTest cases run in the same process after Swift Testing's run may have ended.
            if runEnded && !xctestIDs.contains(id) {
                inconsistencies.append((id, "a record about a test after the run had ended"))
            }
            guard names[id] != nil || suites.contains(id) else {
                inconsistencies.append((id, "a record about a test the run never declared"))
                return
            }
            switch payload.kind {
            case "testStarted":
                if !started.insert(id).inserted { inconsistencies.append((id, "a test that started twice")) }
            case "testEnded":
                if !started.contains(id) && !skipped.contains(id) {
                    inconsistencies.append((id, "a test that ended without starting"))
                }
                if !ended.insert(id).inserted { inconsistencies.append((id, "a test that ended twice")) }
            case "testSkipped":
                skipped.insert(id)
            case "testCancelled":
                cancelled[id] = (payload.messages ?? []).map(\.text).joined(separator: "\n")
            case "issueRecorded" where payload.issue?.isKnown != true:
                issues[id, default: []].append((payload.messages ?? []).map(\.text).joined(separator: "\n"))
            default:
                break
            }
        }

        private mutating func declare(_ payload: Payload) {
            guard let id = payload.id else { return }
            if payload.kind == "suite" {
                suites.insert(id)
                return
            }
            guard payload.kind == "function" else { return }
            guard names[id] == nil else {
                inconsistencies.append((id, "a test declared twice"))
                return
            }
            order.append(id)
            names[id] = payload.displayName ?? payload.name ?? id
            if payload.library == "xctest" { xctestIDs.insert(id) }
        }

        var reading: Reading {
            let outcomes = order.map { id in
                var issues = issues[id] ?? []
                let result: TestOutcome.Result
                if let reason = cancelled[id] {
                    // A cancelled test did not show that the code works; cancelling is never a pass.
                    result = .failed
                    issues.append("the test was cancelled before it finished" + (reason.isEmpty ? "" : ": \(reason)"))
                } else if skipped.contains(id) {
                    result = .skipped
                } else if ended.contains(id) {
                    result = issues.isEmpty ? .passed : .failed
                } else if started.contains(id) {
                    result = .crashed
                } else {
                    result = .notRun
                }
                return TestOutcome(id: id, displayName: names[id] ?? id, result: result, issues: issues)
            }
            return Reading(outcomes: outcomes, xctestIDs: xctestIDs, inconsistencies: inconsistencies)
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
        /// `xctest` when the grading harness recorded an XCTest case.
        var library: String?
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
