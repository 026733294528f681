/// One small change to a reference solution that a hidden suite should notice: a plausible mistake made
/// mechanically, such as `<` written for `<=` or a `save()` left out.
public struct Mutant: Codable, Sendable, Equatable {
    /// The number that selects this mutant at run time (`COACH_MUTANT=<id>`), unique within a section.
    public var id: Int
    /// The file it changes, relative to the section's folder.
    public var file: String
    /// The line and column of the change in the reference file.
    public var line: Int
    public var column: Int
    /// The kind of change.
    public var kind: MutationKind
    /// The function, initializer or property the change is in, as `addNote(title:content:isPinned:tags:)`.
    public var scope: String
    /// The code as the reference has it, and as the mutant has it; one line each, trimmed.
    public var original: String
    public var mutated: String
    /// The lines of the schemata file that hold this mutant's copy of its scope, first and last, so a
    /// compiler error there is charged to this mutant alone.
    public var schemataLines: ClosedRange<Int>

    /// The change in a few words, such as "`<` → `<=`", the way a report names it.
    public var change: String { "`\(original)` → `\(mutated)`" }
}

/// The kinds of change the generator makes, each a mistake a learner plausibly makes.
public enum MutationKind: String, Codable, Sendable, CaseIterable {
    /// `<` for `<=`, `>=` for `>`: an off-by-one at a boundary.
    case relationalBoundary = "relational boundary"
    /// `==` for `!=`, `===` for `!==`.
    case equality = "equality flipped"
    /// `&&` for `||` and the other way.
    case logicalConnective = "logical connective swapped"
    /// A condition of `if`, `guard`, `while`, a ternary or a filtering closure negated.
    case negatedCondition = "condition negated"
    /// `true` for `false`.
    case booleanLiteral = "boolean flipped"
    /// An integer one more or one less.
    case integerLiteral = "integer changed by one"
    /// A call or an assignment left out, such as `try context.save()`.
    case removedStatement = "statement removed"
    /// An early `return` or `throw`, or a `guard`, left out.
    case removedEarlyExit = "early exit removed"
    /// The first two branches of an `if … else if` chain in the other order.
    case swappedBranches = "branches swapped"
    /// A sort descriptor's order reversed.
    case sortOrder = "sort order flipped"
    /// One sort descriptor left out of a list.
    case droppedSortDescriptor = "sort descriptor dropped"
    /// A given store or sandbox replaced by the standard one, as code that ignores what it was given.
    case defaultArgument = "given store replaced by the default"
    /// `x = true` for `x.toggle()` and the other way.
    case toggleAssignment = "assignment and toggle swapped"
    /// `min` for `max` and the other way.
    case minMax = "min and max swapped"
    /// `+` for `-` and the other way.
    case arithmetic = "plus and minus swapped"
    /// A `!` left out.
    case removedNegation = "negation removed"
    /// A Security constant for its neighbour: `kSecAttrAccount` for `kSecAttrService`, another class or
    /// accessibility.
    case securityConstant = "security constant swapped"
    /// A method for a similar one: `contains` for `localizedStandardContains`, `last` for `first`.
    case similarMethod = "similar method swapped"
    /// `try` made `try?`, so a failure goes unnoticed.
    case swallowedError = "error swallowed"
    /// A key or name written differently, such as `"sortOrder"` for `"sortorder"`.
    case stringLiteral = "key or name changed"
}
