import CoreTestSupport
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker
import Testing

/// Whether this build's `notetaker` runs the reference solution, the only app whose behaviour these tests
/// can hold to: on the exercises track it runs the learner's unfinished Section 8.
#if COURSE_APP_IS_REFERENCE
let notetakerRunsTheReference = true
#else
let notetakerRunsTheReference = false
#endif

/// A data folder of its own and the `notetaker` program, for running the app as a user would.
struct NoteTakerHome {
    /// The folder `XDG_DATA_HOME` names for every run.
    let dataHome: URL
    /// A command that runs `notetaker` inside another, such as `bwrap … --ro-bind <folder> <folder>`; empty for none.
    var runAs: [String] = []

    /// A new, empty data folder.
    init() {
        dataHome = FileManager.default.temporaryDirectory.appending(path: "notetaker-app-\(UUID().uuidString)")
    }

    /// Deletes the data folder.
    func remove() {
        try? FileManager.default.removeItem(at: dataHome)
    }

    var program: URL {
        get throws {
            try #require(BuiltProduct.executable(named: "notetaker"), "notetaker is not built beside the tests")
        }
    }

    var environment: [String: String] {
        ["XDG_DATA_HOME": dataHome.path, "PERSISTENCE_APP_ID": "", "NO_COLOR": "1"]
    }

    /// Runs `notetaker` with `arguments` to the end, with `input` on its standard input, and returns its
    /// exit status and everything it printed.
    @discardableResult
    func run(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        let process = Process()
        if runAs.isEmpty {
            process.executableURL = try program
            process.arguments = arguments
        } else {
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = runAs + [try program.path] + arguments
        }
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

    /// Starts `notetaker` with `arguments`, its output discarded, and returns at once.
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The folder that stands for the device: the app containers and the vault.
    var deviceRoot: URL { dataHome.appending(path: "persistence-workbench") }

    /// The app's container on this device.
    var sandbox: AppSandbox { AppSandbox(appIdentifier: "notetaker", deviceRoot: deviceRoot) }

    /// A context on the app's store, opened the way the app opens it, to inspect what commands saved.
    func openStore() throws -> ModelContext {
        ModelContext(try NoteTakerStore.makeContainer(sandbox: sandbox))
    }

    /// The vault's item files, newest last.
    func vaultItemFiles() throws -> [URL] {
        let folder = sandbox.vaultDirectory.appending(path: "Items")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".item") && !$0.hasPrefix(".")
        }
        return try names.map { folder.appending(path: $0) }.sorted {
            let first =
                try $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate ?? .distantPast
            let second =
                try $1.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate ?? .distantPast
            return first < second
        }
    }

    /// Starts `notetaker` on a pseudo-terminal of its own.
    func startAtTerminal(_ arguments: [String]) throws -> PseudoTerminal {
        try PseudoTerminal.start(
            try program, arguments, in: FileManager.default.temporaryDirectory, environment: environment)
    }
}
