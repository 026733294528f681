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
        /// Where each variant placed in the schema went; see ``make(file:source:firstID:excluding:variants:)``.
        public var variants: [PlacedVariant] = []
        /// The variants that could not be placed, each with why.
        public var refusedVariants: [RefusedVariant] = []
        /// Whether the file's switches read the shared ``switchFileName`` declaration: a file that imports
        /// none of ``modulesWithGetenv`` cannot read the environment itself.
        public var needsSwitchFile = false
    }

    /// Another complete version of the file — a known mistake or an alternative solution — to switch in
    /// beside the mutants: it is placed when it differs from the reference only inside bodies (functions,
    /// initializers, accessors), so that one build can hold it.
    public struct Variant: Sendable {
        /// The number that selects it at run time, unique within the section and apart from the mutants'.
        public var id: Int
        /// The file as the variant has it.
        public var source: String

        public init(id: Int, source: String) {
            self.id = id
            self.source = source
        }
    }

    /// A variant switched into a schema: the lines of its own copies of the bodies it changes, and the
    /// lines of each `switch` it takes part in, so that a compiler error there is charged to it.
    public struct PlacedVariant: Codable, Sendable, Equatable {
        public var id: Int
        public var file: String
        /// The lines of each body the variant changes, as its own `case`.
        public var caseLines: [ClosedRange<Int>]
        /// The lines of each `switch` holding one of its cases.
        public var switchLines: [ClosedRange<Int>]
    }

    /// A variant that cannot be switched in at run time, and why: it must be built on its own.
    public struct RefusedVariant: Codable, Sendable, Equatable {
        public var id: Int
        public var file: String
        public var reason: String
    }

    /// What a schema's `switch` selects on in a file that imports one of ``modulesWithGetenv``: the
    /// mutant this run tests, read from `COACH_MUTANT` where it is needed, -1 (the reference code) when
    /// unset. It declares nothing, so the module's interface file declares what the reference's does, and
    /// the modules that import it need not compile again when a schema or a variant takes its place.
    public static let environmentSubject = #"getenv("COACH_MUTANT").map({ Int(atoi($0)) }) ?? -1"#

    /// The modules whose import makes `getenv` visible to a file (Foundation re-exports the C library, and
    /// the core re-exports Foundation).
    public static let modulesWithGetenv: Set<String> = ["Foundation", "Glibc", "PersistenceCore"]

    /// The file that declares the run-time switch for files that import none of ``modulesWithGetenv``; it
    /// goes beside the schemata files in the section's target when one of them needs it.
    public static let switchFileName = "CoachMutantSwitch.swift"

    /// The source of ``switchFileName``.
    public static let switchFileSource = """
        import Foundation

        /// The mutant this run tests, from `COACH_MUTANT`; -1 runs the reference code.
        let coachActiveMutant: Int = ProcessInfo.processInfo.environment["COACH_MUTANT"].flatMap { Int($0) } ?? -1

        """

    /// Whether `tree` imports a whole module that makes `getenv` visible.
    static func importsGetenv(_ tree: SourceFileSyntax) -> Bool {
        tree.statements.contains { item in
            guard let declaration = item.item.as(ImportDeclSyntax.self), declaration.importKindSpecifier == nil,
                declaration.path.count == 1, let name = declaration.path.first?.name.text
            else { return false }
            return modulesWithGetenv.contains(name)
        }
    }

    /// Rewrites `source` as a mutant schema.
    ///
    /// - Parameters:
    ///   - file: The file's name, recorded in each mutant.
    ///   - firstID: The identifier of the file's first mutant; identifiers follow the file's order, so they
    ///     stay the same however many are excluded.
    ///   - excluding: Mutants to leave out (those that did not compile in an earlier round).
    ///   - variants: Other versions of the file to switch in beside the mutants (excluded ones are left
    ///     out); a variant that differs from `source` outside bodies, other than in an attribute's argument
    ///     that names a member (``ArgumentSlotFinder``), is refused, with the reason.
    ///   - mutates: Whether to make mutants at all; without, the schema holds the variants alone.
    public static func make(
        file: String, source: String, firstID: Int, excluding: Set<Int> = [], variants: [Variant] = [],
        mutates: Bool = true
    ) -> File {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let scopes = ScopeFinder.scopes(in: tree)
        let bytes = Array(source.utf8)
        var output = ""
        var outputLine = 1
        var cursor = 0
        var mutants: [Mutant] = []
        var nextID = firstID
        let readsEnvironment = importsGetenv(tree)
        var switches = 0

        // Each variant's body of every scope it changes, by scope index.
        var variantBodies: [[(id: Int, body: String, isLoneExpression: Bool)]] = Array(
            repeating: [], count: scopes.count)
        var refused: [RefusedVariant] = []
        let referenceShape = VariantShape(tree: tree, scopes: scopes)
        // Each variant's text of every attribute argument it changes, by slot index.
        var variantSlots: [[(id: Int, text: String)]] = Array(repeating: [], count: referenceShape.slots.count)
        for variant in variants where !excluding.contains(variant.id) {
            let variantTree = Parser.parse(source: variant.source)
            let variantScopes = ScopeFinder.scopes(in: variantTree)
            let shape = VariantShape(tree: variantTree, scopes: variantScopes)
            guard !variantTree.hasError else {
                refused.append(RefusedVariant(id: variant.id, file: file, reason: "it does not parse"))
                continue
            }
            guard shape.outline == referenceShape.outline else {
                refused.append(
                    RefusedVariant(id: variant.id, file: file, reason: referenceShape.difference(from: shape)))
                continue
            }
            let variantBytes = Array(variant.source.utf8)
            for index in referenceShape.slots.indices where shape.slots[index] != referenceShape.slots[index] {
                let range = shape.slotRanges[index]
                variantSlots[index].append((variant.id, String(decoding: variantBytes[range], as: UTF8.self)))
            }
            for index in scopes.indices where shape.bodies[index] != referenceShape.bodies[index] {
                let statements = variantScopes[index].statements
                let start = statements.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = max(start, statements.endPositionBeforeTrailingTrivia.utf8Offset)
                variantBodies[index].append(
                    (
                        variant.id, String(decoding: variantBytes[start..<end], as: UTF8.self),
                        MutationScope.isLoneExpression(statements)
                    ))
            }
        }
        var placed: [Int: PlacedVariant] = [:]

        func emit(_ text: String) {
            output += text
            outputLine += text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }

        // What every switch and choice selects on.
        let subject = readsEnvironment ? environmentSubject : "coachActiveMutant"
        // Bodies and switched attribute arguments, in the order the file holds them (they never overlap).
        enum Edit {
            case body(Int)
            case argument(Int)
        }
        let bodies = scopes.indices.map {
            (start: scopes[$0].statements.positionAfterSkippingLeadingTrivia.utf8Offset, edit: Edit.body($0))
        }
        let arguments = variantSlots.indices.filter { !variantSlots[$0].isEmpty }.map {
            (start: referenceShape.slotRanges[$0].lowerBound, edit: Edit.argument($0))
        }
        for (_, edit) in (bodies + arguments).sorted(by: { $0.start < $1.start }) {
            if case .argument(let slot) = edit {
                // An argument a variant changes becomes a choice made at run time, the reference's last.
                let range = referenceShape.slotRanges[slot]
                emit(String(decoding: bytes[cursor..<range.lowerBound], as: UTF8.self))
                let firstLine = outputLine
                let choices = variantSlots[slot].map { "(\(subject)) == \($0.id) ? (\($0.text)) : " }.joined()
                emit("(" + choices + "(" + String(decoding: bytes[range], as: UTF8.self) + "))")
                switches += 1
                for (id, _) in variantSlots[slot] {
                    placed[id, default: PlacedVariant(id: id, file: file, caseLines: [], switchLines: [])].caseLines
                        .append(firstLine...outputLine)
                    placed[id]?.switchLines.append(firstLine...outputLine)
                }
                cursor = range.upperBound
                continue
            }
            guard case .body(let index) = edit else { continue }
            let scope = scopes[index]
            let sites = scope.isMutated && mutates ? MutationSiteFinder.sites(in: scope.statements) : []
            guard !sites.isEmpty || !variantBodies[index].isEmpty else { continue }
            let start = scope.statements.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = max(start, scope.statements.endPositionBeforeTrailingTrivia.utf8Offset)
            emit(String(decoding: bytes[cursor..<start], as: UTF8.self))
            let switchStart = outputLine
            // A switch whose every case is one expression is itself the expression a body returns; once a
            // variant's case holds statements, each lone expression must say `return`.
            let referenceIsExpression = MutationScope.isLoneExpression(scope.statements)
            let mixed = variantBodies[index].contains { $0.isLoneExpression != referenceIsExpression }
            let returning = { (isExpression: Bool) in mixed && isExpression && scope.returnsValue ? "return " : "" }
            emit("switch \(subject) {\n")
            switches += 1
            for (id, body, isExpression) in variantBodies[index] {
                let firstLine = outputLine
                emit("case \(id):\n")
                emit(returning(isExpression) + body)
                emit("\n")
                placed[id, default: PlacedVariant(id: id, file: file, caseLines: [], switchLines: [])].caseLines.append(
                    firstLine...outputLine)
            }
            for site in sites {
                let id = nextID
                nextID += 1
                guard !excluding.contains(id) else { continue }
                let firstLine = outputLine
                emit("case \(id):\n")
                emit(returning(referenceIsExpression))
                emit(String(decoding: bytes[start..<site.range.lowerBound], as: UTF8.self))
                emit(site.replacement)
                emit(String(decoding: bytes[site.range.upperBound..<end], as: UTF8.self))
                emit("\n")
                let location = converter.location(for: AbsolutePosition(utf8Offset: site.range.lowerBound))
                mutants.append(
                    Mutant(
                        id: id, file: file, line: location.line, column: location.column, kind: site.kind,
                        scope: scope.name,
                        original: oneLine(site.original),
                        mutated: oneLine(site.mutated ?? (site.replacement.isEmpty ? "(removed)" : site.replacement)),
                        schemataLines: firstLine...outputLine
                    ))
            }
            emit("default:\n")
            emit(returning(referenceIsExpression))
            emit(String(decoding: bytes[start..<end], as: UTF8.self))
            emit("\n}")
            for (id, _, _) in variantBodies[index] {
                placed[id]?.switchLines.append(switchStart...outputLine)
            }
            cursor = end
        }
        emit(String(decoding: bytes[cursor...], as: UTF8.self))
        return File(
            source: output, mutants: mutants, nextID: nextID, variants: placed.values.sorted { $0.id < $1.id },
            refusedVariants: refused, needsSwitchFile: switches > 0 && !readsEnvironment
        )
    }

    /// The first line of `text`, trimmed, and shortened to a readable length.
    static func oneLine(_ text: String) -> String {
        let first = text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return first.count > 90 ? String(first.prefix(87)) + "…" : first
    }
}

/// A file seen as a variant sees it: its outline (every token outside the bodies, one marker per body)
/// and each body's tokens, trivia left out, so comments and layout never count as a difference.
struct VariantShape {
    /// The tokens outside bodies, a marker in place of each body and of each argument slot.
    let outline: [String]
    /// The tokens of each body, in scope order.
    let bodies: [[String]]
    /// The tokens of each argument slot outside the bodies (``ArgumentSlotFinder``), in file order.
    let slots: [[String]]
    /// Where each argument slot lies in the file, as UTF-8 offsets.
    let slotRanges: [Range<Int>]

    init(tree: SourceFileSyntax, scopes: [MutationScope]) {
        let ranges = scopes.map { scope -> Range<Int> in
            let start = scope.statements.positionAfterSkippingLeadingTrivia.utf8Offset
            return start..<max(start, scope.statements.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        slotRanges = ArgumentSlotFinder.slots(in: tree).filter { slot in
            !ranges.contains { $0.overlaps(slot) }
        }
        var outline: [String] = []
        var bodies: [[String]] = Array(repeating: [], count: scopes.count)
        var slots: [[String]] = Array(repeating: [], count: slotRanges.count)
        // Scopes are outermost bodies in file order: each gets its marker where it starts, even when empty.
        var next = 0
        var current: Int?
        var nextSlot = 0
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let position = token.positionAfterSkippingLeadingTrivia.utf8Offset
            while next < ranges.count, ranges[next].lowerBound <= position {
                outline.append("{body}")
                current = next
                next += 1
            }
            while nextSlot < slotRanges.count, slotRanges[nextSlot].upperBound <= position { nextSlot += 1 }
            if let current, ranges[current].contains(position) {
                bodies[current].append(token.text)
            } else if nextSlot < slotRanges.count, slotRanges[nextSlot].contains(position) {
                if slots[nextSlot].isEmpty { outline.append("{argument}") }
                slots[nextSlot].append(token.text)
            } else {
                outline.append(token.text)
            }
        }
        outline += Array(repeating: "{body}", count: ranges.count - next)
        self.outline = outline
        self.bodies = bodies
        self.slots = slots
    }

    /// Why `other`'s outline differs from this one's, in words: the first token that differs.
    func difference(from other: VariantShape) -> String {
        let index =
            zip(outline, other.outline).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(outline.count, other.outline.count)
        let around = { (tokens: [String]) in
            tokens[max(0, index - 3)..<min(tokens.count, index + 4)].joined(separator: " ")
        }
        return
            "it differs outside function bodies (the reference has `\(around(outline))`, the variant `\(around(other.outline))`)"
    }
}

/// A body whose statements can be copied once per mutant: a function's, an initializer's, an accessor's
/// or a computed property's.
struct MutationScope {
    /// How reports name it: `notes(matching:)`, `init(title:)`, `isEmpty.get`.
    let name: String
    let statements: CodeBlockItemListSyntax
    /// Whether the body returns a value (a function with a return type other than `Void`, a getter), so
    /// a lone expression in it is what it returns.
    var returnsValue = false
    /// Whether mutants are made in it. A closure in a stored property's initial value (a migration stage's
    /// `willMigrate`, say) is not mutated, but a variant may still be switched in there.
    var isMutated = true

    /// Whether `statements` is one expression, which a body returning a value returns without `return`.
    static func isLoneExpression(_ statements: CodeBlockItemListSyntax) -> Bool {
        guard statements.count == 1, let item = statements.first?.item.as(ExprSyntax.self) else { return false }
        return !item.is(IfExprSyntax.self) && !item.is(SwitchExprSyntax.self)
    }
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
            let returnType = node.signature.returnClause?.type.trimmedDescription
            let returnsValue = returnType != nil && !["Void", "()", "Swift.Void", "Never"].contains(returnType!)
            scopes.append(
                MutationScope(
                    name: "\(node.name.text)(\(labels))", statements: body.statements, returnsValue: returnsValue))
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
        let property = node.pattern.trimmedDescription
        guard let block = node.accessorBlock else {
            if let value = node.initializer?.value {
                for (number, closure) in ClosureFinder.outermostClosures(in: value).enumerated() {
                    scopes.append(
                        MutationScope(
                            name: "\(property) closure \(number + 1)", statements: closure.statements, isMutated: false)
                    )
                }
            }
            return .skipChildren
        }
        for (accessor, statements) in accessorBodies(of: block) {
            scopes.append(
                MutationScope(name: "\(property).\(accessor)", statements: statements, returnsValue: accessor == "get"))
        }
        return .skipChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let block = node.accessorBlock else { return .skipChildren }
        for (accessor, statements) in accessorBodies(of: block) {
            scopes.append(
                MutationScope(name: "subscript.\(accessor)", statements: statements, returnsValue: accessor == "get"))
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

/// Finds the attribute arguments a variant may change and a schema may switch at run time: each argument of
/// an attribute's argument list that is an implicit member alone (`deleteRule: .cascade`, `.externalStorage`).
/// Such an argument takes its type from its parameter whatever member it names, so a choice between two of
/// them compiles as either does, and the model macro copies its attributes' arguments into code that runs.
/// Attributes with arguments of another kind (`@available`) and every other argument stay in the outline.
final class ArgumentSlotFinder: SyntaxVisitor {
    private var slots: [Range<Int>] = []

    static func slots(in tree: SourceFileSyntax) -> [Range<Int>] {
        let finder = ArgumentSlotFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.slots.sorted { $0.lowerBound < $1.lowerBound }
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard case .argumentList(let arguments) = node.arguments else { return .skipChildren }
        for argument in arguments {
            guard let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil else { continue }
            let start = argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset
            slots.append(start..<argument.expression.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        return .skipChildren
    }
}

/// Finds the closures of an expression that no other closure holds.
final class ClosureFinder: SyntaxVisitor {
    private var closures: [ClosureExprSyntax] = []

    static func outermostClosures(in node: some SyntaxProtocol) -> [ClosureExprSyntax] {
        let finder = ClosureFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.closures
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        closures.append(node)
        return .skipChildren
    }
}
