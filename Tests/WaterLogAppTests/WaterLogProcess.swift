import CoreTestSupport
import Foundation
import Testing

/// Whether this build's `waterlog` runs the reference solution, the only app whose behaviour these tests
/// can hold to: on the exercises track it runs the learner's unfinished Section 14.
#if COURSE_APP_IS_REFERENCE
let waterlogRunsTheReference = true
#else
let waterlogRunsTheReference = false
#endif

/// A data folder of its own and the `waterlog` program, for running the app as a user would.
struct WaterLogHome {
    /// The folder `XDG_DATA_HOME` names for every run.
    let dataHome = FileManager.default.temporaryDirectory.appending(path: "waterlog-app-\(UUID().uuidString)")

    /// Deletes the data folder.
    func remove() {
        try? FileManager.default.removeItem(at: dataHome)
    }

    /// Runs `waterlog` with `arguments` to the end and returns its exit status and everything it printed.
    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try #require(
            BuiltProduct.executable(named: "waterlog"), "waterlog is not built beside the tests")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_DATA_HOME": dataHome.path, "PERSISTENCE_APP_ID": "", "NO_COLOR": "1", "TZ": "UTC"]
        ) { _, given in given }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
