import MutantSchemata
import SwiftParser
import SwiftSyntax
import Testing

@Suite("Mutant schemata")
struct MutantSchemataTests {
    /// The changes the schema of `source` holds, as "kind: original → mutated".
    func changes(in source: String) -> [String] {
        MutantSchemata.make(file: "F.swift", source: source, firstID: 1).mutants.map {
            "\($0.kind.rawValue): \($0.original) → \($0.mutated)"
        }
    }

    @Test("a boundary, a connective, a literal and a negated condition are each a mutant")
    func operatorsAndConditions() {
        let found = changes(
            in: """
                func isAdult(_ age: Int, member: Bool) -> Bool {
                    if age >= 18 && member { return true }
                    return false
                }
                """)
        #expect(found.contains("relational boundary: >= → >"))
        #expect(found.contains("logical connective swapped: && → ||"))
        #expect(found.contains("integer changed by one: 18 → 19"))
        #expect(found.contains("integer changed by one: 18 → 17"))
        #expect(found.contains("condition negated: age >= 18 && member → !(age >= 18 && member)"))
        #expect(found.contains("boolean flipped: true → false"))
        #expect(found.contains("early exit removed: if age >= 18 && member { return true } → (removed)"))
    }

    @Test("a save, a sort order, a dropped sort descriptor and the given store are each a mutant")
    func persistenceMistakes() {
        let found = changes(
            in: """
                struct Repository {
                    let store: UserDefaults
                    func save(_ note: Note) throws {
                        context.insert(note)
                        try context.save()
                        store.set(1, forKey: "count")
                    }
                    func list() -> FetchDescriptor<Note> {
                        FetchDescriptor(sortBy: [SortDescriptor(\\.isPinned, order: .reverse), SortDescriptor(\\.title)])
                    }
                }
                """)
        #expect(found.contains("statement removed: try context.save() → (removed)"))
        #expect(found.contains("statement removed: context.insert(note) → (removed)"))
        #expect(found.contains("given store replaced by the default: store → type(of: store).standard"))
        #expect(found.contains("sort order flipped: .reverse → .forward"))
        #expect(
            found.contains("sort order flipped: SortDescriptor(\\.title) → SortDescriptor(\\.title, order: .reverse)"))
        #expect(
            found.contains(
                "sort descriptor dropped: SortDescriptor(\\.title) → [SortDescriptor(\\.isPinned, order: .reverse)]"))
    }

    @Test("branches in another order, min for max, and toggle for an assignment are each a mutant")
    func branchesAndToggles() {
        let found = changes(
            in: """
                func grade(_ score: Int) -> String {
                    if score > 90 { return "A" } else if score > 80 { return "B" }
                    flag = true
                    return String(max(score, 0))
                }
                """)
        #expect(
            found.contains(
                "branches swapped: if score > 90 … else if score > 80 → score > 80 { return \"B\" } else if score > 90 { return \"A\" }"
            ))
        #expect(found.contains("min and max swapped: max → min"))
        #expect(found.contains("assignment and toggle swapped: flag = true → flag.toggle()"))
    }

    @Test("an assignment in an initializer, the only statement of a body and attribute arguments are never mutants")
    func unsafeSitesAreLeftAlone() {
        let found = changes(
            in: """
                final class Settings {
                    @AppStorage("sortOrder") var sortOrder = 3
                    var name: String
                    init(name: String) {
                        self.name = name
                        count = 1
                    }
                    func reset() { context.save() }
                }
                """)
        #expect(!found.contains { $0.hasPrefix("statement removed: self.name = name") })
        #expect(!found.contains { $0.hasPrefix("statement removed: count = 1") })
        #expect(!found.contains { $0.hasPrefix("statement removed: context.save()") })
        #expect(!found.contains { $0.contains("\"sortOrder\"") || $0.hasSuffix("→ 4") && $0.contains("3") })
    }

    @Test("the schema parses, switches each body over the mutants, and keeps the reference as the default")
    func schemaIsValidSwift() throws {
        let source = """
            func total(_ values: [Int]) -> Int {
                var sum = 0
                for value in values where value > 0 { sum += value }
                return sum
            }
            var isEmpty: Bool { count == 0 }
            """
        let schema = MutantSchemata.make(file: "F.swift", source: source, firstID: 7)
        let tree = Parser.parse(source: schema.source)
        #expect(!tree.hasError, "the schema does not parse:\n\(schema.source)")
        #expect(schema.mutants.first?.id == 7)
        #expect(schema.nextID == 7 + schema.mutants.count)
        #expect(schema.source.contains("switch coachActiveMutant {"))
        #expect(schema.needsSwitchFile, "a file without imports cannot read the environment itself")
        #expect(schema.source.components(separatedBy: "default:").count == 3)
        for mutant in schema.mutants {
            let lines = schema.source.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[mutant.schemataLines.lowerBound - 1].hasPrefix("case \(mutant.id):"))
        }
    }

    @Test(
        "a file that imports Foundation or the core reads the mutant from the environment in each switch, declaring nothing; a scoped import does not count"
    )
    func switchReadsTheEnvironment() throws {
        let body = "func isAdult(_ age: Int) -> Bool { age >= 18 }\n"
        for header in ["import Foundation\n", "import PersistenceCore\n", "@preconcurrency import Glibc\n"] {
            let schema = MutantSchemata.make(file: "F.swift", source: header + body, firstID: 1)
            #expect(!Parser.parse(source: schema.source).hasError, "\(schema.source)")
            #expect(schema.source.contains("switch \(MutantSchemata.environmentSubject) {"), "\(schema.source)")
            #expect(!schema.source.contains("coachActiveMutant"))
            #expect(!schema.needsSwitchFile)
        }
        let scoped = MutantSchemata.make(file: "F.swift", source: "import struct Foundation.Date\n" + body, firstID: 1)
        #expect(scoped.source.contains("switch coachActiveMutant {"))
        #expect(scoped.needsSwitchFile)
        let untouched = MutantSchemata.make(file: "F.swift", source: "struct Empty {}\n", firstID: 1)
        #expect(!untouched.needsSwitchFile, "a file without a switch needs no switch file")
    }

    @Test("excluded mutants are left out and the others keep their identifiers")
    func exclusionKeepsIdentifiers() {
        let source = "func f(_ a: Int) -> Bool { a < 3 }\n"
        let all = MutantSchemata.make(file: "F.swift", source: source, firstID: 1).mutants.map(\.id)
        let some = MutantSchemata.make(file: "F.swift", source: source, firstID: 1, excluding: [all[0]]).mutants.map(
            \.id)
        #expect(some == Array(all.dropFirst()))
    }

    @Test("a variant that differs only inside bodies is switched in beside the mutants, its case charged to its lines")
    func bodyVariantIsSwitchedIn() throws {
        let reference = """
            // The reference.
            func total(_ values: [Int]) -> Int {
                values.reduce(0, +)
            }
            func label(_ count: Int) -> String { "\\(count) items" }
            """
        let variant = """
            // A comment the variant changed, which does not count.
            func total(_ values: [Int]) -> Int {
                var sum = 0
                for value in values { sum += value }
                return sum
            }
            func label(_ count: Int) -> String { "\\(count) items" }
            """
        let schema = MutantSchemata.make(
            file: "F.swift", source: reference, firstID: 1, variants: [.init(id: 1_000_000, source: variant)])
        #expect(!Parser.parse(source: schema.source).hasError, "the schema does not parse:\n\(schema.source)")
        #expect(schema.refusedVariants.isEmpty)
        let placed = try #require(schema.variants.first)
        #expect(placed.id == 1_000_000 && placed.caseLines.count == 1 && placed.switchLines.count == 1)
        let lines = schema.source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[placed.caseLines[0].lowerBound - 1] == "case 1000000:")
        #expect(schema.source.contains("for value in values { sum += value }"))
        // The body it leaves alone is switched only for its own mutants, never for the variant.
        #expect(!lines.filter { $0.contains("items") }.isEmpty)
        #expect(schema.source.components(separatedBy: "case 1000000:").count == 2)
    }

    @Test("a variant that changes a declaration, an attribute or adds a function is refused with the place it differs")
    func declarationVariantsAreRefused() {
        let reference = """
            struct Store {
                @Attribute(.unique) var key: String
                func find() -> Int { 1 }
            }
            """
        let variants = [
            ("var key: String", reference.replacingOccurrences(of: "@Attribute(.unique) var key", with: "var key")),
            (
                "func helper",
                reference.replacingOccurrences(
                    of: "func find() -> Int { 1 }",
                    with: "func find() -> Int { helper() }\n    func helper() -> Int { 1 }")
            ),
            ("let key", reference.replacingOccurrences(of: "var key", with: "let key")),
        ]
        for (index, (words, source)) in variants.enumerated() {
            let schema = MutantSchemata.make(
                file: "F.swift", source: reference, firstID: 1, variants: [.init(id: 1_000_000 + index, source: source)]
            )
            #expect(schema.variants.isEmpty, "\(words): expected refused")
            let reason = schema.refusedVariants.first?.reason ?? ""
            #expect(reason.contains("differs outside function bodies"), "\(words): \(reason)")
        }
    }

    @Test("a variant that names another member in an attribute's argument is switched in at run time there")
    func attributeArgumentVariantIsSwitchedIn() throws {
        let reference = """
            import Foundation

            final class Album {
                @Relationship(deleteRule: .nullify, inverse: \\Item.albums) var items: [Item] = []
                @Attribute(.unique) var name = ""
                func count() -> Int { items.count }
            }
            """
        let cascading = reference.replacingOccurrences(of: ".nullify", with: ".cascade")
        let denying = reference.replacingOccurrences(of: ".nullify", with: ".deny")
            .replacingOccurrences(of: "items.count", with: "items.count + 1")
        let schema = MutantSchemata.make(
            file: "Album.swift", source: reference, firstID: 1,
            variants: [.init(id: 1_000_000, source: cascading), .init(id: 1_000_001, source: denying)], mutates: false)
        #expect(!Parser.parse(source: schema.source).hasError, "the schema does not parse:\n\(schema.source)")
        #expect(schema.refusedVariants.isEmpty, "\(schema.refusedVariants)")
        let subject = "(\(MutantSchemata.environmentSubject))"
        #expect(
            schema.source.contains(
                "deleteRule: (\(subject) == 1000000 ? (.cascade) : \(subject) == 1000001 ? (.deny) : (.nullify)), inverse:"
            ),
            "\(schema.source)")
        // The argument no variant changes is left as written, and the body only one variant changes is switched.
        #expect(schema.source.contains("@Attribute(.unique) var name"))
        #expect(schema.source.components(separatedBy: "case 1000001:").count == 2)
        #expect(!schema.source.contains("case 1000000:"))
        let lines = schema.source.split(separator: "\n", omittingEmptySubsequences: false)
        for placed in schema.variants {
            #expect(placed.caseLines.contains { lines[$0.lowerBound - 1].contains("deleteRule:") }, "\(placed)")
        }
        #expect(schema.variants.map(\.id) == [1_000_000, 1_000_001])
    }

    @Test("an excluded variant is left out, and the mutants keep their identifiers")
    func excludedVariantIsLeftOut() {
        let reference = "func f(_ a: Int) -> Bool { a < 3 }\n"
        let variant = MutantSchemata.Variant(id: 2_000_000, source: "func f(_ a: Int) -> Bool { 3 > a }\n")
        let with = MutantSchemata.make(file: "F.swift", source: reference, firstID: 1, variants: [variant])
        let without = MutantSchemata.make(
            file: "F.swift", source: reference, firstID: 1, excluding: [2_000_000], variants: [variant])
        #expect(with.variants.map(\.id) == [2_000_000])
        #expect(without.variants.isEmpty && !without.source.contains("case 2000000:"))
        #expect(with.mutants.map(\.id) == without.mutants.map(\.id))
    }
}
