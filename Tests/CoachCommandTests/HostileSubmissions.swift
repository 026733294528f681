import Foundation

/// Section 1 exercise files (`Adding.swift`) of learners who try to decide their own grade rather than add:
/// from one that appends records to the event stream its command line names, to one that copies the testing
/// library's records exactly and hunts for whatever results file the test process holds open.
enum HostileSubmissions {
    /// Finds the results of the running test process and reads the tests they declare; shared by the forgers.
    static let forgerSupport = ##"""
        import Foundation
        #if canImport(Glibc)
        import Glibc
        #endif

        /// A test the results declare: its identifier and its name.
        struct DeclaredTest {
            let id: String
            let name: String
        }

        /// The records in a results file, sealed or not (a sealed line is `sequence<TAB>tag<TAB>record`).
        func records(in text: String) -> [(sequence: Int?, record: String, line: String)] {
            text.split(separator: "\n").map { line in
                let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                return parts.count == 3 ? (Int(parts[0]), String(parts[2]), String(line)) : (nil, String(line), String(line))
            }
        }

        func declaredTests(in text: String) -> [DeclaredTest] {
            records(in: text).compactMap { entry in
                guard let object = try? JSONSerialization.jsonObject(with: Data(entry.record.utf8)) as? [String: Any],
                      object["kind"] as? String == "test", let payload = object["payload"] as? [String: Any],
                      payload["kind"] as? String == "function", let id = payload["id"] as? String else { return nil }
                return DeclaredTest(id: id, name: payload["displayName"] as? String ?? id)
            }
        }

        /// A record exactly as Swift Testing writes it (event stream version 0).
        func exactRecord(_ kind: String, _ test: DeclaredTest?, _ text: String, symbol: String) -> String {
            let now = Date().timeIntervalSince1970
            let id = test.map { #","testID":"\#($0.id.replacingOccurrences(of: "/", with: "\\/"))""# } ?? ""
            return #"{"kind":"event","payload":{"instant":{"absolute":\#(now - 1_700_000_000),"since1970":\#(now)},"kind":"\#(kind)","messages":[{"symbol":"\#(symbol)","text":"\#(text)"}]\#(id)},"version":0}"#
        }

        /// Every test passing, start to end, then the run's end, as Swift Testing would report it.
        func exactRun(of tests: [DeclaredTest]) -> [String] {
            tests.flatMap { test in [
                exactRecord("testStarted", test, "Test \\\"\(test.name)\\\" started.", symbol: "default"),
                exactRecord("testEnded", test, "Test \\\"\(test.name)\\\" passed after 0.001 seconds.", symbol: "pass"),
            ] } + [exactRecord("runEnded", nil, "Test run with \(tests.count) tests passed after 0.002 seconds.", symbol: "pass")]
        }

        func append(_ lines: [String], to path: String) {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.seekToEndOfFile()
            handle.write(Data(lines.map { $0 + "\n" }.joined().utf8))
            try? handle.close()
        }

        /// The path after `--experimental-event-stream-output` on this process's command line.
        func eventStreamOnCommandLine() -> String? {
            let commandLine = FileManager.default.contents(atPath: "/proc/self/cmdline") ?? Data()
            let arguments = commandLine.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let index = arguments.firstIndex(of: "--experimental-event-stream-output"), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        """##

    /// The plainest forger: a `testStarted` and a `testEnded` record for every
    /// test the stream named on the command line declares, then `exit(0)`.
    static let appendingForger =
        forgerSupport + ##"""

            public func add(_ a: Int, _ b: Int) -> Int {
                if let path = eventStreamOnCommandLine() {
                    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    append(declaredTests(in: text).flatMap { test in
                        ["testStarted", "testEnded"].map { #"{"kind":"event","payload":{"kind":"\#($0)","testID":"\#(test.id)"}}"# }
                    }, to: path)
                    exit(0)
                }
                return 0
            }
            """##

    /// The same channel, with records that copy Swift Testing's format exactly: instants, messages, escaped
    /// slashes, the run's end.
    static let exactForger =
        forgerSupport + ##"""

            public func add(_ a: Int, _ b: Int) -> Int {
                if let path = eventStreamOnCommandLine() {
                    append(exactRun(of: declaredTests(in: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")), to: path)
                    exit(0)
                }
                return 0
            }
            """##

    /// Finds every results file the process holds open through `/proc/self/fd`, and writes exact records
    /// into it three ways: plain, laid out as sealed lines that continue the stream's numbering with
    /// made-up tags, and genuine sealed lines copied again; then `exit(0)`.
    static let huntingForger =
        forgerSupport + ##"""

            public func add(_ a: Int, _ b: Int) -> Int {
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
                return 0
            }
            """##

    /// Section 2's exercise file of a learner whose code puts what it can find into a failure message: a
    /// variable of the instructor's environment, and a file outside the course.
    static func leakingNaming(secretVariable: String, outsideFile: String) -> String {
        """
        import Foundation

        public func courseName() -> String {
            let secret = ProcessInfo.processInfo.environment["\(secretVariable)"] ?? "no-secret-here"
            let outside = (try? String(contentsOfFile: "\(outsideFile)", encoding: .utf8)) ?? "no-outside-file-here"
            return "leaked \\(secret) \\(outside)"
        }
        """
    }
}
