import Foundation
import GRDB
import PersistenceModels

/// SQL functions that run Swift's own string tests, so a predicate gives the same answer in SQLite as in memory.
///
/// `localizedStandardContains` folds case, diacritics and width the way Foundation does for the current
/// locale; no SQLite collation or `LIKE` pattern reproduces that, and keeping a folded copy of every text
/// column would double the store. A substring test cannot use an index either way, so calling the Swift
/// method per row costs no index lookups it could otherwise have made. `contains` and `starts(with:)` use
/// Swift's `Character` comparison (canonical equivalence), which SQLite's byte-wise `instr` does not.
enum PredicateSQLFunctions {
    /// `swift_localized_standard_contains(text, search)`.
    static let localizedStandardContainsName = "swift_localized_standard_contains"
    /// `swift_contains(text, search)`.
    static let containsName = "swift_contains"
    /// `swift_starts_with(text, prefix)`.
    static let startsWithName = "swift_starts_with"

    /// Adds the functions to a connection.
    static func register(in db: Database) {
        db.add(function: textTest(localizedStandardContainsName) { $0.localizedStandardContains($1) })
        db.add(function: textTest(containsName) { $0.contains($1) })
        db.add(function: textTest(startsWithName) { $0.starts(with: $1) })
    }

    /// A deterministic two-argument function; NULL in, NULL out, as optional chaining gives `nil`.
    private static func textTest(_ name: String, _ test: @escaping @Sendable (String, String) -> Bool)
        -> DatabaseFunction
    {
        DatabaseFunction(name, argumentCount: 2, pure: true) { arguments in
            guard let text = String.fromDatabaseValue(arguments[0]), let search = String.fromDatabaseValue(arguments[1])
            else {
                return nil
            }
            return test(text, search)
        }
    }

    /// The SQL call of `name` on two operands.
    static func call(_ name: String, _ first: SQLExpression, _ second: SQLExpression) -> SQLExpression {
        .sql("\(name)(", .expression(first), ", ", .expression(second), ")")
    }
}
