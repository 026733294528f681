import Foundation

/// Starts the `PersistenceProbe` program, built beside the test binary, as a second process.
public enum ProbeProcess {
    /// The probe program is missing: its target was not built with the tests.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "PersistenceProbe is not beside the test binary: build the package's tests with `swift build --build-tests`"
        }
    }

    /// Where the probe program is.
    public static var executableURL: URL {
        get throws {
            guard let probe = BuiltProduct.executable(named: "PersistenceProbe") else { throw Missing() }
            return probe
        }
    }

    /// Starts the probe with `arguments` and returns at once, its output discarded.
    public static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try executableURL
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Starts the probe with `arguments` and returns at once, with a pipe to read its output from.
    public static func startCapturingOutput(_ arguments: [String]) throws -> (process: Process, output: Pipe) {
        let process = Process()
        let output = Pipe()
        process.executableURL = try executableURL
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
        return (process, output)
    }

    /// Starts the probe with `arguments` and returns once it has printed `line`, so a test can act at a
    /// known point of the probe's work however busy the machine is.
    ///
    /// - Throws: `Missing` when the probe is not built; `ProbeEndedEarly` when it exits without printing `line`.
    public static func start(_ arguments: [String], waitingFor line: String) throws -> Process {
        let (process, output) = try startCapturingOutput(arguments)
        let reader = output.fileHandleForReading
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).split(separator: "\n").contains(Substring(line)) {
            let chunk = reader.availableData
            guard !chunk.isEmpty else {
                throw ProbeEndedEarly(expected: line, printed: String(decoding: printed, as: UTF8.self))
            }
            printed.append(chunk)
        }
        return process
    }

    /// The probe exited before printing the line a test waited for.
    public struct ProbeEndedEarly: Error, CustomStringConvertible {
        let expected: String
        let printed: String
        public var description: String { "the probe exited before printing \"\(expected)\"; it printed: \(printed)" }
    }

    /// Runs the probe to completion and returns its exit status and standard output.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let (process, output) = try startCapturingOutput(arguments)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The package's programs, built beside the test binary.
public enum BuiltProduct {
    /// The program `name` in the build folder the running tests came from, or nil when it was not built.
    public static func executable(named name: String) -> URL? {
        let testBinary = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath()
        let program = testBinary.deletingLastPathComponent().appending(path: name)
        return FileManager.default.isExecutableFile(atPath: program.path) ? program : nil
    }
}
