import Foundation
import Synchronization

/// How far a build and test run has come, read from the lines SwiftPM and the testing library print.
public enum BuildProgress: Equatable, Sendable {
    /// SwiftPM is fetching or checking out the dependencies; the text names what it does.
    case resolving(String)
    /// SwiftPM is working out what to build.
    case planning
    /// Build step `done` of `total` (SwiftPM's `[done/total]`); `step` names it ("Compiling GRDB").
    case building(done: Int, total: Int, step: String)
    /// The tests are running; `finished` have ended so far.
    case testing(finished: Int)

    /// The progress one line of output reports, or `nil` for a line that says nothing about it.
    public static func parse(line: some StringProtocol) -> BuildProgress? {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let counts = text[text.index(after: text.startIndex)..<close].split(separator: "/")
            guard counts.count == 2, let done = Int(counts[0]), let total = Int(counts[1]) else { return nil }
            let step = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
            if step == "Planning build" { return .planning }
            return .building(done: done, total: total, step: summary(ofStep: step))
        }
        for prefix in ["Fetching ", "Computing version for ", "Creating working copy for ", "Updating "]
        where text.hasPrefix(prefix) {
            let package =
                text.dropFirst(prefix.count).split(separator: " ").first.map {
                    URL(filePath: String($0)).lastPathComponent
                } ?? ""
            return .resolving(prefix.lowercased().trimmingCharacters(in: .whitespaces) + " " + package)
        }
        if text.hasPrefix("Building for ") { return .planning }
        return nil
    }

    /// A build step without its file: "Compiling SwiftSyntax Trivia.swift" → "Compiling SwiftSyntax".
    static func summary(ofStep step: String) -> String {
        let words = step.split(separator: " ")
        if words.first == "Compiling" && words.count >= 3 { return words.prefix(2).joined(separator: " ") }
        return words.prefix(3).joined(separator: " ")
    }

    /// Whether a line of the testing library's console output says a test ended.
    static func endsTest(_ line: some StringProtocol) -> Bool {
        guard line.contains("Test ") && !line.contains("Test run ") else { return false }
        return line.contains("\" passed after ") || line.contains("\" failed after ") || line.contains("\" skipped")
    }

    /// Whether a line says the test run started.
    static func startsTests(_ line: some StringProtocol) -> Bool {
        line.contains("Test run started")
    }
}

/// The complete lines a growing log file gained since the last read; a line still being written waits for
/// its newline.
struct LogTail {
    private var offset: UInt64 = 0
    private var partial = Data()

    /// Reads what `log` gained and returns the lines it completed, oldest first; none when it cannot be read.
    mutating func newLines(of log: URL) -> [Substring] {
        guard let handle = try? FileHandle(forReadingFrom: log) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else {
            return []
        }
        offset += UInt64(data.count)
        partial.append(data)
        guard let lastNewline = partial.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let complete = String(decoding: partial[..<lastNewline], as: UTF8.self)
        partial = Data(partial[partial.index(after: lastNewline)...])
        return complete.split(whereSeparator: \.isNewline)
    }
}

/// Reads a command's log as it grows and reports each change of progress, while another watchdog (a
/// check's time limit) still decides when to stop the command.
final class BuildLogFollower: ChildProcessWatchdog {
    private let log: URL
    private let inner: (any ChildProcessWatchdog)?
    private let report: @Sendable (BuildProgress) -> Void
    private let state = Mutex<(tail: LogTail, testsFinished: Int?, last: BuildProgress?)>((LogTail(), nil, nil))

    /// Follows `log`, calling `report` with each new progress; `inner` decides about stopping.
    init(log: URL, inner: (any ChildProcessWatchdog)?, report: @escaping @Sendable (BuildProgress) -> Void) {
        self.log = log
        self.inner = inner
        self.report = report
    }

    func shouldStop(at now: ContinuousClock.Instant) -> Bool {
        if let progress = readProgress() { report(progress) }
        return inner?.shouldStop(at: now) ?? false
    }

    /// The latest progress in what the log gained since the last call, when it changed.
    private func readProgress() -> BuildProgress? {
        state.withLock { state -> BuildProgress? in
            var latest: BuildProgress?
            for line in state.tail.newLines(of: log) {
                if BuildProgress.startsTests(line) { state.testsFinished = 0 }
                if let finished = state.testsFinished {
                    if BuildProgress.endsTest(line) { state.testsFinished = finished + 1 }
                    latest = .testing(finished: state.testsFinished ?? 0)
                } else if let progress = BuildProgress.parse(line: line) {
                    latest = progress
                }
            }
            guard let latest, latest != state.last else { return nil }
            state.last = latest
            return latest
        }
    }
}
