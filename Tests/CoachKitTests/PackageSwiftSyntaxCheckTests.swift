import Foundation
import Testing

@testable import CoachKit

/// The check of the package's swift-syntax path, on a fixture package whose targets stand in for the
/// generator, swift-syntax's plugin library, the macros' support library and the plugin: it prepares and
/// compiles them in a copy with `COURSE_SWIFT_SYNTAX=package`, and names the checkout's files, not the
/// copy's, when one does not compile.
@Suite("The package's swift-syntax path in verify")
struct PackageSwiftSyntaxCheckTests {
    /// A workbench whose manifest fails unless `COURSE_SWIFT_SYNTAX=package` and (where util-linux's `chrt`
    /// is) the idle scheduling policy for a build, as the check must set them; the dependencies are resolved
    /// at the normal priority.
    func workbench(
        plugin: String = "import PersistenceMacrosSupport\npublic let providedMacros = supported + 5\n",
        generator: String
    ) throws -> Workbench {
        let workbench = try WorkbenchFixture.make()
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            import Foundation
            guard Context.environment["COURSE_SWIFT_SYNTAX"] == "package" else { fatalError("not the package path") }
            // SwiftPM evaluates the manifest in a process of the build, which inherits its scheduling policy
            // (5: Linux's SCHED_IDLE, which Glibc's module does not export).
            let parent = (try? String(contentsOfFile: "/proc/\\(getppid())/cmdline", encoding: .utf8)) ?? ""
            let resolving = parent.split(separator: "\\0").contains("resolve")
            if !resolving && FileManager.default.isExecutableFile(atPath: "/usr/bin/chrt") && sched_getscheduler(0) != 5 {
                fatalError("not built at idle priority")
            }
            let package = Package(
                name: "Fixture",
                targets: [
                    .target(name: "SwiftCompilerPlugin", path: "Sources/SwiftCompilerPlugin"),
                    .target(
                        name: "PersistenceMacrosSupport", dependencies: ["SwiftCompilerPlugin"],
                        path: "Sources/PersistenceMacrosSupport"),
                    .target(
                        name: "PersistenceMacros", dependencies: ["PersistenceMacrosSupport"],
                        path: "Sources/PersistenceMacros"),
                    .target(name: "MutantSchemata", path: "Sources/MutantSchemata"),
                ]
            )
            """
        let files = [
            "Package.swift": manifest,
            "Sources/SwiftCompilerPlugin/Plugin.swift": "public let pluginVersion = 1\n",
            "Sources/PersistenceMacrosSupport/Support.swift":
                "import SwiftCompilerPlugin\npublic let supported = pluginVersion + 1\n",
            "Sources/PersistenceMacros/Plugin.swift": plugin,
            "Sources/MutantSchemata/Generator.swift": generator,
        ]
        for (path, contents) in files {
            let url = workbench.root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return workbench
    }

    @Test("every target is prepared or compiled in the copy, and the checkout's own build folder is left alone")
    func buildsInACopy() throws {
        let workbench = try workbench(generator: "public func generate() -> Int { 1 }\n")
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let check = PackageSwiftSyntaxCheck(workbench: workbench)
        let report = try check.start().wait()
        #expect(report.problems.isEmpty, "\(report.problems)")
        for step in PackageSwiftSyntaxCheck.steps {
            if step.prepares {
                #expect(
                    FileManager.default.fileExists(
                        atPath: check.copy.appending(path: ".build/debug/Modules/\(step.target).swiftmodule").path),
                    "\(step.target) was not prepared in the copy")
            }
            if step.compiles {
                #expect(
                    FileManager.default.fileExists(
                        atPath: check.copy.appending(path: ".build/compiled/\(step.target).o").path),
                    "\(step.target) was not compiled in the copy")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: workbench.root.appending(path: ".build/debug").path))
        #expect(
            FileManager.default.fileExists(atPath: check.log(of: "resolve").path),
            "the dependencies were not resolved first")
    }

    @Test("a build that stops before compiling shows the lines of its log that name an error: here the manifest's")
    func reportsManifestErrors() throws {
        let workbench = try workbench(generator: "public func generate() -> Int { 1 }\n")
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        try Data("// swift-tools-version: 6.1\nimport PackageDescription\nfatalError(\"no package here\")\n".utf8)
            .write(to: workbench.root.appending(path: "Package.swift"))
        let report = PackageSwiftSyntaxCheck(workbench: workbench).run()
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(problem.message.contains("no package here"), "\(problem.message)")
    }

    @Test("the plugin is compiled whole: an error in a function body is a problem naming the checkout's file")
    func reportsPluginErrors() throws {
        let workbench = try workbench(
            plugin: "import PersistenceMacrosSupport\npublic func provide() -> Int { \"one\" + supported }\n",
            generator: "public func generate() -> Int { 1 }\n")
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let report = PackageSwiftSyntaxCheck(workbench: workbench).run()
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(problem.message.contains("PersistenceMacros does not compile on the package's swift-syntax"))
        #expect(problem.message.contains("`swiftc` ended with"), "\(problem.message)")
        #expect(problem.message.contains("Sources/PersistenceMacros/Plugin.swift:2:"), "\(problem.message)")
        #expect(!problem.message.contains("package-swift-syntax/Sources"), "\(problem.message)")
        #expect(problem.message.contains(".build/coach/build-package-swift-syntax-PersistenceMacros.log"))
    }

    @Test("the generator's module is prepared: an import the manifest does not provide is a problem")
    func reportsGeneratorImportErrors() throws {
        let workbench = try workbench(
            generator: "import SwiftParserOfAnotherPath\npublic func generate() -> Int { 1 }\n")
        defer { try? FileManager.default.removeItem(at: workbench.root) }
        let report = PackageSwiftSyntaxCheck(workbench: workbench).run()
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(problem.message.contains("MutantSchemata's module cannot be prepared on the package's swift-syntax"))
        #expect(problem.message.contains("Sources/MutantSchemata/Generator.swift:1:"), "\(problem.message)")
    }
}
