import Foundation
import Synchronization
import Testing

@testable import CoachKit

/// Rebuilding from SwiftPM's plan: reading the plan, choosing the commands an edit reaches, running them in
/// order, and every reason to leave the build to SwiftPM. The plans here are small hand-written ones whose
/// commands are shell one-liners that copy their inputs, so what ran shows in the files.
@Suite("rebuilding from SwiftPM's plan")
struct DirectRebuildTests {
    /// A package folder with a plan: `a.swift` → module A (`a.o`, `A.swiftmodule`); `b.swift` and
    /// `A.swiftmodule` → module B (`b.o`); `a.o` and `b.o` → the program. `Playground` also reads
    /// `A.swiftmodule` but does not lead to the program. A's file list is an auxiliary file.
    struct Fixture {
        let root: URL
        var build: URL { root.appending(path: ".build") }
        var program: String { build.appending(path: "debug/Tiny.xctest").path }
        var log: URL { build.appending(path: "ran.log") }

        init(extraCommands: String = "") throws {
            root = FileManager.default.temporaryDirectory.appending(path: "direct-rebuild-\(UUID().uuidString)")
                .resolvingSymlinksInPath()
            try FileManager.default.createDirectory(
                at: root.appending(path: ".build/debug"), withIntermediateDirectories: true)
            try write("Package.swift", "// manifest")
            try write("Sources/A/a.swift", "let a = 1\n")
            try write("Sources/B/b.swift", "let b = 2\n")
            try write("README.md", "# Tiny")
            let d = build.appending(path: "debug").path
            let s = root.path
            // Each shell command logs its name, then writes its outputs from its inputs' contents; module
            // A writes its interface only when the first line of a.swift changes, as the compiler keeps an
            // unchanged module file.
            func shell(_ name: String, _ script: String) -> String {
                #"["/bin/sh","-c","echo \#(name) >> \#(log.path); \#(script)"]"#
            }
            let plan = """
                client:
                  name: basic
                tools: {}
                targets:
                  "main": ["<Tiny.test>"]
                commands:
                  "\(d)/A.build/sources":
                    tool: write-auxiliary-file
                    inputs: ["<sources-file-list>","\(s)/Sources/A/a.swift"]
                    outputs: ["\(d)/A.build/sources"]
                    description: "Write auxiliary file"

                  "C.A.module":
                    tool: shell
                    inputs: ["\(s)/Sources/A/a.swift","\(d)/A.build/sources"]
                    outputs: ["\(d)/a.o","\(d)/A.swiftmodule"]
                    description: "Compiling A"
                    args: \(shell("A", "cat \(s)/Sources/A/a.swift > \(d)/a.o; head -1 \(s)/Sources/A/a.swift > \(d)/A.next; cmp -s \(d)/A.next \(d)/A.swiftmodule || cp \(d)/A.next \(d)/A.swiftmodule"))

                  "C.B.module":
                    tool: shell
                    inputs: ["\(s)/Sources/B/b.swift","\(d)/A.swiftmodule"]
                    outputs: ["\(d)/b.o"]
                    description: "Compiling B"
                    args: \(shell("B", "cat \(s)/Sources/B/b.swift \(d)/A.swiftmodule > \(d)/b.o"))

                  "C.Playground.module":
                    tool: shell
                    inputs: ["\(d)/A.swiftmodule"]
                    outputs: ["\(d)/playground.o"]
                    description: "Compiling Playground"
                    args: \(shell("Playground", "touch \(d)/playground.o"))
                \(extraCommands)
                  "C.Tiny.test":
                    tool: shell
                    inputs: ["\(d)/a.o","\(d)/b.o"]
                    outputs: ["\(d)/Tiny.xctest"]
                    description: "Linking"
                    args: \(shell("link", "cat \(d)/a.o \(d)/b.o > \(d)/Tiny.xctest"))

                """
            try Data(plan.utf8).write(to: build.appending(path: "debug.yaml"))
        }

        func write(_ path: String, _ contents: String) throws {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }

        /// The folders whose built sources are kept (``DirectRebuild/editedFolders``).
        var editedFolders: [String] = []

        func rebuilder(environment: [String: String] = [:]) -> DirectRebuild {
            var rebuilder = DirectRebuild(
                root: root, environment: environment, log: build.appending(path: "command.log"))
            rebuilder.editedFolders = editedFolders
            return rebuilder
        }

        /// Runs every shell command once, as SwiftPM's first build would, and records it.
        func buildAll() throws {
            let before = rebuilder().filesNow()
            let plan = try SwiftPMBuildPlan.read(from: build.appending(path: "debug.yaml"))
            for command in plan.commands where command.tool == "shell" {
                let process = Process()
                process.executableURL = URL(filePath: command.arguments[0])
                process.arguments = Array(command.arguments.dropFirst())
                try process.run()
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: log)
            rebuilder().recordSwiftPMBuild(of: before, program: program)
        }

        /// The commands run since the last call, in order.
        func ran() -> [String] {
            defer { try? FileManager.default.removeItem(at: log) }
            return ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func rebuild(environment: [String: String] = [:]) throws -> DirectRebuild.Outcome {
            let rebuilder = rebuilder(environment: environment)
            return try rebuilder.rebuild(program: program, files: rebuilder.filesNow(), since: .now, timeline: nil)
        }

        var programContents: String { (try? String(contentsOfFile: program, encoding: .utf8)) ?? "" }
    }

    @Test("the plan's commands are read with their tool, inputs, outputs and arguments, and nothing else")
    func readsThePlan() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let plan = try SwiftPMBuildPlan.read(from: fixture.build.appending(path: "debug.yaml"))
        #expect(
            plan.commands.map(\.name).suffix(4) == ["C.A.module", "C.B.module", "C.Playground.module", "C.Tiny.test"])
        let a = try #require(plan.commands.first { $0.name == "C.A.module" })
        #expect(a.tool == "shell")
        #expect(a.inputs == [fixture.root.path + "/Sources/A/a.swift", fixture.build.path + "/debug/A.build/sources"])
        #expect(a.outputs.count == 2 && a.arguments.first == "/bin/sh")
        #expect(plan.commands.first?.tool == "write-auxiliary-file" && plan.commands.first?.arguments == [])
    }

    @Test(
        "an edit runs the commands it reaches in the plan's order, up to the program, and nothing after an unchanged output"
    )
    func runsWhatTheEditReaches() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        try fixture.buildAll()
        #expect(fixture.programContents == "let a = 1\nlet b = 2\nlet a = 1\n")

        // A's interface changes: B is compiled again, the playground (not in the program) is not.
        try fixture.write("Sources/A/a.swift", "let a = 10\n")
        #expect(try fixture.rebuild() == .rebuilt(commands: 3))
        #expect(fixture.ran() == ["A", "B", "link"])
        #expect(fixture.programContents == "let a = 10\nlet b = 2\nlet a = 10\n")

        // A's body alone changes (its interface is the first line): B is left as it is.
        try fixture.write("Sources/A/a.swift", "let a = 10\n// body\n")
        #expect(try fixture.rebuild() == .rebuilt(commands: 2))
        #expect(fixture.ran() == ["A", "link"])

        // Nothing changed since: nothing runs. A README changed: nothing reads it, nothing runs.
        #expect(try fixture.rebuild() == .rebuilt(commands: 0))
        try fixture.write("README.md", "# Tiny, edited")
        #expect(try fixture.rebuild() == .rebuilt(commands: 0))
        #expect(fixture.ran() == [])
    }

    @Test(
        "an interface that differs only in its fingerprints is put back as it was, and the modules importing it are not compiled again"
    )
    func interfaceDeclaringTheSameKeepsImporters() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let fingerprint = String(repeating: "0a", count: 16)
        try fixture.write("Sources/A/a.swift", "// \(fingerprint)\nlet a = 1\n")
        try fixture.buildAll()
        let interface = fixture.build.path + "/debug/A.swiftmodule"
        let built = try #require(DirectRebuild.Stamp(path: interface))

        // The compiler writes the interface again with another fingerprint: B keeps its object.
        try fixture.write("Sources/A/a.swift", "// \(String(repeating: "9f", count: 16))\nlet a = 2\n")
        #expect(try fixture.rebuild() == .rebuilt(commands: 2))
        #expect(fixture.ran() == ["A", "link"])
        #expect(try String(contentsOfFile: interface, encoding: .utf8) == "// \(fingerprint)\n")
        #expect(DirectRebuild.Stamp(path: interface)?.modified == built.modified)
        #expect(fixture.programContents.hasPrefix("// \(String(repeating: "9f", count: 16))\nlet a = 2\n"))

        // An interface that declares otherwise reaches B.
        try fixture.write("Sources/A/a.swift", "// \(fingerprint) and more\nlet a = 3\n")
        #expect(try fixture.rebuild() == .rebuilt(commands: 3))
        #expect(fixture.ran() == ["A", "B", "link"])
    }

    @Test(
        "an edit whose changed declarations the importers never spell leaves them as compiled; a spelled name, a changed layout or a file without its built version reaches them"
    )
    func editsImportersCannotSeeKeepThem() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        fixture.editedFolders = ["Sources/A"]
        try fixture.write("Sources/A/a.swift", "struct Point {\n    var x = 0\n}\n")
        try fixture.write("Sources/B/b.swift", "let b = Point()\n")
        try fixture.buildAll()
        let interface = fixture.build.path + "/debug/A.swiftmodule"

        // A helper B never spells: the interface changes, B keeps its object, the new interface stays.
        try fixture.write("Sources/A/a.swift", "func helper() -> Int { 1 }\nstruct Point {\n    var x = 0\n}\n")
        let timeline = GradingTimeline()
        let rebuilder = fixture.rebuilder()
        #expect(
            try rebuilder.rebuild(
                program: fixture.program, files: rebuilder.filesNow(), since: .now, timeline: timeline)
                == .rebuilt(commands: 2))
        #expect(fixture.ran() == ["A", "link"])
        #expect(timeline.commands == ["A", "link"])
        #expect(try String(contentsOfFile: interface, encoding: .utf8) == "func helper() -> Int { 1 }\n")

        // The next edit is compared with the version built last: the helper's body changes no name.
        try fixture.write(
            "Sources/A/a.swift", "private let limit = 3\nfunc helper() -> Int { 2 }\nstruct Point {\n    var x = 0\n}\n"
        )
        #expect(try fixture.rebuild() == .rebuilt(commands: 2))
        #expect(fixture.ran() == ["A", "link"])

        // B spells the changed name.
        try fixture.write("Sources/B/b.swift", "let b = Point() // limit\n")
        #expect(try fixture.rebuild() == .rebuilt(commands: 2))
        #expect(fixture.ran() == ["B", "link"])
        try fixture.write(
            "Sources/A/a.swift",
            "private let limit = 4.0\nfunc helper() -> Int { 2 }\nstruct Point {\n    var x = 0\n}\n")
        #expect(try fixture.rebuild() == .rebuilt(commands: 3))
        #expect(fixture.ran() == ["A", "B", "link"])

        // A stored property changes Point's layout, which B compiles against without spelling `y`.
        try fixture.write("Sources/A/a.swift", "let y = 0\nstruct Point {\n    var x = 0\n    var y = 0\n}\n")
        #expect(try fixture.rebuild() == .rebuilt(commands: 3))
        #expect(fixture.ran() == ["A", "B", "link"])

        // Without the version built last there is nothing to compare with.
        try FileManager.default.removeItem(at: fixture.build.appending(path: "coach/built-sources"))
        try fixture.write("Sources/A/a.swift", "let z = 0\nstruct Point {\n    var x = 0\n    var y = 0\n}\n")
        #expect(try fixture.rebuild() == .rebuilt(commands: 3))
        #expect(fixture.ran() == ["A", "B", "link"])
    }

    @Test("the files of a section folder a build puts in place of the package's count, though a hidden folder holds it")
    func extraFoldersAreScanned() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        try fixture.write(".build/coach/variant-build/A/a.swift", "let a = 5\n")
        try fixture.write(".build/coach/other/x.swift", "let x = 0\n")
        var rebuilder = fixture.rebuilder()
        #expect(rebuilder.filesNow()[".build/coach/variant-build/A/a.swift"] == nil)
        rebuilder.extraFolders = [".build/coach/variant-build/A"]
        let files = rebuilder.filesNow()
        #expect(files[".build/coach/variant-build/A/a.swift"] != nil && files["Sources/A/a.swift"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix(".build/coach/other") })
    }

    @Test("commands that do not depend on each other run side by side, each in a slot of its own")
    func independentCommandsRunSideBySide() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "side-by-side-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appending(path: "shared.swift").path
        let first = SwiftPMBuildPlan.Command(
            name: "C.X", tool: "shell", inputs: [source], outputs: ["\(folder.path)/x"])
        let second = SwiftPMBuildPlan.Command(
            name: "C.Y", tool: "shell", inputs: [source], outputs: ["\(folder.path)/y"])
        let link = SwiftPMBuildPlan.Command(
            name: "C.link", tool: "shell", inputs: ["\(folder.path)/x", "\(folder.path)/y"],
            outputs: ["\(folder.path)/program"])
        #expect(PlanRun.levels(of: [first, second, link]).map { $0.map(\.name) } == [["C.X", "C.Y"], ["C.link"]])

        // Each of X and Y waits for the other to have started: run one after the other, the first would give up.
        let slots = Mutex<Set<Int>>([])
        let outcome = try PlanRun.execute([first, second, link], changed: [source], jobs: 2) { command, slot in
            slots.withLock { _ = $0.insert(slot) }
            let output = try #require(command.outputs.first)
            try Data("started".utf8).write(to: URL(filePath: output))
            guard command.name != "C.link" else { return true }
            let other = command.name == "C.X" ? "\(folder.path)/y" : "\(folder.path)/x"
            let deadline = ContinuousClock.now + .seconds(20)
            while !FileManager.default.fileExists(atPath: other) {
                guard ContinuousClock.now < deadline else { return false }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return true
        }
        #expect(outcome == .rebuilt(commands: 3))
        #expect(slots.withLock { $0 } == [0, 1])
    }

    @Test(
        "a file saved again within the second of the version last built is moved to the next second, as the swift driver tells edits apart by the second"
    )
    func sameSecondEditsGetTheNextSecond() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        try fixture.buildAll()
        let path = fixture.root.appending(path: "Sources/A/a.swift").path
        let built = try #require(DirectRebuild.Stamp(path: path))
        let second = built.modified / 1_000_000_000

        // Saved again 0.4 s after the built version, in the same second as far as the driver can tell.
        try fixture.write("Sources/A/a.swift", "let a = 3\n")
        var times = [
            timespec(tv_sec: Int(second), tv_nsec: 400_000_000), timespec(tv_sec: Int(second), tv_nsec: 400_000_000),
        ]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var files = fixture.rebuilder().filesNow()
        fixture.rebuilder().distinguishSameSecondEdits(in: &files)
        let moved = try #require(DirectRebuild.Stamp(path: path))
        #expect(moved.modified == (second + 1) * 1_000_000_000)
        #expect(files["Sources/A/a.swift"] == moved)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "let a = 3\n")

        // A file saved in a later second, or not saved again, keeps its time.
        let untouched = try #require(DirectRebuild.Stamp(path: fixture.root.appending(path: "Sources/B/b.swift").path))
        fixture.rebuilder().distinguishSameSecondEdits(in: &files)
        #expect(DirectRebuild.Stamp(path: path) == moved)
        #expect(DirectRebuild.Stamp(path: fixture.root.appending(path: "Sources/B/b.swift").path) == untouched)
    }

    @Test(
        "a new or removed file, the manifest, other course variables, another plan or a replaced program leave the build to SwiftPM"
    )
    func leavesOtherChangesToSwiftPM() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        #expect(try fixture.rebuild() == .needsSwiftPM(reason: "no earlier build to start from"))
        try fixture.buildAll()

        #expect(
            try fixture.rebuild(environment: ["COURSE_TRACK": "solutions"])
                == .needsSwiftPM(reason: "the last build had other course variables"))

        try fixture.write("Sources/A/extra.swift", "let extra = 0")
        #expect(try fixture.rebuild() == .needsSwiftPM(reason: "a file was added or removed"))
        try FileManager.default.removeItem(at: fixture.root.appending(path: "Sources/A/extra.swift"))
        #expect(try fixture.rebuild() == .rebuilt(commands: 0))

        try fixture.write("Package.swift", "// manifest, edited")
        #expect(try fixture.rebuild() == .needsSwiftPM(reason: "Package.swift changed"))
        try fixture.buildAll()

        try Data("client:\n".utf8).write(to: fixture.build.appending(path: "debug.yaml"), options: .atomic)
        #expect(try fixture.rebuild() == .needsSwiftPM(reason: "SwiftPM planned another build since"))
        try Fixture.replan(fixture)

        try Data("another program".utf8).write(to: URL(filePath: fixture.program))
        #expect(try fixture.rebuild() == .needsSwiftPM(reason: "the test program changed since"))
        #expect(fixture.ran() == [])
    }

    @Test("a plan in a format this reader cannot follow is SwiftPM's to build, not an error")
    func unreadablePlanIsLeftToSwiftPM() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        try fixture.buildAll()
        // SwiftPM plans again, in a format of its own, and builds.
        let planFile = fixture.build.appending(path: "debug.yaml")
        let plan = try String(contentsOf: planFile, encoding: .utf8)
        try Data(
            plan.replacingOccurrences(
                of: "    inputs: [\"<sources-file-list>\"", with: "    inputs: <sources-file-list> [\""
            ).utf8
        )
        .write(to: planFile)
        fixture.rebuilder().recordSwiftPMBuild(of: fixture.rebuilder().filesNow(), program: fixture.program)
        try fixture.write("Sources/A/a.swift", "let a = 4\n")
        guard case .needsSwiftPM(let reason) = try fixture.rebuild() else {
            Issue.record("a plan that cannot be read was followed")
            return
        }
        #expect(reason.contains("SwiftPM's build description") && reason.contains("could not be read"), "\(reason)")
        #expect(fixture.ran() == [])
    }

    @Test("a failing command, or a command only SwiftPM runs, leaves the build to SwiftPM")
    func stopsWhereSwiftPMIsNeeded() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        try fixture.buildAll()
        let plan = try SwiftPMBuildPlan.read(from: fixture.build.appending(path: "debug.yaml"))
        let a = fixture.root.path + "/Sources/A/a.swift"
        let commands = try #require(PlanRun.commands(reachedBy: [a], in: plan, program: fixture.program))
        #expect(commands.map(\.name).filter { $0.hasPrefix("C.") } == ["C.A.module", "C.B.module", "C.Tiny.test"])

        let failing = try PlanRun.execute(commands, changed: [a]) { command, _ in
            for output in command.outputs { try Data(UUID().uuidString.utf8).write(to: URL(filePath: output)) }
            return command.name != "C.B.module"
        }
        #expect(failing == .needsSwiftPM(reason: "C.B.module failed"))

        var discovery = SwiftPMBuildPlan.Command(
            name: "discover", tool: "test-discovery-tool", inputs: [fixture.build.path + "/debug/b.o"],
            outputs: ["tests.swift"])
        // B's own source changed: its tests may have changed, which only SwiftPM's discovery finds.
        let b = fixture.root.path + "/Sources/B/b.swift"
        let bCompile = try #require(commands.first { $0.name == "C.B.module" })
        let withDiscovery = [bCompile, discovery]
        let touched = try PlanRun.execute(withDiscovery, changed: [b]) { _, _ in
            try Data("new".utf8).write(to: URL(filePath: fixture.build.path + "/debug/b.o"))
            return true
        }
        #expect(touched == .needsSwiftPM(reason: "a test module's source changed (b.swift): SwiftPM finds its tests"))
        // B compiled again because A changed: the same tests, no discovery needed.
        let interface = fixture.build.path + "/debug/A.swiftmodule"
        let compileA = SwiftPMBuildPlan.Command(name: "C.A.module", tool: "shell", inputs: [a], outputs: [interface])
        let compileB = SwiftPMBuildPlan.Command(
            name: "C.B.module", tool: "shell", inputs: [interface], outputs: [fixture.build.path + "/debug/b.o"])
        let throughA = try PlanRun.execute([compileA, compileB, discovery], changed: [a]) { command, _ in
            for output in command.outputs { try Data(UUID().uuidString.utf8).write(to: URL(filePath: output)) }
            return true
        }
        #expect(throughA == .rebuilt(commands: 2))

        discovery.tool = "copy-tool"
        #expect(
            try PlanRun.execute([discovery], changed: [fixture.build.path + "/debug/b.o"]) { _, _ in true }
                == .needsSwiftPM(reason: "SwiftPM's copy-tool would run (discover)"))
    }

    @Test(
        "an edited test module without XCTest cases, before or after the edit, needs no discovery; one that names XCTest does"
    )
    func swiftTestingModulesSkipDiscovery() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        try fixture.buildAll()
        let b = fixture.root.path + "/Sources/B/b.swift"
        let object = fixture.build.path + "/debug/b.o"
        let list = fixture.build.path + "/debug/derived/B.swift"
        try FileManager.default.createDirectory(
            atPath: fixture.build.path + "/debug/derived", withIntermediateDirectories: true)
        let compileB = SwiftPMBuildPlan.Command(name: "C.B.module", tool: "shell", inputs: [b], outputs: [object])
        let discovery = SwiftPMBuildPlan.Command(
            name: "discover", tool: "test-discovery-tool", inputs: [object],
            outputs: [list, fixture.build.path + "/debug/derived/all-discovered-tests.swift"])
        func rebuild() throws -> DirectRebuild.Outcome {
            try PlanRun.execute([compileB, discovery], changed: [b]) { command, _ in
                for output in command.outputs { try Data(UUID().uuidString.utf8).write(to: URL(filePath: output)) }
                return true
            }
        }
        let needsDiscovery = DirectRebuild.Outcome.needsSwiftPM(
            reason: "a test module's source changed (b.swift): SwiftPM finds its tests")

        // Discovery found no XCTest case last time, and the edited sources name none: the list stays empty.
        _ = FileManager.default.createFile(atPath: list, contents: Data())
        try fixture.write("Sources/B/b.swift", "import Testing\n@Test func works() {}\n")
        #expect(try rebuild() == .rebuilt(commands: 1))
        #expect(try Data(contentsOf: URL(filePath: list)).isEmpty)
        // The edit brings XCTest in: only SwiftPM's discovery finds the new cases.
        try fixture.write("Sources/B/b.swift", "import XCTest\nfinal class Cases: XCTestCase {}\n")
        #expect(try rebuild() == needsDiscovery)
        // Discovery listed cases last time: an edit may remove them.
        try Data("fileprivate extension Cases {}\n".utf8).write(to: URL(filePath: list))
        try fixture.write("Sources/B/b.swift", "import Testing\n@Test func works() {}\n")
        #expect(try rebuild() == needsDiscovery)
        // No list for the module at all: left to SwiftPM.
        try FileManager.default.removeItem(atPath: list)
        #expect(try rebuild() == needsDiscovery)
    }
}

extension DirectRebuildTests.Fixture {
    /// Writes the fixture's plan again and records a build of it, as SwiftPM planning and building anew.
    static func replan(_ fixture: Self) throws {
        let fresh = try Self.init()
        defer { try? FileManager.default.removeItem(at: fresh.root) }
        let text = try String(contentsOf: fresh.build.appending(path: "debug.yaml"), encoding: .utf8)
            .replacingOccurrences(of: fresh.root.path, with: fixture.root.path)
        try Data(text.utf8).write(to: fixture.build.appending(path: "debug.yaml"))
        try fixture.buildAll()
    }
}
