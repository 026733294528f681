import Foundation
import Synchronization

/// Stops a suite's run against a mutant as soon as one check has failed (the mutant is killed then, and
/// the rest of the run would only cost time), or once a check runs past its time limit.
final class MutantRunWatchdog: ChildProcessWatchdog {
    private let events: URL
    private let timeLimit: CheckTimeLimit
    private let state = Mutex<(offset: UInt64, partial: Data, failed: Bool)>((0, Data(), false))

    init(events: URL, limit: Duration) {
        self.events = events
        timeLimit = CheckTimeLimit(limit: limit, events: events)
    }

    /// Whether a check has failed so far.
    var sawFailure: Bool { state.withLock { $0.failed } }

    func shouldStop(at now: ContinuousClock.Instant) -> Bool {
        if readFailure() { return true }
        return timeLimit.shouldStop(at: now)
    }

    /// Reads what the stream gained and notes a recorded issue.
    private func readFailure() -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: events) else { return false }
        defer { try? handle.close() }
        return state.withLock { state in
            if state.failed { return true }
            guard (try? handle.seek(toOffset: state.offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty
            else { return false }
            state.offset += UInt64(data.count)
            state.partial.append(data)
            guard let lastNewline = state.partial.lastIndex(of: UInt8(ascii: "\n")) else { return false }
            let complete = state.partial[..<lastNewline]
            state.partial = Data(state.partial[state.partial.index(after: lastNewline)...])
            for line in complete.split(separator: UInt8(ascii: "\n")) {
                guard let record = TestEventStream.Record(line: String(decoding: line, as: UTF8.self)),
                    record.kind == "event", record.payload.kind == "issueRecorded",
                    record.payload.issue?.isKnown != true
                else { continue }
                state.failed = true
            }
            return state.failed
        }
    }
}
