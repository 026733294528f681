import Foundation
import Testing

@testable import CoachKit

/// Telling, from the compiler's own output, a compile of a module built with library evolution that left its
/// public interface as it was; and proving with a real program that its importers' objects then still hold.
@Suite("a resilient module's public interface, compared across compiles")
struct PublicInterfaceFileTests {
    /// A folder where `swiftc` compiles the module `Shape` with library evolution, as
    /// `COURSE_RESILIENT_SECTIONS=1` asks, and a program that imports it.
    struct Workspace {
        let folder = FileManager.default.temporaryDirectory.appending(path: "public-interface-\(UUID().uuidString)")
        /// Whether the module compiles with library evolution; without, the control case a debug build is.
        var resilient = true
        var module: String { folder.appending(path: "Shape.swiftmodule").path }

        /// The module's compile, as the plan of a build under `COURSE_RESILIENT_SECTIONS=1` has it.
        var moduleCommand: SwiftPMBuildPlan.Command {
            SwiftPMBuildPlan.Command(
                name: "C.Shape.module", tool: "shell", outputs: [module],
                arguments: [
                    // No `-g`: with one object named by `-o`, the driver writes the module's debugger copy there.
                    "swiftc", "-module-name", "Shape", "-parse-as-library", "-Onone", "-enable-testing",
                    "-enable-library-evolution", "-emit-module-interface", "-no-verify-emitted-module-interface",
                    "-emit-module", "-emit-module-path", module, "-c", "Shape.swift", "-o", "Shape.o",
                ])
        }

        func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let output = folder.appending(path: "output-\(UUID().uuidString).txt")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let handle = try FileHandle(forWritingTo: output)
            let process = Process()
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            process.waitUntilExit()
            try handle.close()
            return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
        }

        /// Compiles `source` as the module's only file, to `Shape.o` and its interface files.
        func compileModule(_ source: String) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: folder.appending(path: "Shape.swift"))
            var arguments = moduleCommand.arguments
            if !resilient {
                let resilience = [
                    "-enable-library-evolution", "-emit-module-interface", "-no-verify-emitted-module-interface",
                ]
                arguments.removeAll(where: resilience.contains)
            }
            let result = try run(arguments)
            #expect(result.status == 0, "Shape does not compile: \(result.output)")
        }

        /// Compiles the importer `main.swift` against the module as it is now, to `main.o`.
        func compileImporter(_ source: String) throws {
            try Data(source.utf8).write(to: folder.appending(path: "main.swift"))
            let result = try run([
                "swiftc", "-module-name", "Main", "-Onone", "-I", folder.path, "-c", "main.swift", "-o", "main.o",
            ])
            #expect(result.status == 0, "main does not compile: \(result.output)")
        }

        /// Links `main.o` with `Shape.o` as they are and runs the program; its output.
        func linkAndRun() throws -> String {
            let link = try run(["swiftc", "main.o", "Shape.o", "-o", "program"])
            #expect(link.status == 0, "the program does not link: \(link.output)")
            return try run([folder.appending(path: "program").path]).output
        }
    }

    static let reference = """
        public final class Box {
            public var count = 1
            public init() {}
            public func size() -> Int { count * 3 }
        }
        public struct Label {
            public var text: String
            public init(text: String) { self.text = text }
        }
        """

    static let importer = """
        import Shape
        let box = Box()
        box.count = 2
        let label = Label(text: "box")
        print("\\(label.text) \\(box.size()) \\(box.count)")
        """

    /// The reference with stored properties added ahead of the old ones, which moves every field, a body
    /// changed and a private helper added.
    static let relaidOut =
        reference
        .replacing("public var count = 1", with: "var padding = (1, 2, 3)\n    public var count = 1")
        .replacing("public var text: String", with: "var prefix = \"[\"\n    public var text: String")
        .replacing("{ count * 3 }", with: "{ helper() }\n    private func helper() -> Int { count * 5 }")

    @Test(
        "a stored property added before the others, a changed body and a private helper keep the public interface, and the importer's objects, compiled against the old module, run right with the new one"
    )
    func importerObjectsHoldAcrossLayoutChanges() throws {
        let workspace = Workspace()
        defer { try? FileManager.default.removeItem(at: workspace.folder) }
        try workspace.compileModule(Self.reference)
        try workspace.compileImporter(Self.importer)
        #expect(try workspace.linkAndRun() == "box 6 2\n")

        let interface = try #require(PublicInterfaceFile(modulePath: workspace.module, of: workspace.moduleCommand))
        try workspace.compileModule(Self.relaidOut)
        #expect(interface.isUnchanged(importerSources: [workspace.folder.appending(path: "main.swift").path]))
        #expect(try workspace.linkAndRun() == "box 10 2\n")
    }

    @Test("without library evolution the same objects read the moved fields wrong: the importers' compile is needed")
    func controlWithoutLibraryEvolution() throws {
        var workspace = Workspace()
        workspace.resilient = false
        defer { try? FileManager.default.removeItem(at: workspace.folder) }
        try workspace.compileModule(Self.reference)
        try workspace.compileImporter(Self.importer)
        #expect(try workspace.linkAndRun() == "box 6 2\n")
        try workspace.compileModule(Self.relaidOut)
        #expect(try workspace.linkAndRun() != "box 10 2\n")
    }

    @Test(
        "a public member added, a @testable importer, an interface older than its module or none before the compile count as changed"
    )
    func changesThatNeedTheImporters() throws {
        let workspace = Workspace()
        defer { try? FileManager.default.removeItem(at: workspace.folder) }
        try workspace.compileModule(Self.reference)
        let main = workspace.folder.appending(path: "main.swift")
        try Data(Self.importer.utf8).write(to: main)
        #expect(FileManager.default.fileExists(atPath: PublicInterfaceFile.interfacePath(ofModuleAt: workspace.module)))

        let interface = try #require(PublicInterfaceFile(modulePath: workspace.module, of: workspace.moduleCommand))
        try workspace.compileModule(Self.reference)
        #expect(interface.isUnchanged(importerSources: [main.path]))
        try Data(("@testable " + Self.importer).utf8).write(to: main)
        #expect(!interface.isUnchanged(importerSources: [main.path]), "a @testable importer reaches internals")
        try Data(Self.importer.utf8).write(to: main)

        try workspace.compileModule(
            Self.reference.replacing("public init() {}", with: "public init() {}\n    public func more() {}"))
        #expect(!interface.isUnchanged(importerSources: [main.path]))

        // A build without library evolution rewrites the module and leaves an older public interface beside it.
        try workspace.compileModule(Self.reference)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)],
            ofItemAtPath: PublicInterfaceFile.interfacePath(ofModuleAt: workspace.module))
        let stale = try #require(PublicInterfaceFile(modulePath: workspace.module, of: workspace.moduleCommand))
        try workspace.compileModule(Self.reference)
        #expect(
            !stale.isUnchanged(importerSources: [main.path]), "an interface older than its module vouches for nothing")

        try FileManager.default.removeItem(atPath: PublicInterfaceFile.interfacePath(ofModuleAt: workspace.module))
        let none = try #require(PublicInterfaceFile(modulePath: workspace.module, of: workspace.moduleCommand))
        try workspace.compileModule(Self.reference)
        #expect(!none.isUnchanged(importerSources: [main.path]))
    }

    /// A module whose properties are computed, stored behind a property wrapper, and constant.
    static let madeOfAccessors = """
        @propertyWrapper public struct Doubled {
            var value: Int
            public init(wrappedValue: Int) { value = wrappedValue }
            public var wrappedValue: Int { get { value * 2 } set { value = newValue } }
        }
        public final class Box {
            public var notes: String { get { "computed " + kept } set { kept = newValue } }
            var kept = "a"
            public let identifier: String
            @Doubled public var count: Int = 1
            public init() { identifier = "first" }
        }
        """

    /// The same public properties, each stored as a plain `var` or `let`.
    static let madeOfStorage = """
        @propertyWrapper public struct Doubled {
            var value: Int
            public init(wrappedValue: Int) { value = wrappedValue }
            public var wrappedValue: Int { get { value * 2 } set { value = newValue } }
        }
        public final class Box {
            public var notes: String = "stored"
            public var identifier: String { "second" }
            public var count: Int = 7
            public init() {}
        }
        """

    @Test(
        "stored properties in place of computed ones or of a property wrapper read the same to importers, whose old objects then run right; a compile that leaves the public interface unwritten is vouched for"
    )
    func storageChangesKeepImporters() throws {
        let workspace = Workspace()
        defer { try? FileManager.default.removeItem(at: workspace.folder) }
        try workspace.compileModule(Self.madeOfAccessors)
        try workspace.compileImporter(
            """
            import Shape
            let box = Box()
            box.count += 1
            print(box.notes, box.identifier, box.count)
            """)
        #expect(try workspace.linkAndRun() == "computed a first 6\n")

        let interfacePath = PublicInterfaceFile.interfacePath(ofModuleAt: workspace.module)
        let interface = try #require(PublicInterfaceFile(modulePath: workspace.module, of: workspace.moduleCommand))
        try workspace.compileModule(Self.madeOfStorage)
        #expect(FileManager.default.contents(atPath: interfacePath) != interface.text, "the text itself changed")
        #expect(interface.isUnchanged(importerSources: [workspace.folder.appending(path: "main.swift").path]))
        #expect(try workspace.linkAndRun() == "stored second 8\n")

        // The compiler writes neither file again when their text would not change: only coach's vouching
        // then tells the public interface from one a build without library evolution left behind.
        let longAgo = Date(timeIntervalSinceNow: -60)
        for path in [interfacePath, workspace.module] {
            try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: path)
        }
        try workspace.compileModule(
            Self.madeOfStorage.replacing("public init() {}", with: "var added = 0\n    public init() {}"))
        let isLongAgo = { (path: String) in
            let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
            return abs((date ?? .now).timeIntervalSince(longAgo)) < 1
        }
        #expect(try isLongAgo(interfacePath))
        #expect(try !isLongAgo(workspace.module), "the module gained an internal property")
        #expect(PublicInterfaceFile(modulePath: workspace.module, of: workspace.moduleCommand)?.text == nil)
        PublicInterfaceFile.vouchForCompile(ofModuleAt: workspace.module)
        #expect(PublicInterfaceFile(modulePath: workspace.module, of: workspace.moduleCommand)?.text != nil)
    }

    @Test("only a compile with library evolution that writes its public interface is read")
    func onlyResilientCompiles() {
        var command = Workspace().moduleCommand
        #expect(PublicInterfaceFile(modulePath: "/x/Shape.swiftmodule", of: command) != nil)
        #expect(PublicInterfaceFile(modulePath: "/x/Shape.o", of: command) == nil)
        command.arguments.removeAll { $0 == "-enable-library-evolution" }
        #expect(PublicInterfaceFile(modulePath: "/x/Shape.swiftmodule", of: command) == nil)
    }
}
