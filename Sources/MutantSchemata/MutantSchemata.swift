import Foundation
import SwiftParser
import SwiftSyntax

/// Writes every mutant of a source file into one compilable file, a *mutant schema*: each function,
/// initializer or accessor that holds mutation sites becomes a `switch` over the mutant selected at run
/// time, with one copy of its body per mutant and the reference body as the default.
///
/// A whole section's mutants then need one build, and each is tested by running the suite with
/// `COACH_MUTANT=<id>`. Copying whole bodies, rather than switching single expressions, keeps every copy
/// as easy to type-check as the original (a `#Predicate` closure, say, stays a plain closure).
///
/// ```swift
/// let schema = MutantSchemata.make(file: "NoteRepository.swift", source: text, firstID: 1)
/// try schema.source.write(to: staged, atomically: true, encoding: .utf8)
/// // schema.mutants lists each mutant: where, what kind, and the change
/// ```
public enum MutantSchemata {
    /// A source file rewritten as a mutant schema, and the mutants it holds.
    public struct File: Sendable {
        /// The rewritten source.
        public var source: String
        /// The mutants, in file order, without the excluded ones.
        public var mutants: [Mutant]
        /// The next free identifier, for the section's next file.
        public var nextID: Int
    }

    /// The file that declares the run-time switch; it goes beside the schemata files in the section's target.
    public static let switchFileName = "CoachMutantSwitch.swift"

    /// The source of ``switchFileName``.
    public static let switchFileSource = """
        import Foundation

        /// The mutant this run tests, from `COACH_MUTANT`; -1 runs the reference code.
        let coachActiveMutant: Int = ProcessInfo.processInfo.environment["COACH_MUTANT"].flatMap { Int($0) } ?? -1

        """

    /// Rewrites `source` as a mutant schema.
    ///
    /// - Parameters:
    ///   - file: The file's name, recorded in each mutant.
    ///   - firstID: The identifier of the file's first mutant; identifiers follow the file's order, so they
    ///     stay the same however many are excluded.
    ///   - excluding: Mutants to leave out (those that did not compile in an earlier round).
    public static func make(file: String, source: String, firstID: Int, excluding: Set<Int> = []) -> File {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let scopes = ScopeFinder.scopes(in: tree)
        let bytes = Array(source.utf8)
        var output = ""
        var outputLine = 1
        var cursor = 0
        var mutants: [Mutant] = []
        var nextID = firstID

        func emit(_ text: String) {
            output += text
            outputLine += text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }

        for scope in scopes {
            let sites = MutationSiteFinder.sites(in: scope.statements)
            guard !sites.isEmpty else { continue }
            let start = scope.statements.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = scope.statements.endPositionBeforeTrailingTrivia.utf8Offset
            emit(String(decoding: bytes[cursor..<start], as: UTF8.self))
            emit("switch coachActiveMutant {\n")
            for site in sites {
                let id = nextID
                nextID += 1
                guard !excluding.contains(id) else { continue }
                let firstLine = outputLine
                emit("case \(id):\n")
                emit(String(decoding: bytes[start..<site.range.lowerBound], as: UTF8.self))
                emit(site.replacement)
                emit(String(decoding: bytes[site.range.upperBound..<end], as: UTF8.self))
                emit("\n")
                let location = converter.location(for: AbsolutePosition(utf8Offset: site.range.lowerBound))
                mutants.append(Mutant(
                    id: id, file: file, line: location.line, column: location.column, kind: site.kind, scope: scope.name,
                    original: oneLine(site.original),
                    mutated: oneLine(site.mutated ?? (site.replacement.isEmpty ? "(removed)" : site.replacement)),
                    schemataLines: firstLine...outputLine
                ))
            }
            emit("default:\n")
            emit(String(decoding: bytes[start..<end], as: UTF8.self))
            emit("\n}")
            cursor = end
        }
        emit(String(decoding: bytes[cursor...], as: UTF8.self))
        return File(source: output, mutants: mutants, nextID: nextID)
    }

    /// The first line of `text`, trimmed, and shortened to a readable length.
    static func oneLine(_ text: String) -> String {
        let first = text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return first.count > 90 ? String(first.prefix(87)) + "…" : first
    }
}

/// A body whose statements can be copied once per mutant: a function's, an initializer's, an accessor's
/// or a computed property's.
struct MutationScope {
    /// How reports name it: `notes(matching:)`, `init(title:)`, `isEmpty.get`.
    let name: String
    let statements: CodeBlockItemListSyntax
}

/// Finds the outermost bodies of a file; a body inside another (a local function) belongs to the outer one.
final class ScopeFinder: SyntaxVisitor {
    private var scopes: [MutationScope] = []

    static func scopes(in tree: SourceFileSyntax) -> [MutationScope] {
        let finder = ScopeFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.scopes
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body {
            let labels = node.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            scopes.append(MutationScope(name: "\(node.name.text)(\(labels))", statements: body.statements))
        }
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body {
            let labels = node.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            scopes.append(MutationScope(name: "init(\(labels))", statements: body.statements))
        }
        return .skipChildren
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body { scopes.append(MutationScope(name: "deinit", statements: body.statements)) }
        return .skipChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let block = node.accessorBlock else { return .skipChildren }
        let property = node.pattern.trimmedDescription
        for (accessor, statements) in accessorBodies(of: block) {
            scopes.append(MutationScope(name: "\(property).\(accessor)", statements: statements))
        }
        return .skipChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let block = node.accessorBlock else { return .skipChildren }
        for (accessor, statements) in accessorBodies(of: block) {
            scopes.append(MutationScope(name: "subscript.\(accessor)", statements: statements))
        }
        return .skipChildren
    }

    /// The bodies in an accessor block, each with its accessor's name: a lone getter's is `get`. (Read
    /// through `Syntax` rather than a switch over `accessors`, whose cases the toolchain's swift-syntax,
    /// built for library evolution, does not promise are all.)
    private func accessorBodies(of block: AccessorBlockSyntax) -> [(String, CodeBlockItemListSyntax)] {
        let accessors = Syntax(block.accessors)
        if let getter = accessors.as(CodeBlockItemListSyntax.self) {
            return [("get", getter)]
        }
        return (accessors.as(AccessorDeclListSyntax.self) ?? []).compactMap { accessor in
            accessor.body.map { (accessor.accessorSpecifier.text, $0.statements) }
        }
    }

    /// Stored properties' initial values and attributes are not bodies: the macros read them as written.
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
