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
    /// It ran past its time limit and was stopped.
    case timedOut

    /// Whether it exited with status 0.
    public var succeeded: Bool { self == .exited(0) }
}

/// Runs one command in its own process group with its output sent to a log file, and stops the whole
/// group (the command and every process it started) when a time limit passes.
///
/// The group matters for `swift test`, which starts the test binary as a child: stopping only
/// `swift test` would leave a hanging test running.
public struct ChildProcess: Sendable {
    /// The program and its arguments; the program is looked up on `PATH`.
    public var arguments: [String]
    /// The folder the command runs in.
    public var workingDirectory: URL
    /// Variables added to (or replacing those of) coach's own environment.
    public var environmentOverrides: [String: String]
    /// The file that receives standard output and standard error.
    public var logFile: URL
    /// The wall-clock limit, or `nil` for none.
    public var timeLimit: Duration?
    /// When set, the time limit starts only once this file exists (for `swift test`, once the test
    /// binary starts writing its event stream), so a slow build is never mistaken for a hang.
    public var timeLimitStartsWith: URL?

    /// Describes a command to run; nothing starts until `run()`.
    public init(
        _ arguments: [String],
        in workingDirectory: URL,
        environment overrides: [String: String] = [:],
        logFile: URL,
        timeLimit: Duration? = nil,
        timeLimitStartsWith trigger: URL? = nil
    ) {
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.environmentOverrides = overrides
        self.logFile = logFile
        self.timeLimit = timeLimit
        self.timeLimitStartsWith = trigger
    }

    /// Runs the command to completion or to its time limit.
    ///
    /// - Throws: `CoachError.cannotLaunch` when the process cannot be started.
    public func run() throws -> ProcessTermination {
        try FileManager.default.createDirectory(at: logFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let pid = try spawn()
        ChildProcessRegistry.shared.register(pid)
        defer { ChildProcessRegistry.shared.unregister(pid) }

        var deadline = timeLimitStartsWith == nil ? timeLimit.map { ContinuousClock.now + $0 } : nil
        while true {
            if deadline == nil, let timeLimit, let trigger = timeLimitStartsWith, FileManager.default.fileExists(atPath: trigger.path) {
                deadline = ContinuousClock.now + timeLimit
            }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return Self.termination(fromWaitStatus: status) }
            if result == -1 && errno != EINTR { return .exited(-1) }
            if let deadline, ContinuousClock.now >= deadline {
                Self.stopGroup(pid)
                _ = waitpid(pid, &status, 0)
                return .timedOut
            }
            usleep(20_000)
        }
    }

    private func spawn() throws -> pid_t {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 1, logFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&fileActions, 1, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        var environment = ProcessInfo.processInfo.environment
        environment.merge(environmentOverrides) { _, override in override }
        let environmentLines = environment.map { "\($0.key)=\($0.value)" }

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

    /// Asks the process group led by `pid` to stop, then forces it after a short grace period.
    static func stopGroup(_ pid: pid_t) {
        kill(-pid, SIGTERM)
        for _ in 0..<50 {
            if kill(-pid, 0) != 0 { return }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
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

/// The process groups coach has started, so that Ctrl-C stops them too instead of leaving them running.
final class ChildProcessRegistry: @unchecked Sendable {
    static let shared = ChildProcessRegistry()
    private let lock = NSLock()
    private var groups: Set<pid_t> = []

    func register(_ pid: pid_t) { lock.withLock { _ = groups.insert(pid) } }
    func unregister(_ pid: pid_t) { lock.withLock { _ = groups.remove(pid) } }

    /// Stops every running group; called when coach itself is interrupted.
    func stopAll() {
        for pid in lock.withLock({ groups }) { ChildProcess.stopGroup(pid) }
    }
}

/// Makes Ctrl-C and `kill` stop coach's child process groups before coach exits.
public enum InterruptForwarding {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Installs the handlers once; later calls do nothing.
    public static func install() {
        guard sources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                ChildProcessRegistry.shared.stopAll()
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
