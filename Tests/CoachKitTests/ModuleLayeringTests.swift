import Foundation
import Testing

@testable import CoachKit

@Suite("The module layering ARCHITECTURE.md states, held against the imports")
struct ModuleLayeringTests {
    static let document = """
        # Architecture

        ## Layers

        | layer | module | may import |
        |---|---|---|
        | 0 | `Sandbox` | — |
        | 1 | `Models` | `Sandbox` |
        | 2 | `Store` | `Models`, `GRDB` |
        | 2 | `Sync` | `Models` |
        | 3 | `Umbrella` | `Store`, `Sync` (the one that sees both) |
        | 4 | `Section*` | `Umbrella` |
        | 5 | `app` | `Section8Notes`, `Umbrella` |

        ## Next
        | 9 | `Ignored` | |
        """

    static func imports(_ pairs: [(String, String)]) -> [String: [ModuleLayering.Import]] {
        Dictionary(
            grouping: pairs.enumerated().map { index, pair in
                ModuleLayering.Import(file: "Sources/\(pair.0)/File.swift", line: index + 1, module: pair.1)
            }, by: { String($0.file.split(separator: "/")[1]) })
    }

    /// Imports that match the table exactly.
    static let holding: [(String, String)] = [
        ("Models", "Sandbox"), ("Models", "Foundation"), ("Store", "Models"), ("Store", "GRDB"), ("Sync", "Models"),
        ("Umbrella", "Store"), ("Umbrella", "Sync"), ("app", "Section8Notes"), ("app", "Umbrella"),
    ]
    static let modules = ["Sandbox", "Models", "Store", "Sync", "Umbrella", "app"]

    @Test("reads one row per module in backticks, and a prefix row for the sections")
    func readsTheTable() throws {
        let layering = try ModuleLayering(document: Self.document)

        #expect(layering.rows.map(\.module) == ["Sandbox", "Models", "Store", "Sync", "Umbrella", "Section*", "app"])
        #expect(layering.row(of: "Umbrella")?.mayImport == ["Store", "Sync"])
        #expect(layering.row(of: "Section14WaterLog")?.layer == 4)
    }

    @Test("code that imports only what the table allows has no problem")
    func holdingCode() throws {
        let layering = try ModuleLayering(document: Self.document)

        #expect(layering.problems(imports: Self.imports(Self.holding), modules: Self.modules).isEmpty)
    }

    @Test("a store that imports the sync layer above its own is named with its file and line")
    func upwardImport() throws {
        let layering = try ModuleLayering(document: Self.document)

        let problems = layering.problems(
            imports: Self.imports(Self.holding + [("Store", "Umbrella")]), modules: Self.modules)

        #expect(
            problems.map(\.description) == [
                "layers: Sources/Store/File.swift:10: Store imports Umbrella (layer 3, not below Store's 2), which "
                    + "ARCHITECTURE.md does not allow it; import what sits below it, or change the layering there first"
            ])
    }

    @Test("a sideways import within one layer is refused too")
    func sidewaysImport() throws {
        let layering = try ModuleLayering(document: Self.document)

        let problems = layering.problems(
            imports: Self.imports(Self.holding + [("Store", "Sync")]), modules: Self.modules)

        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("Store imports Sync (layer 2, not below Store's 2)") == true)
    }

    @Test("a table row that lets a module import upward is itself a problem")
    func upwardRow() throws {
        let document = Self.document.replacingOccurrences(
            of: "| `Models`, `GRDB` |", with: "| `Models`, `GRDB`, `Umbrella` |")
        let layering = try ModuleLayering(document: document)

        let problems = layering.problems(imports: Self.imports(Self.holding), modules: Self.modules).map(\.message)

        #expect(
            problems.contains(
                "ARCHITECTURE.md lets Store (layer 2) import Umbrella (layer 3): a module imports only modules of lower layers"
            ))
    }

    @Test("a module missing from the table, a row without a module and an allowed import no file makes are reported")
    func tableAndCodeDisagree() throws {
        let layering = try ModuleLayering(document: Self.document)

        let problems = layering.problems(
            imports: Self.imports(Self.holding.filter { $0 != ("Store", "GRDB") } + [("Extra", "Sandbox")]),
            modules: Self.modules.filter { $0 != "Sandbox" } + ["Extra"]
        ).map(\.message)

        #expect(
            problems == [
                "Sources/Extra is not in ARCHITECTURE.md's table; add a row with its layer and what it may import",
                "ARCHITECTURE.md lists Sandbox, which is not a folder of Sources/; remove its row",
                "ARCHITECTURE.md lets Store import GRDB, but no file of it does; remove GRDB from its row so the table stays the code's",
            ])
    }

    @Test("import lines are read with their attributes, access and kinds; code and strings that mention import are not")
    func readsImportLines() {
        let source = """
            @_exported import Foundation
            @_spi(Workbench) import PersistenceModels
            @_exported import class PersistenceCloud.CKContainer
            package import PersistenceSandbox
            #if canImport(Glibc)
            import Glibc
            #endif
            let text = \"\"\"
                import NotAModule
                \"\"\"
            // import Commented
            """

        let modules = ModuleLayering.imports(inSource: source, file: "F.swift").map(\.module)

        #expect(modules == ["Foundation", "PersistenceModels", "PersistenceCloud", "PersistenceSandbox", "Glibc"])
    }

    @Test("a document without a Layers table is refused with what to add")
    func missingTable() {
        #expect(throws: VerificationProblem.self) { try ModuleLayering(document: "# Architecture\n") }
    }

    @Test("the workbench's own Sources keep to its ARCHITECTURE.md")
    func workbenchHolds() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let workbench = try Workbench(root: root)

        let result = ModuleLayering.check(workbench: workbench)

        #expect(result.modules > 20)
        #expect(result.problems.isEmpty, "\(result.problems.map(\.description).joined(separator: "\n"))")
    }
}

@Suite("Every @unchecked Sendable says why it is safe")
struct UncheckedSendableAuditTests {
    @Test("a reason in the documentation, among attributes, or on the line itself explains the conformance")
    func explained() {
        let source = """
            /// The log of one run.
            ///
            /// Unchecked Sendable: every stored property is guarded by `lock`.
            final class EvidenceLog: @unchecked Sendable {}

            // Unchecked Sendable: immutable after init.
            @available(*, deprecated)
            final class Frozen: @unchecked Sendable {}

            final class Inline: @unchecked Sendable {}  // Unchecked Sendable: read on one thread only.
            """

        #expect(UncheckedSendableAudit.unexplainedLines(in: source).isEmpty)
    }

    @Test("a conformance whose comment gives no reason is reported by line")
    func unexplained() {
        let source = """
            /// A box.
            final class Box: @unchecked Sendable {}

            // Unchecked Sendable: guarded.

            final class Separated: @unchecked Sendable {}
            """

        #expect(UncheckedSendableAudit.unexplainedLines(in: source) == [2, 6])
    }
}
