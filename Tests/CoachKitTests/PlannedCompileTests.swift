import Testing

@testable import CoachKit

@Suite("compiling a file apart with a module's planned flags")
struct PlannedCompileTests {
    /// The compile command SwiftPM plans for an executable target of lesson blocks, shortened.
    static let planned = SwiftPMBuildPlan.Command(
        name: "C.LessonExamples02-x86_64-unknown-linux-gnu-debug.module", tool: "shell",
        arguments: [
            "/opt/swift/usr/bin/swiftc", "-module-name", "LessonExamples02", "-emit-dependencies", "-emit-module",
            "-emit-module-path", "/w/.build/debug/Modules/LessonExamples02.swiftmodule", "-output-file-map",
            "/w/.build/debug/LessonExamples02.build/output-file-map.json", "-incremental", "-c",
            "@/w/.build/debug/LessonExamples02.build/sources", "-I", "/w/.build/debug/Modules", "-target",
            "x86_64-unknown-linux-gnu", "-enable-batch-mode", "-serialize-diagnostics", "-index-store-path",
            "/w/.build/debug/index/store", "-Onone", "-j2", "-DSWIFT_PACKAGE", "-Xcc",
            "-fmodule-map-file=/w/Sources/CShim/module.modulemap", "-module-cache-path", "/w/.build/debug/ModuleCache",
            "-parseable-output", "-Xfrontend", "-entry-point-function-name", "-Xfrontend", "LessonExamples02_main",
            "-swift-version", "6", "-Xfrontend", "-load-plugin-executable", "-Xfrontend",
            "/w/.build/debug/PersistenceMacros-tool#PersistenceMacros",
        ])

    @Test("keeps search paths, plugins, mode and defines; drops the sources and everything written for the build")
    func adaptsTheCommand() throws {
        let plan = SwiftPMBuildPlan(commands: [
            .init(name: "C.LessonExamples02-x86_64-unknown-linux-gnu-debug.module.phony", tool: "phony"),
            Self.planned,
        ])
        let compile = try #require(PlannedCompile(module: "LessonExamples02", in: plan))
        let arguments = compile.arguments(
            compiling: "/w/fails/LessonExamples07Fails3/main.swift", asModule: "LessonExamples07Fails3",
            object: "/w/fails/LessonExamples07Fails3/main.o")

        #expect(
            arguments == [
                "/opt/swift/usr/bin/swiftc", "-I", "/w/.build/debug/Modules", "-target", "x86_64-unknown-linux-gnu",
                "-Onone", "-DSWIFT_PACKAGE", "-Xcc", "-fmodule-map-file=/w/Sources/CShim/module.modulemap",
                "-module-cache-path", "/w/.build/debug/ModuleCache", "-Xfrontend", "-entry-point-function-name",
                "-Xfrontend", "LessonExamples07Fails3_main", "-swift-version", "6", "-Xfrontend",
                "-load-plugin-executable", "-Xfrontend", "/w/.build/debug/PersistenceMacros-tool#PersistenceMacros",
                "-module-name", "LessonExamples07Fails3", "-c", "/w/fails/LessonExamples07Fails3/main.swift", "-o",
                "/w/fails/LessonExamples07Fails3/main.o",
            ])
        // Nothing the build reads is written: no module, index, dependencies or incremental records.
        for written in [".swiftmodule", "output-file-map", "index/store", "@/"] {
            #expect(!arguments.contains { $0.contains(written) }, "\(written)")
        }
    }

    @Test("a module the plan does not compile with swiftc has no template")
    func noTemplate() {
        let plan = SwiftPMBuildPlan(commands: [
            Self.planned,
            .init(
                name: "C.CShim-x86_64-unknown-linux-gnu-debug.module", tool: "shell",
                arguments: ["/usr/bin/clang", "-c", "shim.c"]),
        ])
        #expect(PlannedCompile(module: "LessonExamples0", in: plan) == nil)
        #expect(PlannedCompile(module: "CShim", in: plan) == nil)
        #expect(PlannedCompile(module: "Missing", in: plan) == nil)
    }

    @Test("a module compiled beside others runs its files in one driver job; nothing else of the command changes")
    func oneCompileJob() {
        let arguments = Self.planned.withOneCompileJob.arguments
        #expect(arguments.filter { $0.hasPrefix("-j") } == ["-j1"])
        #expect(arguments.count == Self.planned.arguments.count)
        #expect(
            zip(arguments, Self.planned.arguments).filter { $0 != $1 }.map(\.1) == ["-j2"],
            "only the jobs argument differs")
        let link = SwiftPMBuildPlan.Command(name: "L.link", tool: "shell", arguments: ["swiftc", "-just-a-name"])
        #expect(link.withOneCompileJob == link)
    }
}
