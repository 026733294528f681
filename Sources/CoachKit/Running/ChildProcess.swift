import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child process ended.
public enum ProcessTermination: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// Its watchdog asked for it to stop (a check ran past its time limit), and it was stopped.
    case timedOut

    /// Whether it exited with status 0.
    public var succeeded: Bool { self == .exited(0) }
}

/// Decides, while a child process runs, whether it must be stopped.
///
/// ``ChildProcess`` asks about every 20 ms; `swift test` runs are watched by one that reads the tests'
/// event stream and answers yes once a check has run past its time limit.
public protocol ChildProcessWatchdog: Sendable {
    /// Whether the command must be stopped now.
    ///
    /// - Parameter now: The time of the question, so a watchdog can be tested with made-up times.
    func shouldStop(at now: ContinuousClock.Instant) -> Bool
}

/// Runs one command with its output sent to a log file, and makes sure that nothing it started outlives it.
///
/// `swift test` starts the test binary in a process group of its own, and a test may start helpers in
/// yet another group or session, so stopping the command's process group is not enough. Every process a
/// run starts is found instead by what it cannot shed (see `ChildProcess+Stopping.swift`): its parent
/// links, and a variable every descendant inherits, `COACH_CHILD_RUN`, unique to the run. Whatever is
/// left is stopped when the watchdog says so, when the command exits, and when coach is interrupted.
///
/// ```swift
/// let termination = try ChildProcess(["swift", "build"], in: workbench.root, logFile: log).run()
/// ```
public struct ChildProcess: Sendable {
    /// The program and its arguments; the program is looked up on `PATH`.
    public var arguments: [String]
    /// The folder the command runs in.
    public var workingDirectory: URL
    /// Variables added to (or replacing those of) coach's own environment.
    public var environmentOverrides: [String: String]
    /// The file that receives standard output and standard error.
    public var logFile: URL
    /// Decides when to stop the command early, or `nil` to let it run to its end.
    public var watchdog: (any ChildProcessWatchdog)?

    /// Describes a command to run; nothing starts until `run()`.
    public init(
        _ arguments: [String],
        in workingDirectory: URL,
        environment overrides: [String: String] = [:],
        logFile: URL,
        watchdog: (any ChildProcessWatchdog)? = nil
    ) {
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.environmentOverrides = overrides
        self.logFile = logFile
        self.watchdog = watchdog
    }

    /// Runs the command until it ends or its watchdog stops it, then stops every process it left running.
    ///
    /// Once coach is stopping after an interrupt, it never returns: coach is about to exit.
    ///
    /// - Throws: `CoachError.cannotLaunch` when the process cannot be started.
    public func run() throws -> ProcessTermination {
        try FileManager.default.createDirectory(at: logFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let marker = "\(Self.markerVariable)=\(UUID().uuidString)"
        let run = try ChildProcessRegistry.shared.start(marker: marker) { try spawn(marker: marker) }
        let termination = waitForEnd(of: run)
        ChildProcessRegistry.shared.finish(run)
        ChildProcessRegistry.shared.waitForExitIfStopping()
        return termination
    }

    /// Waits for the command to exit or for the watchdog to stop it, then stops what is left of the run.
    private func waitForEnd(of run: RunningChild) -> ProcessTermination {
        while true {
            var status: Int32 = 0
            let result = waitpid(run.pid, &status, WNOHANG)
            if result == run.pid {
                // The command is done, but a helper a test started may not be.
                Self.stop(run, commandReaped: true)
                return Self.termination(fromWaitStatus: status)
            }
            if result == -1 && errno != EINTR {
                Self.stop(run, commandReaped: true)
                return .exited(-1)
            }
            if let watchdog, watchdog.shouldStop(at: .now) {
                Self.stop(run, commandReaped: false)
                _ = waitpid(run.pid, &status, 0)
                return .timedOut
            }
            usleep(20_000)
        }
    }

    private func spawn(marker: String) throws -> pid_t {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 1, logFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&fileActions, 1, 2)

        // Its own process group keeps a Ctrl-C at coach's terminal from reaching the command directly:
        // coach stops it, and everything it started, itself.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        // coach ignores the signals it handles on a dispatch queue, and an ignored signal stays ignored
        // across exec: without this, `swift test` and the tests would shrug off the SIGTERM that asks them
        // to stop.
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { sigaddset(&defaultSignals, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var noBlockedSignals = sigset_t()
        sigemptyset(&noBlockedSignals)
        posix_spawnattr_setsigmask(&attributes, &noBlockedSignals)

        var environment = ProcessInfo.processInfo.environment
        environment.merge(environmentOverrides) { _, override in override }
        let environmentLines = environment.filter { $0.key != Self.markerVariable }.map { "\($0.key)=\($0.value)" } + [marker]

        // `env -C` enters the working directory and then replaces itself with the command, keeping the pid,
        // so coach never changes its own directory.
        let command = ["env", "-C", workingDirectory.path] + arguments
        var pid: pid_t = 0
        let status = withCStrings(command) { argv in
            withCStrings(environmentLines) { envp in
                posix_spawnp(&pid, command[0], &fileActions, &attributes, argv, envp)
            }
        }
        guard status == 0 else {
            throw CoachError.cannotLaunch(command: arguments.joined(separator: " "), reason: String(cString: strerror(status)))
        }
        return pid
    }

    static func termination(fromWaitStatus status: Int32) -> ProcessTermination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
