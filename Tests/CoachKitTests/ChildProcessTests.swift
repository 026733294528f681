import Foundation
import Synchronization
import Testing

@testable import CoachKit

/// Commands that start helpers outside their process group and session, and what is left of them after.
@Suite("Stopping a command and everything it started")
struct ChildProcessTests {
    /// A `sleep` with an argument no other process has, so the test can find exactly its own helpers.
    let sleeper = "sleep 1000.\(UInt32.random(in: 1...UInt32.max))"

    /// The running processes whose command line is `command`, split at spaces.
    static func processes(running command: String) -> [pid_t] {
        let wanted = Array(command.replacingOccurrences(of: " ", with: "\0").utf8) + [0]
        return ProcessTable.current().entries.keys.filter { pid in
            ProcessTable.readFile("/proc/\(pid)/cmdline") == wanted
        }
    }

    func helpers() -> [pid_t] { Self.processes(running: sleeper) }

    /// Stops the command once `count` helpers run (or after 20 seconds), remembering how many it saw.
    final class StopOnceHelpersRun: ChildProcessWatchdog {
        let count: Int
        let helper: String
        let deadline = ContinuousClock.now + .seconds(20)
        let seen = Atomic<Int>(0)

        init(count: Int, helper: String) {
            self.count = count
            self.helper = helper
        }

        func shouldStop(at now: ContinuousClock.Instant) -> Bool {
            let running = ChildProcessTests.processes(running: helper).count
            seen.store(running, ordering: .relaxed)
            return running >= count || now > deadline
        }
    }

    func run(_ script: String, watchdog: (any ChildProcessWatchdog)? = nil) throws -> ProcessTermination {
        let folder = FileManager.default.temporaryDirectory
        let log = folder.appending(path: "coach-child-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        return try ChildProcess(["sh", "-c", script], in: folder, logFile: log, watchdog: watchdog).run()
    }

    @Test("a stopped command takes with it helpers in their own session, orphaned ones too")
    func stopsHelpersInOtherSessions() throws {
        let watchdog = StopOnceHelpersRun(count: 3, helper: sleeper)
        let script = "setsid -f \(sleeper); (setsid \(sleeper) &); \(sleeper) & wait"

        #expect(try run(script, watchdog: watchdog) == .timedOut)
        #expect(watchdog.seen.load(ordering: .relaxed) == 3, "the helpers never all ran")
        #expect(helpers().isEmpty)
    }

    @Test("a helper that clears its environment and leaves the session is found through its parent")
    func stopsHelpersWithoutMarker() throws {
        let watchdog = StopOnceHelpersRun(count: 1, helper: sleeper)

        #expect(try run("setsid env -i \(sleeper) & wait", watchdog: watchdog) == .timedOut)
        #expect(watchdog.seen.load(ordering: .relaxed) == 1, "the helper never ran")
        #expect(helpers().isEmpty)
    }

    @Test("helpers a command leaves behind when it exits are stopped as it ends")
    func stopsLeftoversOfFinishedCommand() throws {
        #expect(
            try run("setsid -f \(sleeper); while [ -z \"$(pgrep -f '\(sleeper)')\" ]; do sleep 0.05; done; exit 3")
                == .exited(3))
        #expect(helpers().isEmpty)
    }

    @Test("a command that ends on its own reports its exit status")
    func reportsExitStatus() throws {
        #expect(try run("exit 0") == .exited(0))
        #expect(try run("kill -TERM $$") == .signalled(SIGTERM))
    }

    @Test("a command that does not inherit coach's environment sees only the listed variables, never coach's own")
    func minimalEnvironment() throws {
        setenv("COACH_TEST_INSTRUCTOR_TOKEN", "hunter2", 1)
        defer { unsetenv("COACH_TEST_INSTRUCTOR_TOKEN") }
        let log = FileManager.default.temporaryDirectory.appending(path: "coach-env-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let termination = try ChildProcess(
            ["/usr/bin/env"], in: URL(filePath: "/"), environment: ["HOME": "/nowhere"], inheritsEnvironment: false,
            logFile: log
        ).run()
        #expect(termination == .exited(0))
        let names = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
            String($0.prefix { $0 != "=" })
        }
        #expect(names.sorted() == ["COACH_CHILD_RUN", "HOME", "LANG", "PATH"])
    }

    @Test(
        "SwiftPM's builds and package commands see no run marker, which would make SwiftPM evaluate every manifest again; swift test and other commands do"
    )
    func swiftPMBuildsCarryNoMarker() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "coach-swift-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in `swift` that prints the environment it was started with, run by `sh` (executing a file
        // just written can fail with "text file busy" while another test's thread forks).
        let swift = folder.appending(path: "swift")
        try Data("exec /usr/bin/env\n".utf8).write(to: swift)
        func sawMarker(_ arguments: [String]) throws -> Bool {
            let log = folder.appending(path: "\(UUID().uuidString).log")
            let termination = try ChildProcess(
                ["/bin/sh", swift.path] + arguments, in: folder, environment: ["HOME": "/nowhere"],
                inheritsEnvironment: false, logFile: log
            ).run()
            #expect(termination == .exited(0))
            return try String(contentsOf: log, encoding: .utf8).contains("COACH_CHILD_RUN=")
        }
        #expect(try !sawMarker(["build", "--product", "WorkbenchPackageTests"]))
        #expect(try !sawMarker(["package", "describe", "--type", "json"]))
        #expect(try sawMarker(["test", "--skip-build"]))
        #expect(try sawMarker(["run", "notetaker"]))
        #expect(ChildProcess.isSwiftPMBuild(["nice", "-n", "19", "swift", "build"]))
        #expect(!ChildProcess.isSwiftPMBuild(["/usr/bin/env", "build"]))
        #expect(!ChildProcess.isSwiftPMBuild(["swift"]))
    }

    @Test("bytes given as input reach the command on their file descriptor, and only there")
    func inputDescriptor() throws {
        let log = FileManager.default.temporaryDirectory.appending(path: "coach-input-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let termination = try ChildProcess(
            ["/bin/sh", "-c", "cat <&3; cat <&3; echo end"], in: URL(filePath: "/"), logFile: log,
            input: (3, Data("the request\n".utf8))
        ).run()
        #expect(termination == .exited(0))
        #expect(try String(contentsOf: log, encoding: .utf8) == "the request\nend\n")
    }
}
