import Foundation
import Testing

@testable import CoachKit

@Suite("compiling the sections' schemata from SwiftPM's plan")
struct SchemaCompileTests {
    /// What the swift driver prints with `-parseable-output` for a module with one type error: a length,
    /// then a JSON message, per job; the error once for the module job and once for the file's.
    static func parseableOutput(path: String, line: Int, message: String) -> String {
        let diagnostic = "\(path):\(line):19: error: \(message)\n\(line) | let broken: Int = \"x\"\n"
        let encoded = String(
            decoding: try! JSONSerialization.data(withJSONObject: diagnostic, options: .fragmentsAllowed),
            as: UTF8.self)
        let message = """
            {
              "kind" : "finished",
              "name" : "compile",
              "pid" : 4242,
              "output" : \(encoded),
              "process" : {
                "real_pid" : 4242
              },
              "exit-status" : 1
            }
            """
        let driverLine = "error: emit-module command failed with exit code 1 (use -v to see invocation)"
        return "\(message.utf8.count)\n\(message)\n\(driverLine)\n\(message.utf8.count)\n\(message)\n"
    }

    @Test("the errors come out of the driver's JSON messages, each once, with their paths and lines")
    func readsParseableOutput() {
        let text = SchemaCompile.diagnostics(
            inParseableOutput: Self.parseableOutput(
                path: "/w/.build/coach/variant-build/Section1Basics/Answer.swift", line: 304,
                message: "cannot convert value of type 'String' to specified type 'Int'"))
        let errors = CompilerDiagnostic.errors(in: text)
        #expect(errors.count == 1)
        #expect(errors.first?.path == "/w/.build/coach/variant-build/Section1Basics/Answer.swift")
        #expect(errors.first?.line == 304)
        #expect(errors.first?.message == "cannot convert value of type 'String' to specified type 'Int'")
        #expect(text.contains("emit-module command failed"))
    }

    @Test("a section's module is its own compile command, not its suite's")
    func findsTheModulesCommand() {
        let plan = SwiftPMBuildPlan(commands: [
            .init(name: "C.Section1BasicsTests-x86_64-unknown-linux-gnu-debug.module", tool: "shell", arguments: ["t"]),
            .init(name: "C.Section1Basics-x86_64-unknown-linux-gnu-debug.module.phony", tool: "phony"),
            .init(name: "C.Section1Basics-x86_64-unknown-linux-gnu-debug.module", tool: "shell", arguments: ["m"]),
        ])
        #expect(plan.moduleCommand(of: "Section1Basics")?.arguments == ["m"])
        #expect(plan.moduleCommand(of: "Section2More") == nil)
    }

    @Test("every module's command runs to its end, so the errors of all failing modules come back at once")
    func compilesEveryModule() throws {
        let workbench = try WorkbenchFixture.make()
        let logs = workbench.root.appending(path: ".build/coach")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var commands: [SwiftPMBuildPlan.Command] = []
        var folders: [String: URL] = [:]
        let targets = ["Section1Basics", "Section2More", "Section3Fine"]
        for target in targets {
            let folder = workbench.root.appending(path: "build/\(target)")
            let source = folder.appending(path: "Answer.swift")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("let answer = 42\n".utf8).write(to: source)
            folders[target] = folder
            let failing = target != "Section3Fine"
            let output =
                failing
                ? Self.parseableOutput(path: source.path, line: 7, message: "\(target) does not compile") : ""
            let script = workbench.root.appending(path: "\(target).out")
            try Data(output.utf8).write(to: script)
            commands.append(
                .init(
                    name: "C.\(target)-x86_64-unknown-linux-gnu-debug.module", tool: "shell",
                    inputs: [source.resolvingSymlinksInPath().path],
                    arguments: ["/bin/sh", "-c", "cat '\(script.path)' >&2; exit \(failing ? 1 : 0)"]))
        }
        let plan = SwiftPMBuildPlan(commands: commands)
        let compile = SchemaCompile(root: workbench.root, environment: [:], logFolder: logs)
        let outcome = try compile.compile(targets, from: folders, in: plan, workbench: workbench)
        #expect(outcome.compiled == Set(targets))
        #expect(
            Set(outcome.errors.map(\.path)) == ["build/Section1Basics/Answer.swift", "build/Section2More/Answer.swift"])
        #expect(
            Set(outcome.errors.map(\.message)) == ["Section1Basics does not compile", "Section2More does not compile"])

        // A module the plan does not compile, or one whose folder gained a file the plan does not know, is
        // left to SwiftPM; the others still compile.
        let missing = try compile.compile(
            ["Section1Basics", "Section4Missing"], from: folders, in: plan, workbench: workbench)
        #expect(missing.compiled == ["Section1Basics"])
        try Data("let more = 1\n".utf8).write(to: folders["Section2More"]!.appending(path: "Added.swift"))
        let added = try compile.compile(targets, from: folders, in: plan, workbench: workbench)
        #expect(added.compiled == ["Section1Basics", "Section3Fine"])
        #expect(added.errors.map(\.path) == ["build/Section1Basics/Answer.swift"])
    }

    @Test(
        "a module's list of sources left from another plan is rewritten; an output file map that misses a source leaves the module to SwiftPM"
    )
    func fileListsFollowThePlan() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "schema-lists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appending(path: "sources")
        let map = folder.appending(path: "output-file-map.json")
        let sources = ["/w/build/Section1Basics/A.swift", "/w/build/Section1Basics/B.swift"]
        try Data("/w/Solutions/Section1Basics/A.swift\n".utf8).write(to: list)
        let command = SwiftPMBuildPlan.Command(
            name: "C.Section1Basics-x86_64-unknown-linux-gnu-debug.module", tool: "shell",
            inputs: sources + [list.path],
            arguments: ["swiftc", "-output-file-map", map.path, "-c", "@" + list.path])

        try Data(#"{"": {}, "/w/build/Section1Basics/A.swift": {}, "/w/build/Section1Basics/B.swift": {}}"#.utf8)
            .write(to: map)
        #expect(SchemaCompile.prepareFileLists(of: command))
        #expect(try String(contentsOf: list, encoding: .utf8) == sources.map { $0 + "\n" }.joined())

        try Data(#"{"": {}, "/w/build/Section1Basics/A.swift": {}}"#.utf8).write(to: map)
        #expect(!SchemaCompile.prepareFileLists(of: command))

        // A path the compiler would read quoted is not written by hand.
        var spaced = command
        spaced.inputs = ["/w/my build/Section1Basics/A.swift", list.path]
        try Data(#"{"": {}, "/w/my build/Section1Basics/A.swift": {}}"#.utf8).write(to: map)
        #expect(!SchemaCompile.prepareFileLists(of: spaced))
        #expect(try String(contentsOf: list, encoding: .utf8) == sources.map { $0 + "\n" }.joined())
    }
}
