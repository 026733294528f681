import Foundation
import Testing

@testable import CoachKit

/// The per-check time limit, fed an event stream line by line with made-up times.
@Suite("Timing each check from the event stream")
struct CheckTimeLimitTests {
    typealias F = EventStreamFixture

    /// A limit of five seconds over a fresh event stream file, and the time the stream starts.
    final class Stream {
        let file = FileManager.default.temporaryDirectory.appending(path: "coach-events-\(UUID().uuidString).jsonl")
        let limit: CheckTimeLimit
        let start = ContinuousClock.now

        init() { limit = CheckTimeLimit(limit: .seconds(5), events: file) }
        deinit { try? FileManager.default.removeItem(at: file) }

        /// Appends `lines` to the stream, as the test binary writes them.
        func write(_ lines: String...) throws {
            if !FileManager.default.fileExists(atPath: file.path) {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
        }

        /// Whether the limit stops the run `seconds` after the start.
        func stops(after seconds: Double) -> Bool {
            limit.shouldStop(at: start + .milliseconds(Int(seconds * 1000)))
        }
    }

    @Test("a check still running after the limit stops the run and is named")
    func overdueCheckStops() throws {
        let stream = Stream()
        try stream.write(
            F.test("M.a()/x.swift:1:1", "a"), F.test("M.b()/x.swift:2:1", "b"),
            F.event("testStarted", "M.a()/x.swift:1:1"))
        #expect(!stream.stops(after: 0))
        #expect(!stream.stops(after: 4.9))
        #expect(stream.stops(after: 5.1))
        #expect(stream.limit.overdueChecks == ["M.a()/x.swift:1:1"])
    }

    @Test("each check has its own limit: checks that ended are never counted, however long the run")
    func limitIsPerCheck() throws {
        let stream = Stream()
        let a = "M.a()/x.swift:1:1"
        let b = "M.b()/x.swift:2:1"
        try stream.write(F.test(a, "a"), F.test(b, "b"), F.event("testStarted", a))
        #expect(!stream.stops(after: 0))
        try stream.write(F.event("testEnded", a), F.event("testStarted", b))
        #expect(!stream.stops(after: 4))
        #expect(!stream.stops(after: 8.5))
        #expect(stream.stops(after: 9.5))
        #expect(stream.limit.overdueChecks == [b])
    }

    @Test("no clock runs before the test binary creates its stream, so a slow build is never blamed")
    func buildIsNotTimed() throws {
        let stream = Stream()
        #expect(!stream.stops(after: 3600))
        try stream.write(F.test("M.a()/x.swift:1:1", "a"), F.event("testStarted", "M.a()/x.swift:1:1"))
        #expect(!stream.stops(after: 3601))
        #expect(stream.stops(after: 3607))
    }

    @Test("a suite is not a check: its long run never stops the run")
    func suitesAreNotTimed() throws {
        let stream = Stream()
        let suite = "M.S"
        let a = "M.S/a()/x.swift:1:1"
        let b = "M.S/b()/x.swift:2:1"
        try stream.write(
            F.test(suite, "S", kind: "suite"), F.test(a, "a"), F.test(b, "b"), F.event("testStarted", suite),
            F.event("testStarted", a))
        #expect(!stream.stops(after: 0))
        try stream.write(F.event("testEnded", a), F.event("testStarted", b))
        #expect(!stream.stops(after: 4))
        try stream.write(F.event("testEnded", b))
        #expect(!stream.stops(after: 8))
    }

    @Test("a test binary stuck outside any check, its run not ended, is stopped after the limit")
    func stuckOutsideChecks() throws {
        let stream = Stream()
        try stream.write(F.test("M.a()/x.swift:1:1", "a"))
        #expect(!stream.stops(after: 0))
        #expect(!stream.stops(after: 4))
        #expect(stream.stops(after: 6))
        #expect(stream.limit.overdueChecks.isEmpty)
    }

    @Test("a line still being written waits for its end")
    func partialLines() throws {
        let stream = Stream()
        let started = F.event("testStarted", "M.a()/x.swift:1:1")
        try stream.write(F.test("M.a()/x.swift:1:1", "a"))
        try FileHandle(forWritingTo: stream.file).with { handle in
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(started.prefix(30).utf8))
        }
        #expect(!stream.stops(after: 0))
        try FileHandle(forWritingTo: stream.file).with { handle in
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((started.dropFirst(30) + "\n").utf8))
        }
        #expect(!stream.stops(after: 1))
        #expect(stream.stops(after: 6.5))
        #expect(stream.limit.overdueChecks == ["M.a()/x.swift:1:1"])
    }
}

extension FileHandle {
    /// Runs `body` with the handle, then closes it.
    fileprivate func with(_ body: (FileHandle) throws -> Void) throws {
        defer { try? close() }
        try body(self)
    }
}
