import Foundation
import Testing

/// Starts the `PersistenceProbe` program, built beside the test binary, as a second process.
enum ProbeProcess {
    /// Where the probe program is.
    static var executableURL: URL {
        get throws {
            let testBinary = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath()
            let probe = testBinary.deletingLastPathComponent().appending(path: "PersistenceProbe")
            try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build the PersistenceProbe target first")
            return probe
        }
    }

    /// Starts the probe with `arguments` and returns at once.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try executableURL
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs the probe to completion and returns its exit status and standard output.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        let output = Pipe()
        process.executableURL = try executableURL
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
