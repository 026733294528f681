import CoreTestSupport
import Testing

@testable import CoachKit

/// Which edits of a module's file its importers could compile differently, and through which names.
@Suite("what an edit declares to the modules importing it")
struct SwiftDeclarationOutlineTests {
    static let reference = """
        import Foundation

        /// A stored list.
        public struct Shelf {
            public var books: [String] = []
            let limit: Int

            public init(limit: Int) {
                self.limit = limit
            }

            public mutating func add(_ title: String) {
                guard books.count < limit else { return }  // a { brace in a comment
                books.append("{\\(title)}")
            }

            var isFull: Bool { books.count >= limit }
        }

        public final class Library {
            var shelves: [Shelf] = []
            func shelf(at index: Int) -> Shelf { shelves[index] }
        }

        extension Library {
            func count() -> Int { shelves.count }
        }

        public enum Genre: String {
            case fiction, poetry
            var label: String { rawValue.capitalized }
        }

        let defaultLimit = 10
        func makeShelf() -> Shelf { Shelf(limit: defaultLimit) }
        """

    /// The names `edited` changes, or `nil` when importers may compile differently whatever they spell.
    static func names(_ edited: String) -> Set<String>? {
        SwiftDeclarationOutline(edited).changedNames(since: SwiftDeclarationOutline(reference))
    }

    static func edit(_ old: String, _ new: String) -> String {
        precondition(reference.contains(old), "the reference has no \(old)")
        return reference.replacing(old, with: new)
    }

    @Test("bodies, comments, literals and a getter's code change no name")
    func bodiesChangeNothing() {
        #expect(Self.names(Self.reference) == [])
        #expect(Self.names(Self.edit("return }", "return }\n        print(title)")) == [])
        #expect(Self.names(Self.edit("/// A stored list.", "/// Books, stored.")) == [])
        #expect(Self.names(Self.edit("\"{\\(title)}\"", "\"}}\"")) == [])
        #expect(Self.names(Self.edit("rawValue.capitalized", "rawValue")) == [])
        #expect(Self.names(Self.edit("self.limit = limit", "self.limit = max(1, limit)")) == [])
        #expect(Self.names(Self.edit("shelves[index] }", "shelves[index % shelves.count] }")) == [])
    }

    @Test("a new or changed function, constant or computed property outside a class's body changes its name")
    func namedDeclarations() {
        #expect(Self.names(Self.reference + "\nprivate let probe = 1\n") == ["probe"])
        #expect(Self.names(Self.reference + "\nfunc helper(_ value: Int) -> Int {\n    value * 2\n}\n") == ["helper"])
        #expect(
            Self.names(
                Self.edit("    var isFull: Bool", "    func isEmpty() -> Bool { books.isEmpty }\n    var isFull: Bool"))
                == ["isEmpty"])
        #expect(Self.names(Self.edit("func count() -> Int", "func count(of genre: Genre) -> Int")) == ["count"])
        #expect(Self.names(Self.edit("var label: String", "var title: String")) == ["label", "title"])
        // A final class's methods have no place in its dispatch table.
        #expect(
            Self.names(Self.edit("    func shelf(at", "    private func helper() {}\n    func shelf(at")) == ["helper"])
        #expect(
            Self.names(Self.edit("func shelf(at index: Int) -> Shelf", "func shelf(at index: Int) -> Shelf?")) == [
                "shelf"
            ])
        #expect(
            Self.names(Self.edit("func makeShelf() -> Shelf {", "func makeShelf(limit: Int = 5) -> Shelf {")) == [
                "makeShelf"
            ])
        // A closure in a default argument is not the body: the result type after it counts.
        let closure = Self.reference + "\nfunc run(_ step: () -> Void = {}) -> Int { 1 }\n"
        #expect(
            SwiftDeclarationOutline(closure.replacing("-> Int { 1 }", with: "-> Bool { true }"))
                .changedNames(since: SwiftDeclarationOutline(closure)) == ["run"])
    }

    @Test("what decides a layout, a dispatch table or a type's meaning counts whatever the name")
    func shapeChanges() {
        // Stored properties, cases, a struct's initializers, a class's members, type headers and new types.
        #expect(Self.names(Self.edit("    let limit: Int", "    let limit: Int\n    private var note = \"\"")) == nil)
        #expect(Self.names(Self.edit("case fiction, poetry", "case fiction, poetry, drama")) == nil)
        #expect(Self.names(Self.edit("    var isFull: Bool", "    init() { limit = 1 }\n    var isFull: Bool")) == nil)
        #expect(
            Self.names(Self.edit("    var shelves: [Shelf] = []", "    var shelves: [Shelf] = []\n    var name = \"\""))
                == nil)
        #expect(
            Self.names(
                Self.edit(
                    "    func shelf(at", "    init(shelves: [Shelf]) { self.shelves = shelves }\n    func shelf(at"))
                == nil)
        // A class that is not final, or that a macro reads, keeps every member in its shape.
        let open = Self.edit("public final class Library", "open class Library")
        #expect(
            SwiftDeclarationOutline(
                open.replacing("    func shelf(at", with: "    private func helper() {}\n    func shelf(at")
            )
            .changedNames(since: SwiftDeclarationOutline(open)) == nil)
        // The workbench's `@Model` reads a final class's variables, never its functions.
        let model = Self.edit("public final class Library", "@Model public final class Library")
        func modelNames(_ old: String, _ new: String) -> Set<String>? {
            SwiftDeclarationOutline(model.replacing(old, with: new)).changedNames(since: SwiftDeclarationOutline(model))
        }
        #expect(modelNames("    func shelf(at", "    func helper() {}\n    func shelf(at") == ["helper"])
        #expect(modelNames("    func shelf(at", "    var total: Int { shelves.count }\n    func shelf(at") == nil)
        #expect(modelNames("    var shelves: [Shelf] = []", "    var shelves: [Shelf] = [Shelf(limit: 1)]") == nil)
        let openModel = Self.edit("public final class Library", "@Model open class Library")
        #expect(
            SwiftDeclarationOutline(
                openModel.replacing("    func shelf(at", with: "    func helper() {}\n    func shelf(at")
            )
            .changedNames(since: SwiftDeclarationOutline(openModel)) == nil)
        #expect(Self.names(Self.edit("public enum Genre: String", "public enum Genre: String, CaseIterable")) == nil)
        #expect(Self.names(Self.edit("extension Library {", "extension Library: CustomStringConvertible {")) == nil)
        #expect(Self.names(Self.reference + "\nstruct Date {}\n") == nil)
        #expect(Self.names(Self.reference + "\ntypealias Title = String\n") == nil)
        #expect(Self.names(Self.edit("import Foundation", "import Foundation\nimport Dispatch")) == nil)
        #expect(Self.names(Self.reference + "\n#if DEBUG\nlet debug = true\n#endif\n") == nil)
    }

    @Test("a name an inferred type, an opaque result or the language's own calls depend on counts too")
    func namesWithHiddenUses() {
        // `doubled`'s type comes from `defaultLimit`'s: an importer spelling only `doubled` depends on both.
        let inferred = Self.edit("let defaultLimit = 10", "let defaultLimit = 10\nlet doubled = defaultLimit * 2")
        let changed = inferred.replacing("let defaultLimit = 10\n", with: "let defaultLimit = 10.0\n")
        #expect(SwiftDeclarationOutline(changed).changedNames(since: SwiftDeclarationOutline(inferred)) == nil)
        #expect(Self.names(Self.edit("let defaultLimit = 10", "let defaultLimit = 10.0")) == ["defaultLimit"])
        #expect(Self.names(Self.reference + "\nfunc view() -> some Equatable { 1 }\n") == nil)
        #expect(Self.names(Self.reference + "\nextension Shelf {\n    func callAsFunction() -> Int { 1 }\n}\n") == nil)
        #expect(Self.names(Self.reference + "\nfunc + (a: Shelf, b: Shelf) -> Shelf { a }\n") == nil)
        #expect(Self.names(Self.reference + "\n@inlinable func fast() -> Int { 1 }\n") == nil)
        #expect(Self.names(Self.edit("public struct Shelf {", "@Observable public struct Shelf {")) == nil)
        #expect(Self.names(Self.reference + "\n@SomeMacro func generated() {}\n") == nil)
    }

    @Test("a file whose brackets do not pair up, or that may hold a regular expression literal, is not read")
    func unreadableFiles() {
        // A regular expression's brace would otherwise end the function early, and the struct's stored
        // property would look like a global.
        let regex = "func f() -> Bool { \"a\".contains(/\\}/) }\nstruct S {\n    var a = 0\n}\n"
        let stored = regex.replacing("var a = 0", with: "var a = 0\n    var b = 0")
        #expect(SwiftDeclarationOutline(stored).changedNames(since: SwiftDeclarationOutline(regex)) == nil)
        #expect(!SwiftDeclarationOutline("let r = #/a{/#\n").isReadable)
        #expect(!SwiftDeclarationOutline("func f() {\n").isReadable)
        #expect(!SwiftDeclarationOutline("func f() { ( }").isReadable)
        #expect(SwiftDeclarationOutline("let half = total / 2\n// a comment\n/* and another */").isReadable)
    }

    @Test("any text reads without a trap: every prefix of a file, and bytes at random")
    func readsAnyText() {
        let samples = [
            Self.reference,
            ##"let s = #"raw \#(x) "q""#; let m = """\n\(a) "\#n""" /* /* */ @attr(x: "}") #if X"##,
        ]
        for sample in samples {
            let characters = Array(sample)
            for end in 0...characters.count {
                let outline = SwiftDeclarationOutline(String(characters[..<end]))
                _ = outline.changedNames(since: SwiftDeclarationOutline(sample))
            }
        }
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("{}()[]\"#@/\\*\n =:;,.<>?!abcfuncletvarstructclassextension$0_`'")
        for _ in 0..<500 {
            let length = Int.random(in: 0..<80, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            _ = SwiftDeclarationOutline(text).changedNames(since: SwiftDeclarationOutline(""))
            _ = SwiftTokens.wordRuns(in: text)
        }
    }

    @Test("strings with braces, quotes and interpolations, and nested comments, read whole")
    func tokens() {
        let source = #"""
            let a = "}{\"\(b("{"))"
            let raw = #"a "quoted" \(not) } "#
            /* outer /* inner } */ still a comment { */
            let multi = """
                }
                """
            func after() {}
            """#
        let outline = SwiftDeclarationOutline(source)
        #expect(Set(outline.named.keys) == ["var|a", "var|raw", "var|multi", "func|after"])
        #expect(outline.shapeWords.contains("b"))
        #expect(SwiftTokens.wordRuns(in: "x.helper(1) + _y2 // 3abc") == ["x", "helper", "_y2"])
    }
}
