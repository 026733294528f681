import CoreTestSupport
import Foundation
import Testing

/// Small workbenches on disk with a real Package.swift, for running the real `coach` against.
enum FixtureWorkbench {
    /// Runs the built `coach` with `arguments` in `folder`, without a terminal and with no course variable
    /// of the test run's own, and returns its exit status and output.
    static func runCoach(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        guard let coach = BuiltProduct.executable(named: "coach") else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "coach is not built beside the tests"])
        }
        let process = Process()
        process.executableURL = coach
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for name in [
            "COURSE_TRACK", "COURSE_SECTIONS", "COURSE_SECTION_OVERRIDE", "COURSE_OWN_TESTS", "COURSE_LEARNER_TESTS",
            "COURSE_RESILIENT_SECTIONS",
        ] { environment[name] = "" }
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = FileManager.default.temporaryDirectory.appending(path: "coach-run-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }

    /// Writes `files` (path relative to the root → contents) into a new temporary folder and returns it,
    /// its module cache seeded with the modules the compiler builds from the toolchain's interfaces
    /// (``InterfaceModuleCache``) and its index store with the running tests' (``IndexStoreSeed``): the
    /// fixture's first build is still SwiftPM's first, at about half the cost.
    ///
    /// - Parameter committed: Whether the files are committed to a git repository of their own, for
    ///   commands that read the starters from git.
    static func make(_ files: [String: String], named name: String, committed: Bool = false) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "\(name)-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        if committed {
            let git = Process()
            git.executableURL = URL(filePath: "/bin/sh")
            git.arguments = [
                "-c", "git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm starter",
            ]
            git.currentDirectoryURL = root
            try git.run()
            git.waitUntilExit()
            #expect(git.terminationStatus == 0, "git could not commit the workbench in \(root.path)")
        }
        InterfaceModuleCache.seed(packageAt: root)
        IndexStoreSeed.seed(packageAt: root)
        return root
    }

    /// The running processes whose command line mentions `text` (zombies, already dead, have none).
    static func processes(mentioning text: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { Int32($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else {
                return nil
            }
            let commandLine = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return commandLine.contains(text) ? "\(pid): \(commandLine)" : nil
        }
    }
}

/// The grading harness, as a fixture workbench's manifest builds it: coach grades only through it.
enum GradingHarnessFiles {
    /// This repository's checkout, which holds the harness's sources.
    static let checkout = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The harness's source files, by path relative to a workbench's root.
    static var files: [String: String] {
        var files: [String: String] = [:]
        for folder in ["Sources/GradingSeal", "Tests/GradingHarness"] {
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: checkout.appending(path: folder).path)) ?? []
            for name in names where name.hasSuffix(".swift") {
                files["\(folder)/\(name)"] = try? String(
                    contentsOf: checkout.appending(path: "\(folder)/\(name)"), encoding: .utf8)
            }
        }
        return files
    }

    /// The targets a fixture's manifest adds to its own. The harness's linker setting makes the test program
    /// link with lld, as the workbench's does (its manifest sets it on every test target).
    static let targets = """
        [
            .target(name: "GradingSeal", path: "Sources/GradingSeal"),
            .testTarget(
                name: "GradingHarness", dependencies: ["GradingSeal"], path: "Tests/GradingHarness",
                linkerSettings: [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]
            ),
        ]
        """
}
