@testable import CoachKit
import Foundation
import Testing

/// The sandbox this machine offers.
enum HostSandbox {
    static let detected = GradingSandbox.detect(logFolder: FileManager.default.temporaryDirectory)
}

/// What a submission's code can see in the bubblewrap sandbox: the work copy and what building needs, and
/// nothing else of the machine.
@Suite("The grading sandbox", .enabled(if: HostSandbox.detected.isSandboxed, "bubblewrap cannot start a sandbox here"))
struct GradingSandboxTests {
    static let sandbox = HostSandbox.detected

    /// This repository's checkout: another checkout on the same machine, as far as the fixture is concerned.
    static let otherCheckout = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `script` with `sh` in a work copy's sandbox of a fresh fixture workbench, returning its output.
    func runInSandbox(_ script: String, prepare: (Workbench, WorkCopy) throws -> Void = { _, _ in }) throws -> String {
        let workbench = try WorkbenchFixture.make()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let copy = WorkCopy(number: 1, workbench: workbench, sandboxed: true)
        for folder in [copy.buildFolder.appending(path: "coach"), copy.exercisesFolder, copy.privateFolder, copy.logFolder] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("// the learner's\n".utf8).write(to: copy.exercisesFolder.appending(path: "Mine.swift"))
        try prepare(workbench, copy)
        let log = copy.logFolder.appending(path: "sandbox.log")
        let command = Self.sandbox.command(["/bin/sh", "-c", script], in: copy, workbench: workbench, buildWritable: false)
        _ = try ChildProcess(command, in: workbench.root, inheritsEnvironment: false, logFile: log).run()
        return try String(contentsOf: log, encoding: .utf8)
    }

    @Test("a file outside the checkout, such as another checkout's Solutions/, cannot be read or listed")
    func outsideIsInvisible() throws {
        let solution = Self.otherCheckout.appending(path: "Solutions/Section1Strategy")
        try #require(FileManager.default.fileExists(atPath: solution.path), "this checkout has no \(solution.path)")
        let output = try runInSandbox("ls \(solution.path) >/dev/null 2>&1 && echo LISTED; cat \(Self.otherCheckout.path)/Package.swift >/dev/null 2>&1 && echo READ; echo done")
        #expect(output == "done\n")
    }

    @Test("the checkout's own Solutions/, course/ and .git and the instructor's home are hidden; its sources and the work copy are there")
    func checkoutIsTrimmed() throws {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let output = try runInSandbox(
            """
            for path in Solutions/Section1Basics/Answer.swift course/01/lesson.md .git/HEAD \(home); do
              test -e "$path" && echo "visible: $path"
            done
            test -r Package.swift && test -r Tests/Section1BasicsTests/Checks.swift && test -r course/course.json && echo sources
            cat Exercises/Mine.swift
            """
        ) { workbench, _ in
            try FileManager.default.createDirectory(at: workbench.root.appending(path: ".git"), withIntermediateDirectories: true)
            try Data("ref: refs/heads/main\n".utf8).write(to: workbench.root.appending(path: ".git/HEAD"))
        }
        #expect(output == "sources\n// the learner's\n")
    }

    @Test("the sandbox's processes hold no capabilities")
    func noCapabilities() throws {
        let output = try runInSandbox("grep CapEff /proc/self/status")
        #expect(output == "CapEff:\t0000000000000000\n")
    }
}
