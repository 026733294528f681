import Foundation

/// The workbench's layering as `ARCHITECTURE.md` states it, and the check that the code keeps to it.
///
/// The document's `## Layers` section holds a table with one row per module of `Sources/`: its layer, its
/// name and the modules it may import, each name in backticks (text outside backticks is commentary).
///
/// ```text
/// | layer | module | may import |
/// |---|---|---|
/// | 0 | `PersistenceSandbox` | |
/// | 1 | `PersistencePreferences` | `PersistenceSandbox` |
/// ```
///
/// Every `import` of a module that is not the platform's (Foundation, Glibc, Testing…) must be one the
/// importing module's row allows, every module a row allows must sit in a lower layer, so that nothing
/// imports upward, and every allowed import must be made by some file, so the table stays the code's.
/// A row's name may end in `*` (`Section*`) to stand for every module with that prefix.
public struct ModuleLayering: Sendable, Equatable {
    /// One row of the table.
    public struct Row: Sendable, Equatable {
        /// The module, or a prefix followed by `*`.
        public var module: String
        /// The layer, 0 at the bottom.
        public var layer: Int
        /// The modules it may import.
        public var mayImport: [String]
    }

    /// One `import` line of a source file.
    public struct Import: Sendable, Equatable {
        /// The file, relative to the workbench.
        public var file: String
        /// The line, from 1.
        public var line: Int
        /// The module imported.
        public var module: String
    }

    /// The table's rows, in the document's order.
    public var rows: [Row]

    /// Where the table lives, relative to the workbench.
    public static let documentPath = "ARCHITECTURE.md"

    /// Modules of the platform and the toolchain, which any module may import.
    static let platformModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Musl", "Darwin", "Android", "WinSDK",
        "Dispatch", "Observation", "Synchronization", "Testing", "XCTest", "_Concurrency", "CompilerPluginSupport",
    ]

    /// Reads the table of `document`, the text of `ARCHITECTURE.md`.
    ///
    /// - Throws: A ``VerificationProblem`` when the document has no `## Layers` table or a row is malformed.
    public init(document: String) throws(VerificationProblem) {
        let area = Self.documentPath
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "## Layers" }) else {
            throw VerificationProblem(
                area, "has no `## Layers` section with the table of modules and what each may import")
        }
        var rows: [Row] = []
        for line in lines[(heading + 1)...] {
            if line.hasPrefix("## ") { break }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("|") else { continue }
            let cells = trimmed.dropFirst().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, let layer = Int(cells[0]) else { continue }  // the header and its rule
            let modules = Self.codeSpans(in: cells[1])
            guard !modules.isEmpty else {
                throw VerificationProblem(area, "the row of layer \(layer) names no module in backticks: \(trimmed)")
            }
            let allowed = Self.codeSpans(in: cells[2])
            rows += modules.map { Row(module: $0, layer: layer, mayImport: allowed) }
        }
        guard !rows.isEmpty else {
            throw VerificationProblem(
                area, "the `## Layers` section has no table rows (| layer | module | may import |)")
        }
        self.rows = rows
    }

    /// The row of `module`: its own, or the row whose prefix (`Section*`) it starts with.
    public func row(of module: String) -> Row? {
        rows.first { $0.module == module }
            ?? rows.first { $0.module.hasSuffix("*") && module.hasPrefix(String($0.module.dropLast())) }
    }

    /// Every way `imports` (by importing module) and `modules` (the folders of `Sources/`) break the table.
    public func problems(imports: [String: [Import]], modules: [String]) -> [VerificationProblem] {
        let area = "layers"
        var problems: [VerificationProblem] = []
        for module in modules.sorted() where row(of: module) == nil {
            problems.append(
                VerificationProblem(
                    area,
                    "Sources/\(module) is not in \(Self.documentPath)'s table; add a row with its layer and what it may import"
                ))
        }
        for row in rows where !row.module.hasSuffix("*") && !modules.contains(row.module) {
            problems.append(
                VerificationProblem(
                    area, "\(Self.documentPath) lists \(row.module), which is not a folder of Sources/; remove its row"
                ))
        }
        for row in rows {
            for allowed in row.mayImport {
                guard let target = self.row(of: allowed) else { continue }  // a package's module: no layer
                if target.layer >= row.layer {
                    problems.append(
                        VerificationProblem(
                            area,
                            "\(Self.documentPath) lets \(row.module) (layer \(row.layer)) import \(allowed) (layer "
                                + "\(target.layer)): a module imports only modules of lower layers"
                        ))
                }
            }
        }
        for module in imports.keys.sorted() {
            guard let row = row(of: module) else { continue }
            for found in imports[module]! where !Self.platformModules.contains(found.module) && found.module != module {
                guard !row.mayImport.contains(found.module) else { continue }
                let direction =
                    self.row(of: found.module).map { target in
                        target.layer >= row.layer ? " (layer \(target.layer), not below \(module)'s \(row.layer))" : ""
                    } ?? ""
                problems.append(
                    VerificationProblem(
                        area,
                        "\(found.file):\(found.line): \(module) imports \(found.module)\(direction), which "
                            + "\(Self.documentPath) does not allow it; import what sits below it, or change the layering there first"
                    ))
            }
        }
        for row in rows where !row.module.hasSuffix("*") && modules.contains(row.module) {
            let made = Set((imports[row.module] ?? []).map(\.module))
            for allowed in row.mayImport where !made.contains(allowed) {
                problems.append(
                    VerificationProblem(
                        area,
                        "\(Self.documentPath) lets \(row.module) import \(allowed), but no file of it does; "
                            + "remove \(allowed) from its row so the table stays the code's"
                    ))
            }
        }
        return problems
    }

    /// The modules `source` imports, one per `import` line at the start of a line (attributes such as
    /// `@_exported` or `@_spi(…)` and a kind such as `class` may precede the name; `A.B` imports `A`).
    public static func imports(inSource source: String, file: String) -> [Import] {
        var found: [Import] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard
                line.first == "@" || line.hasPrefix("import ") || line.hasPrefix("public import ")
                    || line.hasPrefix("package import ") || line.hasPrefix("internal import ")
            else { continue }
            var words = line.split(separator: " ").map(String.init)[...]
            while let word = words.first, word.hasPrefix("@") || ["public", "package", "internal"].contains(word) {
                words = words.dropFirst()
            }
            guard words.first == "import" else { continue }
            words = words.dropFirst()
            let kinds: Set = ["class", "struct", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            guard let path = words.first else { continue }
            let module = String(path.prefix { $0 != "." && $0 != "/" })
            if !module.isEmpty { found.append(Import(file: file, line: index + 1, module: module)) }
        }
        return found
    }

    /// The names in backticks in `cell`.
    static func codeSpans(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .compactMap { index, part in index % 2 == 1 && !part.isEmpty ? String(part) : nil }
    }

    /// Reads the table from `workbench`'s `ARCHITECTURE.md` and the imports of every Swift file under
    /// `Sources/`, and returns the problems with the number of modules checked.
    public static func check(workbench: Workbench) -> (modules: Int, problems: [VerificationProblem]) {
        let root = workbench.root
        let layering: ModuleLayering
        do {
            let text = try String(contentsOf: root.appending(path: documentPath), encoding: .utf8)
            layering = try ModuleLayering(document: text)
        } catch let problem as VerificationProblem {
            return (0, [problem])
        } catch {
            return (0, [VerificationProblem(documentPath, "cannot be read: \(error.localizedDescription)")])
        }
        let sources = root.appending(path: "Sources")
        let files = FileManager.default
        let modules = ((try? files.contentsOfDirectory(atPath: sources.path)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".")
                && files.fileExists(atPath: sources.appending(path: name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        var imports: [String: [Import]] = [:]
        for module in modules {
            let folder = sources.appending(path: module)
            for path in (files.subpaths(atPath: folder.path) ?? []).sorted() where path.hasSuffix(".swift") {
                let url = folder.appending(path: path)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                imports[module, default: []] += Self.imports(inSource: text, file: workbench.relativePath(of: url))
            }
        }
        return (modules.count, layering.problems(imports: imports, modules: modules))
    }
}

extension VerificationProblem: Error {}
