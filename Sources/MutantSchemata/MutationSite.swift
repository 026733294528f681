import SwiftSyntax

/// A place in a source file and the text that replaces it in one mutant.
struct MutationSite {
    let kind: MutationKind
    /// The replaced bytes, as UTF-8 offsets into the file.
    let range: Range<Int>
    /// The text that takes their place.
    let replacement: String
    /// The text the mutant changes, for the report; the replaced bytes unless a shorter form reads better.
    let original: String
    /// The mutant's text, for the report; the replacement unless that is only an insertion.
    var mutated: String? = nil
}

/// Collects the mutation sites of one scope's body.
///
/// Sites inside attributes are skipped (attribute arguments must be literals, so they cannot be switched
/// at run time), and so is a statement whose removal would leave a body or closure empty.
final class MutationSiteFinder: SyntaxVisitor {
    private(set) var sites: [MutationSite] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    /// The sites in `statements`.
    static func sites(in statements: CodeBlockItemListSyntax) -> [MutationSite] {
        let finder = MutationSiteFinder()
        finder.walk(statements)
        finder.findRemovableStatements(in: statements)
        return finder.sites.sorted { ($0.range.lowerBound, $0.kind.rawValue) < ($1.range.lowerBound, $1.kind.rawValue) }
    }

    private func add(
        _ kind: MutationKind, replacing node: some SyntaxProtocol, with replacement: String, original: String? = nil
    ) {
        let range = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        sites.append(
            MutationSite(
                kind: kind, range: range, replacement: replacement, original: original ?? node.trimmedDescription))
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: Operators and literals

    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        let swaps: [String: (String, MutationKind)] = [
            "<": ("<=", .relationalBoundary), "<=": ("<", .relationalBoundary),
            ">": (">=", .relationalBoundary), ">=": (">", .relationalBoundary),
            "==": ("!=", .equality), "!=": ("==", .equality),
            "===": ("!==", .equality), "!==": ("===", .equality),
            "&&": ("||", .logicalConnective), "||": ("&&", .logicalConnective),
        ]
        if let (replacement, kind) = swaps[node.operator.text] {
            add(kind, replacing: node, with: replacement)
        }
        // Arithmetic between numbers; text concatenation (a literal or interpolation beside it) is left alone.
        if ["+", "-"].contains(node.operator.text), let sequence = node.parent?.as(SequenceExprSyntax.self),
            !sequence.elements.contains(where: { $0.is(StringLiteralExprSyntax.self) })
        {
            add(.arithmetic, replacing: node, with: node.operator.text == "+" ? "-" : "+")
        }
        return .visitChildren
    }

    override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.text == "!" {
            add(.removedNegation, replacing: node, with: node.expression.trimmedDescription)
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        // A key or a name: one plain word, no interpolation. Sentences (messages) are left alone.
        guard node.segments.count == 1, let segment = node.segments.first?.as(StringSegmentSyntax.self) else {
            return .skipChildren
        }
        let text = segment.content.text
        let isName =
            !text.isEmpty && text.count <= 40 && text.first!.isLetter
            && text.allSatisfy { $0.isLetter || $0.isNumber || "._-".contains($0) }
        if isName {
            add(.stringLiteral, replacing: node, with: "\"\(text)_\"")
        }
        return .skipChildren
    }

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        // Only a `try` whose value is not used: with `try?` its result would become optional.
        if node.questionOrExclamationMark == nil, node.parent?.is(CodeBlockItemSyntax.self) == true {
            add(.swallowedError, replacing: node.tryKeyword, with: "try?")
        }
        return .visitChildren
    }

    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        add(.booleanLiteral, replacing: node, with: node.literal.text == "true" ? "false" : "true")
        return .visitChildren
    }

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let digits = node.literal.text.replacingOccurrences(of: "_", with: "")
        guard let value = Int(digits) else { return .visitChildren }
        add(.integerLiteral, replacing: node, with: String(value + 1))
        if value > 0 { add(.integerLiteral, replacing: node, with: String(value - 1)) }
        return .visitChildren
    }

    // MARK: Conditions and branches

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        negateConditions(node.conditions)
        if case .ifExpr(let next)? = node.elseBody {
            // `if A {X} else if B {Y}` becomes `if B {Y} else if A {X}`: the rules applied in the other order.
            let first = node.conditions.trimmedDescription + " " + node.body.trimmedDescription
            let second = next.conditions.trimmedDescription + " " + next.body.trimmedDescription
            let start = node.conditions.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = next.body.endPositionBeforeTrailingTrivia.utf8Offset
            let replacement = second + " else if " + first
            sites.append(
                MutationSite(
                    kind: .swappedBranches, range: start..<end, replacement: replacement,
                    original: "if \(node.conditions.trimmedDescription) … else if \(next.conditions.trimmedDescription)"
                ))
        }
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        negateConditions(node.conditions)
        return .visitChildren
    }

    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        negateConditions(node.conditions)
        return .visitChildren
    }

    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
        add(.negatedCondition, replacing: node.condition, with: "!(\(node.condition.trimmedDescription))")
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        // An unfolded ternary: `condition ? a : b` with a single-element condition.
        if elements.count == 3, elements[1].is(UnresolvedTernaryExprSyntax.self) {
            add(.negatedCondition, replacing: elements[0], with: "!(\(elements[0].trimmedDescription))")
        }
        // `flag = true` becomes `flag.toggle()`; a subscript's value may be optional, so only plain names.
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            elements[2].is(BooleanLiteralExprSyntax.self),
            elements[0].is(DeclReferenceExprSyntax.self) || elements[0].is(MemberAccessExprSyntax.self)
        {
            add(.toggleAssignment, replacing: node, with: "\(elements[0].trimmedDescription).toggle()")
        }
        return .visitChildren
    }

    private func negateConditions(_ conditions: ConditionElementListSyntax) {
        for element in conditions {
            guard case .expression(let expression) = element.condition else { continue }
            add(.negatedCondition, replacing: expression, with: "!(\(expression.trimmedDescription))")
        }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        // The closure of a filter, a removal or a search: its single condition negated.
        let filtering: Set = [
            "filter", "removeAll", "contains", "first", "firstIndex", "allSatisfy", "drop", "prefix", "last",
            "lastIndex",
        ]
        if let call = node.parent?.as(FunctionCallExprSyntax.self)
            ?? node.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
            filtering.contains(name),
            node.statements.count == 1,
            let only = node.statements.first,
            case .expr(let expression) = only.item
        {
            add(.negatedCondition, replacing: expression, with: "!(\(expression.trimmedDescription))")
        }
        findRemovableStatements(in: node.statements)
        return .visitChildren
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let called = node.calledExpression.trimmedDescription
        if called == "SortDescriptor" || called.hasPrefix("SortDescriptor<") {
            mutateSortOrder(of: node)
        }
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
            ["min", "max"].contains(reference.baseName.text)
        {
            add(.minMax, replacing: reference, with: reference.baseName.text == "min" ? "max" : "min")
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "toggle",
            node.arguments.isEmpty, let base = member.base
        {
            add(.toggleAssignment, replacing: node, with: "\(base.trimmedDescription) = true")
        }
        return .visitChildren
    }

    private func mutateSortOrder(of call: FunctionCallExprSyntax) {
        if let order = call.arguments.first(where: { $0.label?.text == "order" }) {
            let text = order.expression.trimmedDescription
            let flipped = text.hasSuffix("reverse") ? ".forward" : ".reverse"
            add(.sortOrder, replacing: order.expression, with: flipped)
        } else if let rightParen = call.rightParen {
            let position = rightParen.positionAfterSkippingLeadingTrivia.utf8Offset
            let separator = call.arguments.isEmpty ? "" : ", "
            let inserted = separator + "order: .reverse"
            let mutated = call.trimmedDescription.dropLast() + inserted + ")"
            sites.append(
                MutationSite(
                    kind: .sortOrder, range: position..<position, replacement: inserted,
                    original: call.trimmedDescription, mutated: String(mutated)
                ))
        }
    }

    override func visit(_ node: ArrayExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        let areSortDescriptors =
            !elements.isEmpty
            && elements.allSatisfy { element in
                let called =
                    element.expression.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription ?? ""
                return called == "SortDescriptor" || called.hasPrefix("SortDescriptor<")
            }
        guard areSortDescriptors else { return .visitChildren }
        for (index, element) in elements.enumerated() {
            let kept = elements.enumerated().filter { $0.offset != index }.map {
                $0.element.expression.trimmedDescription
            }
            add(
                .droppedSortDescriptor, replacing: node, with: "[" + kept.joined(separator: ", ") + "]",
                original: element.expression.trimmedDescription)
        }
        return .visitChildren
    }

    // MARK: A given store

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        replaceGivenStore(node, named: node.baseName.text)
        let neighbours = [
            "kSecClassGenericPassword": "kSecClassInternetPassword",
            "kSecClassInternetPassword": "kSecClassGenericPassword",
            "kSecAttrAccount": "kSecAttrService", "kSecAttrService": "kSecAttrAccount",
            "kSecAttrAccessibleWhenUnlocked": "kSecAttrAccessibleAfterFirstUnlock",
            "kSecAttrAccessibleAfterFirstUnlock": "kSecAttrAccessibleWhenUnlocked",
            "kSecAttrAccessibleWhenUnlockedThisDeviceOnly": "kSecAttrAccessibleWhenUnlocked",
            "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly": "kSecAttrAccessibleAfterFirstUnlock",
            "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly": "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
            "kSecMatchLimitOne": "kSecMatchLimitAll", "kSecMatchLimitAll": "kSecMatchLimitOne",
            "kSecReturnData": "kSecReturnAttributes", "kSecReturnAttributes": "kSecReturnData",
        ]
        if let neighbour = neighbours[node.baseName.text] {
            add(.securityConstant, replacing: node, with: neighbour)
        }
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            let similar = [
                "localizedStandardContains": "contains", "first": "last", "last": "first",
                "prefix": "suffix", "suffix": "prefix", "dropFirst": "dropLast", "dropLast": "dropFirst",
                "lowercased": "uppercased", "localizedLowercase": "localizedUppercase",
            ]
            if let other = similar[node.baseName.text] {
                add(.similarMethod, replacing: node, with: other)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.base?.trimmedDescription == "self" {
            replaceGivenStore(node, named: node.declName.baseName.text)
            return .skipChildren
        }
        return .visitChildren
    }

    /// `store` (or `self.store`) read as a value becomes the standard one of its type: the code then
    /// ignores the store it was given. Not where it is assigned to, or where it names an argument.
    private func replaceGivenStore(_ node: some ExprSyntaxProtocol, named name: String) {
        let defaults = ["store": "standard", "defaults": "standard", "userDefaults": "standard", "sandbox": "current"]
        guard let member = defaults[name] else { return }
        if let sequence = node.parent?.as(SequenceExprSyntax.self) ?? node.parent?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if let index = elements.firstIndex(where: { $0.id == Syntax(node).id }), index + 1 < elements.count,
                elements[index + 1].is(AssignmentExprSyntax.self)
            {
                return
            }
        }
        if node.parent?.is(MemberAccessExprSyntax.self) == true,
            node.parent?.as(MemberAccessExprSyntax.self)?.base?.id != Syntax(node).id
        {
            return
        }
        // A parameter declared optional means "the standard one" when nil; any other store is replaced
        // by the standard one of its type.
        let replacement =
            Self.isOptionalParameter(named: name, around: node)
            ? "nil" : "type(of: \(node.trimmedDescription)).\(member)"
        add(.defaultArgument, replacing: node, with: replacement)
    }

    /// Whether the function or initializer around `node` has a parameter `name` of an optional type.
    private static func isOptionalParameter(named name: String, around node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            let parameters =
                current.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                ?? current.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameters {
                return parameters.contains {
                    ($0.secondName ?? $0.firstName).text == name && $0.type.is(OptionalTypeSyntax.self)
                }
            }
            parent = current.parent
        }
        return false
    }

    // MARK: Statements

    /// Adds the removal of each call or assignment statement in `statements`, and of each early exit,
    /// unless it is the only statement (an empty body would not compile, or would change what a
    /// single-expression body returns).
    func findRemovableStatements(in statements: CodeBlockItemListSyntax) {
        guard statements.count > 1 else { return }
        for item in statements {
            switch item.item {
            case .expr(let expression):
                if Self.isRemovableExpression(expression) {
                    addRemoval(.removedStatement, of: item)
                } else if let ifExpression = expression.as(IfExprSyntax.self), Self.isEarlyExit(ifExpression) {
                    addRemoval(.removedEarlyExit, of: item)
                }
            case .stmt(let statement):
                if let guardStatement = statement.as(GuardStmtSyntax.self), Self.bindsNothing(guardStatement.conditions)
                {
                    addRemoval(.removedEarlyExit, of: item)
                } else if let ifExpression = statement.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self),
                    Self.isEarlyExit(ifExpression)
                {
                    addRemoval(.removedEarlyExit, of: item)
                }
            default:
                continue
            }
        }
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        findRemovableStatements(in: node.statements)
        return .visitChildren
    }

    private func addRemoval(_ kind: MutationKind, of item: CodeBlockItemSyntax) {
        let original = item.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        add(kind, replacing: item, with: "", original: original)
    }

    /// A call (possibly behind `try` or `await`) or an assignment, whose removal compiles; never a call
    /// that ends the function (`fatalError`), one the initializer needs (`super.init`), or a check.
    static func isRemovableExpression(_ expression: ExprSyntax) -> Bool {
        var inner = expression
        while true {
            if let tried = inner.as(TryExprSyntax.self) {
                inner = tried.expression
                continue
            }
            if let awaited = inner.as(AwaitExprSyntax.self) {
                inner = awaited.expression
                continue
            }
            break
        }
        if let call = inner.as(FunctionCallExprSyntax.self) {
            let called = call.calledExpression.trimmedDescription
            let kept: Set = [
                "fatalError", "preconditionFailure", "precondition", "assert", "assertionFailure", "super.init",
                "self.init", "print",
            ]
            return !kept.contains(called)
        }
        if let sequence = inner.as(SequenceExprSyntax.self) {
            let assigns = sequence.elements.contains { element in
                if element.is(AssignmentExprSyntax.self) { return true }
                if let op = element.as(BinaryOperatorExprSyntax.self) {
                    return ["+=", "-=", "*=", "/="].contains(op.operator.text)
                }
                return false
            }
            return assigns && !isInInitializer(sequence)
        }
        return false
    }

    /// Whether `node` is in an initializer's own body, where leaving out an assignment would leave a
    /// stored property without a value and not compile.
    private static func isInInitializer(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            if current.is(InitializerDeclSyntax.self) { return true }
            if current.is(FunctionDeclSyntax.self) || current.is(AccessorDeclSyntax.self)
                || current.is(ClosureExprSyntax.self)
            {
                return false
            }
            parent = current.parent
        }
        return false
    }

    /// `if condition { … return/throw }` with no `else`: leaving it out lets the rest run.
    static func isEarlyExit(_ node: IfExprSyntax) -> Bool {
        guard node.elseBody == nil, let last = node.body.statements.last else { return false }
        if case .stmt(let statement) = last.item {
            return statement.is(ReturnStmtSyntax.self) || statement.is(ThrowStmtSyntax.self)
        }
        return false
    }

    /// Whether none of the conditions binds a name (`let`, `var`, `case`), so the rest compiles without them.
    static func bindsNothing(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.allSatisfy { element in
            if case .expression = element.condition { return true }
            return false
        }
    }
}
