import Foundation
import Testing

@testable import CoachKit

/// Telling a module's interface file that declares what the last one did, from the compiler's own output,
/// and putting the last one back so the module's importers keep their objects.
@Suite("a module's interface kept when it declares the same")
struct KeptModuleInterfaceTests {
    /// A folder where `swiftc` writes the module `Shape` from one file, as a debug build does.
    struct Module {
        let folder = FileManager.default.temporaryDirectory.appending(path: "kept-interface-\(UUID().uuidString)")
        var interface: String { folder.appending(path: "Shape.swiftmodule").path }

        /// Compiles `source` as the module's only file and returns its interface file's contents.
        @discardableResult
        func compile(_ source: String) throws -> Data {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: folder.appending(path: "Shape.swift"))
            let process = Process()
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = [
                "swiftc", "-emit-module", "-module-name", "Shape", "-Onone", "-g", "-enable-testing", "-o", interface,
                "Shape.swift",
            ]
            process.currentDirectoryURL = folder
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return try Data(contentsOf: URL(filePath: interface))
        }
    }

    static let reference = """
        public final class Box {
            public var count = 1
            public func size() -> Int { 3 }
        }
        """

    @Test("a changed body or initial value declares the same; a stored property or a method added does not")
    func comparesWhatImportersCompileAgainst() throws {
        let module = Module()
        defer { try? FileManager.default.removeItem(at: module.folder) }
        let original = try module.compile(Self.reference)
        let bodies = try module.compile(
            Self.reference.replacing("count = 1", with: "count = 2").replacing("{ 3 }", with: "{ 4 }"))
        #expect(original != bodies, "the fingerprints follow the type's tokens")
        #expect(KeptModuleInterface.declareTheSame(original, bodies))

        let stored = try module.compile(
            Self.reference.replacing("public var count = 1", with: "public var count = 1\n    var extra = 0"))
        #expect(!KeptModuleInterface.declareTheSame(original, stored))
        let method = try module.compile(Self.reference.replacing("}\n}", with: "}\n    public func more() {}\n}"))
        #expect(!KeptModuleInterface.declareTheSame(original, method))
    }

    @Test("bytes that differ outside a run of 32 hexadecimal digits, or another length, declare otherwise")
    func differencesOutsideFingerprints() {
        let fingerprint = String(repeating: "0a", count: 16)
        let other = String(repeating: "9f", count: 16)
        let original = Data("head \(fingerprint) tail".utf8)
        #expect(KeptModuleInterface.declareTheSame(original, Data("head \(other) tail".utf8)))
        #expect(!KeptModuleInterface.declareTheSame(original, Data("heax \(fingerprint) tail".utf8)))
        #expect(!KeptModuleInterface.declareTheSame(original, Data("head \(fingerprint) tails".utf8)))
        let short = Data("head 0a0a tail".utf8)
        #expect(!KeptModuleInterface.declareTheSame(short, Data("head 9f9f tail".utf8)))
        let upper = Data("head \(fingerprint.uppercased()) tail".utf8)
        #expect(!KeptModuleInterface.declareTheSame(upper, Data("head \(other.uppercased()) tail".utf8)))
    }

    @Test("the kept file comes back with its contents and modification time only when it declares the same")
    func restoresOnlyTheSame() throws {
        let module = Module()
        defer { try? FileManager.default.removeItem(at: module.folder) }
        let original = try module.compile(Self.reference)
        let originalStamp = try #require(DirectRebuild.Stamp(path: module.interface))
        let kept = try #require(KeptModuleInterface(path: module.interface))
        try module.compile(Self.reference.replacing("{ 3 }", with: "{ 5 }"))
        #expect(kept.restoreIfSameDeclarations())
        #expect(try Data(contentsOf: URL(filePath: module.interface)) == original)
        #expect(DirectRebuild.Stamp(path: module.interface)?.modified == originalStamp.modified)

        let keptAgain = try #require(KeptModuleInterface(path: module.interface))
        let reshaped = try module.compile(
            Self.reference.replacing("public var count = 1", with: "public var count = \"1\""))
        #expect(!keptAgain.restoreIfSameDeclarations())
        #expect(try Data(contentsOf: URL(filePath: module.interface)) == reshaped)
        #expect(KeptModuleInterface(path: module.folder.appending(path: "Shape.swift").path) == nil)
    }
}

/// Guessing which variants reshape their section's interface, to build them last.
@Suite("variants that probably reshape an interface")
struct InterfaceReshapingTests {
    static let reference = """
        @Model
        public final class Album {
            @Relationship(deleteRule: .nullify, inverse: \\Item.albums)
            public var items: [Item] = []
            @Attribute(.externalStorage) public var cover: Data
            @Transient public var isSelected = false
            // A comment.
            public func add(_ item: Item) {
                items.append(item)
            }
        }
        """

    func guess(_ variant: String) -> Bool {
        InterfaceReshaping.isLikely(reference: ["Album.swift": Self.reference], variant: ["Album.swift": variant])
    }

    @Test("a changed delete rule, attribute option, comment or line of a body keeps the shape")
    func attributesAndBodiesKeepTheShape() {
        #expect(!guess(Self.reference))
        #expect(!guess(Self.reference.replacing("deleteRule: .nullify", with: "deleteRule: .cascade")))
        #expect(!guess(Self.reference.replacing("@Attribute(.externalStorage) ", with: "")))
        #expect(!guess(Self.reference.replacing("// A comment.", with: "// Another comment.")))
        #expect(!guess(Self.reference.replacing("items.append(item)", with: "items.insert(item, at: 0)")))
        let unique = Self.reference.replacing(
            "public final class Album {\n", with: "public final class Album {\n    #Unique<Album>([\\.cover])\n")
        #expect(!guess(unique))
        #expect(!guess(unique.replacing("[\\.cover]", with: "[\\.cover, \\.isSelected]")))
    }

    @Test("a property made stored, a member added or removed, a default argument changed, or a file added reshapes it")
    func declarationsReshape() {
        #expect(guess(Self.reference.replacing("@Transient ", with: "")))
        #expect(guess(Self.reference.replacing("public var items", with: "public var entries")))
        #expect(
            guess(
                Self.reference.replacing(
                    "    public func add", with: "    public func remove() {}\n    public func add")))
        let withDefault = Self.reference.replacing("add(_ item: Item)", with: "add(_ item: Item,\n at index: Int = 0)")
        #expect(guess(withDefault))
        #expect(
            InterfaceReshaping.isLikely(
                reference: ["Album.swift": withDefault],
                variant: ["Album.swift": withDefault.replacing("Int = 0", with: "Int = 1")]),
            "a default argument on a line of its own is part of the declaration")
        #expect(
            guess(
                Self.reference.replacing(
                    "    // A comment.", with: "    private func helper() -> Int { 1 }\n    // A comment.")),
            "a private helper added is declared in the interface file too")
        #expect(
            InterfaceReshaping.isLikely(
                reference: ["Album.swift": Self.reference],
                variant: ["Album.swift": Self.reference, "Extra.swift": "extension Album { func extra() {} }"]))
    }
}
