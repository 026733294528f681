import CoreTestSupport
import Foundation
import Testing

/// Whether this build's `notetaker` runs the reference solution, the only app whose behaviour these tests
/// can hold to: on the exercises track it runs the learner's unfinished Section 8.
#if NOTETAKER_REFERENCE
let notetakerRunsTheReference = true
#else
let notetakerRunsTheReference = false
#endif

/// A data folder of its own and the `notetaker` program, for running the app as a user would.
struct NoteTakerHome {
    /// The folder `XDG_DATA_HOME` names for every run.
    let dataHome: URL

    /// A new, empty data folder.
    init() {
        dataHome = FileManager.default.temporaryDirectory.appending(path: "notetaker-app-\(UUID().uuidString)")
    }

    /// Deletes the data folder.
    func remove() {
        try? FileManager.default.removeItem(at: dataHome)
    }

    var program: URL {
        get throws { try #require(BuiltProduct.executable(named: "notetaker"), "notetaker is not built beside the tests") }
    }

    var environment: [String: String] {
        ["XDG_DATA_HOME": dataHome.path, "PERSISTENCE_APP_ID": "", "NO_COLOR": "1"]
    }

    /// Runs `notetaker` with `arguments` to the end, with `input` on its standard input, and returns its
    /// exit status and everything it printed.
    @discardableResult
    func run(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let output = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Starts `notetaker` on a pseudo-terminal of its own.
    func startAtTerminal(_ arguments: [String]) throws -> PseudoTerminal {
        try PseudoTerminal.start(try program, arguments, in: FileManager.default.temporaryDirectory, environment: environment)
    }
}
