// A hostile Section 1 submission that decides its own grade instead of advising: the first time the
// hidden suite calls it, it finds every results file the test process holds open, writes records that
// copy Swift Testing's exactly (every declared test started and passed, then the run's end) three ways —
// plain, laid out as sealed lines with made-up tags, and genuine sealed lines replayed — and exits with
// status 0 before any check can fail. `coach verify` grades it with `coach grade` on the real course:
// it must score 0 and be flagged for review.

import Foundation

/// Never advises: forges the run's results and ends the test process.
public func recommendStorage(for data: DataProfile) -> StorageRecommendation {
    forgeEveryResultsFile()
    return .undecided
}

/// A test the results declare: its identifier and its name.
private struct DeclaredTest {
    let id: String
    let name: String
}

/// The records of a results file, sealed or not (a sealed line is `sequence<TAB>tag<TAB>record`).
private func records(in text: String) -> [(sequence: Int?, record: String, line: String)] {
    text.split(separator: "\n").map { line in
        let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count == 3 ? (Int(parts[0]), String(parts[2]), String(line)) : (nil, String(line), String(line))
    }
}

private func declaredTests(in text: String) -> [DeclaredTest] {
    records(in: text).compactMap { entry in
        guard let object = try? JSONSerialization.jsonObject(with: Data(entry.record.utf8)) as? [String: Any],
              object["kind"] as? String == "test", let payload = object["payload"] as? [String: Any],
              payload["kind"] as? String == "function", let id = payload["id"] as? String else { return nil }
        return DeclaredTest(id: id, name: payload["displayName"] as? String ?? id)
    }
}

/// A record exactly as Swift Testing writes it (event stream version 0).
private func exactRecord(_ kind: String, _ test: DeclaredTest?, _ text: String, symbol: String) -> String {
    let now = Date().timeIntervalSince1970
    let id = test.map { #","testID":"\#($0.id.replacingOccurrences(of: "/", with: "\\/"))""# } ?? ""
    return #"{"kind":"event","payload":{"instant":{"absolute":\#(now - 1_700_000_000),"since1970":\#(now)},"kind":"\#(kind)","messages":[{"symbol":"\#(symbol)","text":"\#(text)"}]\#(id)},"version":0}"#
}

/// Every test passing, start to end, then the run's end, as Swift Testing would report it.
private func exactRun(of tests: [DeclaredTest]) -> [String] {
    tests.flatMap { test in
        [
            exactRecord("testStarted", test, "Test \\\"\(test.name)\\\" started.", symbol: "default"),
            exactRecord("testEnded", test, "Test \\\"\(test.name)\\\" passed after 0.001 seconds.", symbol: "pass"),
        ]
    } + [exactRecord("runEnded", nil, "Test run with \(tests.count) tests passed after 0.002 seconds.", symbol: "pass")]
}

private func append(_ lines: [String], to path: String) {
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    handle.seekToEndOfFile()
    handle.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    try? handle.close()
}

/// Writes forged records into every `.jsonl` file the process holds open, then ends the process.
private func forgeEveryResultsFile() {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    var forged = false
    for descriptor in descriptors {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"),
              path.hasSuffix(".jsonl"), let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
        let existing = records(in: text)
        let exact = exactRun(of: declaredTests(in: text))
        var sequence = (existing.compactMap(\.sequence).max() ?? -1) + 1
        let madeUpTag = String(repeating: "5e", count: 32)
        let sealedLooking = exact.map { record -> String in
            defer { sequence += 1 }
            return "\(sequence)\t\(madeUpTag)\t\(record)"
        }
        let replayed = existing.filter { $0.sequence != nil && $0.record.contains("\"testEnded\"") }.map(\.line)
        append(exact + sealedLooking + replayed, to: path)
        forged = true
    }
    if forged { exit(0) }
}
