import CoreTestSupport
import Foundation
import Testing

/// The sync tests' second process.
enum CloudProbeProcess {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "CloudProbe is not beside the test binary: build the package's tests with `swift build --build-tests`"
        }
    }

    /// What a probe that ran to completion left: its exit status, standard output and standard error.
    struct Finished {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The probe built beside the test binary.
    static func builtProbe() throws -> URL {
        guard let probe = BuiltProduct.executable(named: "CloudProbe") else { throw Missing() }
        return probe
    }

    /// Starts the probe; its standard error is captured into `errors` when one is given, else the tests' own.
    static func start(
        _ arguments: [String], executable: URL? = nil, errors: Pipe? = nil
    ) throws -> (process: Process, output: Pipe) {
        let process = Process()
        let output = Pipe()
        process.executableURL = try executable ?? builtProbe()
        process.arguments = arguments
        process.standardOutput = output
        if let errors { process.standardError = errors }
        try process.run()
        return (process, output)
    }

    /// Runs the probe to completion.
    static func run(_ arguments: [String], executable: URL? = nil) throws -> Finished {
        let errors = Pipe()
        let (process, output) = try start(arguments, executable: executable, errors: errors)
        // Standard error is read beside standard output, so that a probe filling one pipe never waits on the other.
        let errorText = ReadInBackground(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Finished(
            status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), errors: errorText.wait())
    }

    /// A file handle read to its end on another thread.
    private final class ReadInBackground: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            DispatchQueue.global().async {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }
        }

        func wait() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// A copy of the probe inside `folder`, in a folder that only the user running the tests may enter:
    /// a probe that drops to the user "nobody" then runs from a folder it cannot reach, as it does when
    /// the checkout lies in a private folder, wherever this checkout lies.
    static func copyInPrivateFolder(in folder: URL) throws -> URL {
        let bin = folder.appending(path: "Private", directoryHint: .isDirectory).appending(
            path: "bin", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o700], ofItemAtPath: bin.deletingLastPathComponent().path)
        let copy = bin.appending(path: "CloudProbe")
        // Copied by `cp`, not in this process: a test forking a child on another thread while this process
        // held the copy open for writing would pass that descriptor on, and starting the copy would then
        // fail with "Text file busy" (ETXTBSY) for as long as that child lives.
        let cp = Process()
        cp.executableURL = URL(filePath: "/bin/cp")
        cp.arguments = ["-p", try builtProbe().path, copy.path]
        try cp.run()
        cp.waitUntilExit()
        guard cp.terminationStatus == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSLocalizedDescriptionKey: "cp could not copy the probe to \(copy.path)"])
        }
        return copy
    }

    /// Starts the probe, waits for it to print "ready", lets it run until `condition` holds (or a
    /// while passes), and kills it with SIGKILL.
    static func runAndKill(_ arguments: [String], when condition: () throws -> Bool) throws {
        try runAndKill(
            arguments,
            killing: { process in
                let deadline = Date().addingTimeInterval(20)
                while process.isRunning, Date() < deadline, !(try condition()) { usleep(200) }
            })
    }

    /// Starts the probe, waits for it to print "ready", lets it run for a random moment of at most
    /// `maximumWait` microseconds, and kills it with SIGKILL; returns what it printed until then.
    @discardableResult
    static func runAndKill(_ arguments: [String], afterAtMost maximumWait: UInt32) throws -> String {
        try runAndKill(arguments, killing: { _ in usleep(UInt32.random(in: 0...maximumWait)) })
    }

    @discardableResult
    private static func runAndKill(_ arguments: [String], killing wait: (Process) throws -> Void) throws -> String {
        let (process, output) = try start(arguments)
        let reader = output.fileHandleForReading
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("ready\n") {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        try wait(process)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return String(decoding: printed, as: UTF8.self)
    }
}
