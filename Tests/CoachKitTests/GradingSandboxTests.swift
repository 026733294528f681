import Foundation
import Testing

@testable import CoachKit

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
    static let otherCheckout = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `script` with `sh` in a work copy's sandbox of a fresh fixture workbench, returning its output.
    func runInSandbox(
        _ script: String, layout: PackageLayout = Self.fixtureLayout,
        prepare: (Workbench, WorkCopy) throws -> Void = { _, _ in }
    ) throws -> String {
        let workbench = try WorkbenchFixture.make()
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let copy = WorkCopy(number: 1, workbench: workbench, layout: layout, sandboxed: true)
        for folder in [
            copy.buildFolder.appending(path: "coach"), copy.exercisesFolder, copy.privateFolder, copy.logFolder,
        ] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("// the learner's\n".utf8).write(to: copy.exercisesFolder.appending(path: "Mine.swift"))
        try prepare(workbench, copy)
        let log = copy.logFolder.appending(path: "sandbox.log")
        let command = Self.sandbox.command(
            ["/bin/sh", "-c", script], in: copy, workbench: workbench, layout: layout, buildWritable: false)
        _ = try ChildProcess(command, in: workbench.root, inheritsEnvironment: false, logFile: log).run()
        return try String(contentsOf: log, encoding: .utf8)
    }

    /// What the fixture's manifest builds from.
    static let fixtureLayout = PackageLayout(paths: ["Package.swift", "Sources", "Tests", "course/course.json"])

    @Test("a target folder beside Sources/ and Tests/, such as the playground, is there when the manifest names it")
    func everyTargetFolderIsThere() throws {
        let layout = PackageLayout(paths: Self.fixtureLayout.paths + ["Playground"])
        let output = try runInSandbox(
            "cat Playground/main.swift; test -e Scratch/notes.txt && echo 'visible: Scratch'; echo done", layout: layout
        ) { workbench, _ in
            for (path, text) in [
                ("Playground/main.swift", "print(\"playground\")\n"), ("Scratch/notes.txt", "not a target\n"),
            ] {
                let url = workbench.root.appending(path: path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }
        #expect(output == "print(\"playground\")\ndone\n")
    }

    @Test("a file outside the checkout, such as another checkout's Solutions/, cannot be read or listed")
    func outsideIsInvisible() throws {
        let solution = Self.otherCheckout.appending(path: "Solutions/Section1Strategy")
        try #require(FileManager.default.fileExists(atPath: solution.path), "this checkout has no \(solution.path)")
        let output = try runInSandbox(
            "ls \(solution.path) >/dev/null 2>&1 && echo LISTED; cat \(Self.otherCheckout.path)/Package.swift >/dev/null 2>&1 && echo READ; echo done"
        )
        #expect(output == "done\n")
    }

    @Test(
        "the checkout's own Solutions/, course/ and .git and the instructor's home are hidden; its sources and the work copy are there"
    )
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
            try FileManager.default.createDirectory(
                at: workbench.root.appending(path: ".git"), withIntermediateDirectories: true)
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

/// What the grading sandbox shows of the instructor's checkout, read from SwiftPM's description of the
/// manifest rather than kept by hand.
@Suite("The package layout a sandbox shows")
struct PackageLayoutTests {
    /// `swift package describe --type json` of a package with a core, coach, a section, its hidden suite and
    /// a playground, after a line SwiftPM printed first.
    static func description(extraTargets: [(String, String)] = []) -> Data {
        let targets =
            [
                ("PersistenceCore", "Sources/PersistenceCore"), ("CoachKit", "Sources/CoachKit"),
                ("Section1Strategy", "Exercises/Section1Strategy"),
                ("Section1StrategyTests", "Tests/Section1StrategyTests"), ("GradingHarness", "Tests/GradingHarness"),
                ("Playground", "Playground"),
            ] + extraTargets
        let listed = targets.map { #"{"name": "\#($0.0)", "path": "\#($0.1)", "type": "library"}"# }.joined(
            separator: ", ")
        return Data(
            ("Fetching https://github.com/example/dependency\n{\n\"name\": \"Workbench\", \"targets\": [\(listed)]\n}\n")
                .utf8)
    }

    @Test("every target's folder, the manifest, its resolved file and course.json, but not the exercises")
    func everyTargetFolder() throws {
        let layout = try PackageLayout(
            description: Self.description(), rootFiles: ["Package.swift", "Package.resolved", "README.md", "Solutions"])
        #expect(
            layout.paths == [
                "Package.resolved", "Package.swift", "Playground", "Sources/CoachKit", "Sources/PersistenceCore",
                "Tests/GradingHarness",
                "Tests/Section1StrategyTests", "course/course.json",
            ])
    }

    @Test(
        "a target added to the manifest is shown without a change to the sandbox, and a folder inside another is shown once"
    )
    func newTargetsAreShown() throws {
        let layout = try PackageLayout(
            description: Self.description(extraTargets: [("Plugins", "Plugins/Lint"), ("Nested", "Playground/Helpers")]
            ), rootFiles: ["Package.swift"]
        )
        #expect(layout.paths.contains("Plugins/Lint"))
        #expect(!layout.paths.contains("Playground/Helpers"))
        #expect(!layout.paths.contains("Package.resolved"))
    }

    @Test(
        "a target that builds from the whole checkout, from Solutions/ or from outside it is refused, naming the target"
    )
    func revealingTargetsAreRefused() throws {
        for (path, words) in [
            (".", "not a folder of its own"), ("Solutions/Section1Strategy", "inside Solutions/"),
            ("../elsewhere", "not a folder of its own"), ("/opt/code", "not a folder of its own"),
        ] {
            #expect {
                try PackageLayout(
                    description: Self.description(extraTargets: [("Revealing", path)]), rootFiles: ["Package.swift"])
            } throws: { error in
                let message = (error as? PackageLayout.Problem)?.description ?? ""
                return message.contains("target 'Revealing'") && message.contains(words)
            }
        }
    }

    @Test("output that is not SwiftPM's JSON is refused")
    func notJSON() {
        #expect(throws: PackageLayout.Problem.self) {
            try PackageLayout(description: Data("error: manifest parse error\n".utf8), rootFiles: [])
        }
    }
}
