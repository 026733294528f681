import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program running on a pseudo-terminal, as a person at a terminal runs it: the terminal is its
/// standard input, output and error and its controlling terminal (so `/dev/tty` and `getpass` reach it).
/// A test types into it and reads what it prints.
///
/// ```swift
/// let session = try PseudoTerminal.start(coach, ["watch", "1"], in: workbench)
/// try session.waitFor("checks pass", within: .seconds(120))
/// try session.type("q\n")
/// #expect(try session.waitForExit(within: .seconds(10)) == 0)
/// ```
public final class PseudoTerminal {
    /// A wait ran past its limit; the message says what was awaited and shows the screen so far.
    public struct Timeout: Error, CustomStringConvertible {
        public var description: String
    }

    /// The program's process identifier; it leads its own session and process group.
    public let pid: pid_t
    private let master: Int32
    private var output = Data()
    private var exitStatus: Int32?

    /// Everything the program has printed so far, as text.
    public var transcript: String { String(decoding: output, as: UTF8.self) }

    /// Starts `executable` with `arguments` in `folder` on a new pseudo-terminal.
    ///
    /// - Parameter environment: Variables that replace or add to this process's own.
    /// - Throws: `POSIXError` when the terminal cannot be made or the program cannot start.
    public static func start(
        _ executable: URL,
        _ arguments: [String],
        in folder: URL,
        environment: [String: String] = [:]
    ) throws -> PseudoTerminal {
        let (master, slavePath) = try openTerminalPair()
        var size = winsize(ws_row: 50, ws_col: 150, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The new session has no controlling terminal; opening the slave without O_NOCTTY makes it one.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80 /* POSIX_SPAWN_SETSID */))

        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, given in given }
        variables["TERM"] = variables["TERM"] ?? "xterm-256color"
        // `env -C` enters the folder and then replaces itself with the program, keeping the pid.
        let argv = ["/usr/bin/env", "-C", folder.path, executable.path] + arguments
        let envp = variables.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStringArray(argv) { argvPointer in
            withCStringArray(envp) { envPointer in
                posix_spawn(&pid, argv[0], &actions, &attributes, argvPointer, envPointer)
            }
        }
        guard status == 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        return PseudoTerminal(pid: pid, master: master)
    }

    private init(pid: pid_t, master: Int32) {
        self.pid = pid
        self.master = master
    }

    deinit {
        if exitStatus == nil {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Types `text` at the terminal, as keys pressed ("\n" is Enter).
    public func type(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Self.posixError()
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Waits until the output printed after `offset` bytes contains `text`, and returns the offset just
    /// past it, so a test can wait for the next occurrence.
    ///
    /// - Throws: `Timeout` when `text` has not appeared within `limit`, or the program ended first.
    @discardableResult
    public func waitFor(_ text: String, after offset: Int = 0, within limit: Duration) throws -> Int {
        let deadline = ContinuousClock.now + limit
        let needle = Data(text.utf8)
        while true {
            if output.count > offset, let range = output[offset...].range(of: needle) {
                return range.upperBound
            }
            guard ContinuousClock.now < deadline else {
                throw Timeout(
                    description: "\"\(text)\" did not appear within \(limit); the terminal shows:\n\(transcript)")
            }
            if !readAvailable(waitingUpTo: 100), exitStatus != nil || reapIfExited() {
                if output.count > offset, output[offset...].range(of: needle) != nil { continue }
                throw Timeout(
                    description: "the program exited before \"\(text)\" appeared; the terminal shows:\n\(transcript)")
            }
        }
    }

    /// The number of bytes printed so far: an offset for ``waitFor(_:after:within:)``.
    public var printedCount: Int { output.count }

    /// Waits for the program to exit and returns its exit status (128 + the signal for a signal).
    ///
    /// - Throws: `Timeout` when it is still running after `limit`; it is then killed.
    public func waitForExit(within limit: Duration) throws -> Int32 {
        let deadline = ContinuousClock.now + limit
        while exitStatus == nil && !reapIfExited() {
            guard ContinuousClock.now < deadline else {
                kill(-pid, SIGKILL)
                throw Timeout(
                    description: "the program did not exit within \(limit); the terminal shows:\n\(transcript)")
            }
            _ = readAvailable(waitingUpTo: 50)
        }
        while readAvailable(waitingUpTo: 0) {}
        return exitStatus ?? -1
    }

    /// Reads what the program has printed; returns whether anything arrived within `milliseconds`.
    private func readAvailable(waitingUpTo milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        output.append(contentsOf: buffer[0..<count])
        return true
    }

    private func reapIfExited() -> Bool {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        let signal = status & 0x7f
        exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return true
    }

    /// Opens a new terminal pair: the master end for the test, and the path of the end the program gets.
    ///
    /// Works through `/dev/ptmx` and its ioctls because Swift's Glibc module leaves out `posix_openpt`,
    /// `unlockpt` and `ptsname` (they need `_XOPEN_SOURCE`); the numbers are Linux's `TIOCSPTLCK` and
    /// `TIOCGPTN`.
    private static func openTerminalPair() throws -> (master: Int32, slavePath: String) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw posixError() }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            let error = posixError()
            close(master)
            throw error
        }
        return (master, "/dev/pts/\(number)")
    }

    private static func posixError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}

private func withCStringArray<Result>(
    _ strings: [String],
    _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
