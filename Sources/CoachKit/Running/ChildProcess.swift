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
    /// Variables added to (or replacing those of) the environment the command starts with; an empty value
    /// removes the variable.
    public var environmentOverrides: [String: String]
    /// Whether the command starts with coach's own environment; otherwise with ``minimalEnvironment``
    /// alone, so that none of the variables of whoever runs coach (tokens in CI) reaches it.
    public var inheritsEnvironment: Bool
    /// Bytes the command reads from a file descriptor of its own: coach writes them into a pipe the command
    /// inherits on that descriptor, and closes its end, so only the command can read them, and only once.
    public var input: (descriptor: Int32, data: Data)?
    /// The file that receives standard output and standard error.
    public var logFile: URL
    /// Decides when to stop the command early, or `nil` to let it run to its end.
    public var watchdog: (any ChildProcessWatchdog)?
    /// Whether the command's environment carries a variable unique to this run, by which every process it
    /// starts is found when it is stopped, even one that left its process group. By default every command
    /// carries it but SwiftPM's builds and package commands (``isSwiftPMBuild(_:)``): SwiftPM keys its cache
    /// of evaluated manifests by the whole environment, so a variable unique to the run made it compile and
    /// run the package's manifest and every dependency's again, seconds at every start; and what a build
    /// starts (compilers, the linker) stays its descendant, found by parent links alone.
    public var marksItsProcesses: Bool

    /// Describes a command to run; nothing starts until `run()`.
    public init(
        _ arguments: [String],
        in workingDirectory: URL,
        environment overrides: [String: String] = [:],
        inheritsEnvironment: Bool = true,
        logFile: URL,
        watchdog: (any ChildProcessWatchdog)? = nil,
        input: (descriptor: Int32, data: Data)? = nil
    ) {
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.environmentOverrides = overrides
        self.inheritsEnvironment = inheritsEnvironment
        self.logFile = logFile
        self.watchdog = watchdog
        self.input = input
        self.marksItsProcesses = !Self.isSwiftPMBuild(arguments)
    }

    /// Whether `arguments` run `swift build` or `swift package`, which compile and describe but run none of
    /// the package's own programs (`swift test` and `swift run` do, and keep the marker).
    static func isSwiftPMBuild(_ arguments: [String]) -> Bool {
        guard let swift = arguments.firstIndex(where: { $0 == "swift" || $0.hasSuffix("/swift") }),
            swift + 1 < arguments.count
        else { return false }
        return ["build", "package"].contains(arguments[swift + 1])
    }

    /// The whole environment of a command that does not inherit coach's: `PATH`, to find the toolchain,
    /// and a UTF-8 locale. Everything else a command needs (its `HOME`, what to build) it is given.
    public static var minimalEnvironment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
    }

    /// Runs the command until it ends or its watchdog stops it, then stops every process it left running.
    ///
    /// Once coach is stopping after an interrupt, it never returns: coach is about to exit.
    ///
    /// - Throws: `CoachError.cannotLaunch` when the process cannot be started.
    public func run() throws -> ProcessTermination {
        try FileManager.default.createDirectory(
            at: logFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let marker = marksItsProcesses ? "\(Self.markerVariable)=\(UUID().uuidString)" : nil
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

    private func spawn(marker: String?) throws -> pid_t {
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
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
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

        var environment = inheritsEnvironment ? ProcessInfo.processInfo.environment : Self.minimalEnvironment
        environment.merge(environmentOverrides) { _, override in override }
        // An empty value stands for an unset variable: a build's environment then matches the shell's, where
        // the course's variables are usually unset, and SwiftPM reuses the plan `swift run coach` made.
        let environmentLines =
            environment.filter { $0.key != Self.markerVariable && !$0.value.isEmpty }.map { "\($0.key)=\($0.value)" }
            + (marker.map { [$0] } ?? [])

        let pipe = try input.map { try InputPipe(for: $0.descriptor, actions: &fileActions) }

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
            pipe?.abandon()
            throw CoachError.cannotLaunch(
                command: arguments.joined(separator: " "), reason: String(cString: strerror(status)))
        }
        if let pipe, let input { pipe.send(input.data) }
        return pid
    }

    static func termination(fromWaitStatus status: Int32) -> ProcessTermination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// The pipe that carries a ``ChildProcess``'s input to one of its file descriptors.
private struct InputPipe {
    let readEnd: Int32
    let writeEnd: Int32

    /// Makes the pipe and arranges for the child to have its read end as `descriptor`.
    ///
    /// Both ends are close-on-exec and kept above the standard descriptors, so that no other command coach
    /// starts meanwhile inherits them (a stray write end would keep the child from ever reading the end).
    init(for descriptor: Int32, actions: inout posix_spawn_file_actions_t) throws {
        var ends: [Int32] = [0, 0]
        guard Self.pipeClosedOnExec(&ends) == 0 else {
            throw CoachError.cannotLaunch(command: "pipe", reason: String(cString: strerror(errno)))
        }
        readEnd = fcntl(ends[0], F_DUPFD_CLOEXEC, 10)
        writeEnd = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        close(ends[0])
        close(ends[1])
        // dup2 leaves the new descriptor open across exec.
        posix_spawn_file_actions_adddup2(&actions, readEnd, descriptor)
    }

    /// `pipe2(ends, O_CLOEXEC)`: both ends close-on-exec from the start, so that a command another thread
    /// starts meanwhile cannot inherit them. Glibc's module leaves `pipe2` out, so it is found by name.
    private static func pipeClosedOnExec(_ ends: inout [Int32]) -> Int32 {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let program = dlopen(nil, RTLD_NOW), let address = dlsym(program, "pipe2") else { return -1 }
        return unsafeBitCast(address, to: Pipe2.self)(&ends, O_CLOEXEC)
    }

    /// Closes the read end and writes `data` into the pipe from another thread, then closes it: the child
    /// reads it whenever it is ready, even when it is more than the pipe holds.
    func send(_ data: Data) {
        close(readEnd)
        let writeEnd = self.writeEnd
        Thread.detachNewThread {
            // A child that exits unread makes the write fail with EPIPE; blocked here, SIGPIPE cannot end coach.
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(writeEnd, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
    }

    /// Closes both ends of a pipe no child was started for.
    func abandon() {
        close(readEnd)
        close(writeEnd)
    }
}

private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result)
    -> Result
{
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
