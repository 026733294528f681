import Foundation

/// One mutant of a reference solution, as the `mutant-schemata` program describes it.
///
/// coach reads the program's JSON rather than linking its library, so that coach itself never depends
/// on swift-syntax and its first build stays quick.
public struct MutantRecord: Codable, Sendable, Equatable {
    /// The number that selects the mutant at run time (`COACH_MUTANT`), unique within its section.
    public var id: Int
    /// The exercise file, relative to the section's folder.
    public var file: String
    /// Where the change is in the reference file.
    public var line: Int
    public var column: Int
    /// The kind of change, in words ("relational boundary", "statement removed").
    public var kind: String
    /// The function, initializer or accessor the change is in.
    public var scope: String
    /// The code before and after the change, one line each.
    public var original: String
    public var mutated: String
    /// The lines of the staged schema file that hold this mutant's copy of its scope.
    public var schemataLines: ClosedRange<Int>

    /// The change as reports show it and `equivalentMutants` name it: "`<` → `<=`".
    public var change: String { "`\(original)` → `\(mutated)`" }

    /// Whether `equivalent` names this mutant.
    func matches(_ equivalent: Course.EquivalentMutant) -> Bool {
        equivalent.file == file && equivalent.scope == scope && equivalent.change == change
    }
}

/// What running a section's suite against one mutant showed.
public struct MutantOutcome: Sendable, Equatable {
    /// How the suite took the mutant.
    public enum Result: Sendable, Equatable {
        /// A check failed, crashed or ran past its limit; the first such check is named.
        case killed(by: String)
        /// Every check passed: the suite cannot tell this mutant from the reference.
        case survived
    }

    public var mutant: MutantRecord
    public var result: Result
}
