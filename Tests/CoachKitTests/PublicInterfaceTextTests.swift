import Foundation
import Testing

@testable import CoachKit

/// Which differences between two public interfaces an importer's compiled objects cannot tell apart, read
/// from interface text as the compiler prints it; `PublicInterfaceFileTests` runs the same forms in a real
/// program.
@Suite("a public interface's text as an importer's objects depend on it")
struct PublicInterfaceTextTests {
    static func interface(_ body: String) -> String {
        """
        // swift-interface-format-version: 1.0
        // swift-module-flags: -target x86_64-unknown-linux-gnu -enable-library-evolution -module-name Shelf
        import PersistenceModels
        \(body)
        """
    }

    static func sameToImporters(_ old: String, _ new: String) -> Bool {
        PublicInterfaceText.asImportersSeeIt(interface(old)) == PublicInterfaceText.asImportersSeeIt(interface(new))
    }

    @Test("a stored var and a computed get-set property, a let and a get-only one, read the same")
    func storageIsHidden() {
        let computed = """
            final public class Book {
              final public var notes: Swift.String {
                get
                set
              }
              final public var identifier: Swift.String {
                get
              }
            }
            """
        let stored = """
            final public class Book {
              final public var notes: Swift.String
              final public let identifier: Swift.String
            }
            """
        #expect(Self.sameToImporters(computed, stored))
        let narrowSetter = """
            final public class Book {
              final public var notes: Swift.String
              final public private(set) var identifier: Swift.String
            }
            """
        #expect(Self.sameToImporters(computed, narrowSetter))
    }

    @Test("a property wrapper's attribute, its projection marker and a listed _modify leave the property as it reads")
    func wrappersAreHidden() {
        let wrapped = """
            public struct Shelf {
              @PersistenceModels.Query<Shelf.Book> public var books: [Shelf.Book] {
                get
              }
              @Shelf.Clamped<Swift.Int> public var count: Swift.Int {
                get
                set
                _modify
              }
            }
            @propertyWrapper public struct Clamped<Value> {
            }
            """
        let plain = """
            public struct Shelf {
              public let books: [Shelf.Book]
              public var count: Swift.Int
            }
            @propertyWrapper public struct Clamped<Value> {
            }
            """
        #expect(Self.sameToImporters(wrapped, plain))
    }

    @Test(
        "a default argument, a nonmutating setter, a setter added, another type, a global actor and any layout attribute still count"
    )
    func differencesThatReachImporters() {
        #expect(
            !Self.sameToImporters(
                "public func add(priority: Swift.Int = 1)", "public func add(priority: Swift.Int = 2)"))
        let nonmutating = """
            public struct Settings {
              @PersistencePreferences.AppStorage @_projectedValueProperty($sort) public var sort: Swift.Int {
                get
                nonmutating set
                nonmutating _modify
              }
            }
            """
        let mutating = """
            public struct Settings {
              public var sort: Swift.Int
            }
            """
        #expect(!Self.sameToImporters(nonmutating, mutating))
        #expect(
            !Self.sameToImporters(
                "final public class A {\n  final public var x: Swift.Int {\n    get\n  }\n}",
                "final public class A {\n  final public var x: Swift.Int\n}"))
        #expect(
            !Self.sameToImporters(
                "final public class A {\n  final public var x: Swift.Int\n}",
                "final public class A {\n  final public var x: Swift.Double\n}"))
        #expect(
            !Self.sameToImporters(
                "final public class A {\n  @_Concurrency.MainActor final public var x: Swift.Int\n}",
                "final public class A {\n  final public var x: Swift.Int\n}"))
        #expect(
            !Self.sameToImporters(
                "@frozen public struct A {\n  public var x: Swift.Int\n}",
                "@frozen public struct A {\n  public var x: Swift.Int {\n    get\n    set\n  }\n}"))
    }

    @Test("the workbench's property wrappers are the ones its sources declare")
    func workbenchWrappersListed() throws {
        let sources = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources")
        var declared: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else {
                continue
            }
            let module = file.pathComponents[file.pathComponents.firstIndex(of: "Sources")! + 1]
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, line) in lines.enumerated() where line == "@propertyWrapper" && index + 1 < lines.count {
                let words = lines[index + 1].split(whereSeparator: { " <:{".contains($0) })
                if let kind = words.firstIndex(where: { ["struct", "class", "enum"].contains($0) }) {
                    declared.insert("\(module).\(words[kind + 1])")
                }
            }
        }
        #expect(!declared.isEmpty)
        #expect(declared == PublicInterfaceText.workbenchPropertyWrappers)
    }
}
