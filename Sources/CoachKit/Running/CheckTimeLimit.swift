import Foundation
import GradingSeal
import Synchronization

/// Stops a `swift test` run once one of its checks has run longer than the time limit, reading Swift
/// Testing's event stream as the test binary writes it.
///
/// Each check is timed from its own `testStarted` event to its `testEnded` event, so the limit applies to
/// every check on its own, never to the whole run. The clock starts only once the test binary has created
/// the stream: a slow build is never mistaken for a hang. A binary stuck outside any check before its run
/// ends (nothing running, nothing written) is stopped after the same limit.
///
/// In a parallel run a check's `testStarted` comes before it gets a thread, so a check that waited behind
/// a hanging one looks as old as it; only a run of one check at a time (`--no-parallel`) tells which check
/// itself ran too long. ``overdueChecks`` lists the candidates either way. In a graded run only records
/// sealed with the run's key are read, so a submission cannot stop or extend its own clock.
final class CheckTimeLimit: ChildProcessWatchdog {
    /// The longest one check may run.
    let limit: Duration
    /// The event stream the test binary writes.
    let events: URL
    /// The run's key when the stream is sealed by the grading harness, `nil` for Swift Testing's own stream.
    let key: RunKey?

    private struct State {
        var offset: UInt64 = 0
        var partialLine = Data()
        var functions: Set<String> = []
        var running: [String: ContinuousClock.Instant] = [:]
        var lastActivity: ContinuousClock.Instant?
        var runEnded = false
        var overdue: [String] = []
        var verifier: RecordVerifier?
    }

    private let state = Mutex(State())

    /// A limit of `limit` per check, for the run writing its event stream to `events`, sealed with `key`
    /// when given.
    init(limit: Duration, events: URL, key: RunKey? = nil) {
        self.limit = limit
        self.events = events
        self.key = key
        state.withLock { $0.verifier = key.map(RecordVerifier.init(key:)) }
    }

    /// The checks that were running longer than the limit when the run was stopped, oldest first.
    var overdueChecks: [String] {
        state.withLock { $0.overdue }
    }

    func shouldStop(at now: ContinuousClock.Instant) -> Bool {
        guard let fresh = readNewLines() else { return false }
        return state.withLock { state in
            if state.lastActivity == nil { state.lastActivity = now }
            for line in fresh {
                guard let record = TestEventStream.Record(line: line) else { continue }
                state.lastActivity = now
                if record.kind == "event" && record.payload.kind == "runEnded" { state.runEnded = true }
                if record.declaresFunction, let id = record.payload.id { state.functions.insert(id) }
                guard let (kind, id) = record.testEvent, state.functions.contains(id) else { continue }
                switch kind {
                case "testStarted": state.running[id] = now
                case "testEnded", "testSkipped": state.running[id] = nil
                default: break
                }
            }
            state.overdue = state.running.filter { now - $0.value > limit }.sorted { $0.value < $1.value }.map(\.key)
            if !state.overdue.isEmpty { return true }
            return state.running.isEmpty && !state.runEnded && now - (state.lastActivity ?? now) > limit
        }
    }

    /// The complete lines written since the last call (a line still being written waits for the next),
    /// or `nil` while the stream does not exist: the test binary has not started.
    private func readNewLines() -> [String]? {
        guard let handle = try? FileHandle(forReadingFrom: events) else { return nil }
        defer { try? handle.close() }
        let offset = state.withLock { $0.offset }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else {
            return []
        }
        return state.withLock { state in
            state.offset += UInt64(data.count)
            state.partialLine.append(data)
            guard let lastNewline = state.partialLine.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
            let complete = state.partialLine[..<lastNewline]
            state.partialLine = Data(state.partialLine[state.partialLine.index(after: lastNewline)...])
            let lines = complete.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
            guard state.verifier != nil else { return lines }
            return lines.compactMap { line in
                switch state.verifier?.verify(line) {
                case .accepted(let record), .acceptedAfterGap(let record, _): record
                default: nil
                }
            }
        }
    }
}
