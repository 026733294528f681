import Foundation
import GRDB
import PersistenceModels

/// A SQL condition built from a predicate, kept apart from its text: values stay values until generation binds them.
indirect enum SQLExpression: Equatable {
    /// A column of a table in the query, named by the table's alias.
    case column(table: String, name: String)
    /// A value, bound as an argument.
    case value(DatabaseValue)
    /// A comparison of two operands.
    case comparison(SQLExpression, SQLComparisonOperator, SQLExpression)
    /// `IS NULL`, or `IS NOT NULL` when negated.
    case isNull(SQLExpression, negated: Bool)
    /// Both conditions hold.
    case and(SQLExpression, SQLExpression)
    /// Either condition holds.
    case or(SQLExpression, SQLExpression)
    /// The condition does not hold.
    case not(SQLExpression)
    /// Any other SQL form (a function call, a subquery), written as text around nested expressions.
    case composite([SQLFragment])
}

/// One piece of a composite SQL expression.
enum SQLFragment: Equatable {
    /// SQL text written as is; it never contains a value.
    case text(String)
    /// A nested expression, whose values are bound.
    case expression(SQLExpression)
}

/// The comparison operators a predicate can use in SQL.
enum SQLComparisonOperator: String, Equatable {
    /// Null-safe equality: two NULLs are equal, as two `nil`s are in Swift.
    case isEqual = "IS"
    /// Null-safe inequality.
    case isNotEqual = "IS NOT"
    case lessThan = "<"
    case lessThanOrEqual = "<="
    case greaterThan = ">"
    case greaterThanOrEqual = ">="
}

/// Collects the arguments bound while SQL text is generated.
final class SQLGenerationContext {
    private(set) var arguments: [DatabaseValue] = []

    /// Binds `value` and returns its placeholder.
    func bind(_ value: DatabaseValue) -> String {
        arguments.append(value)
        return "?"
    }
}

/// Prints SQL expressions, binding every value through a generation context.
enum SQLGenerator {
    /// The SQL text of `expression`; values are added to `context` as arguments.
    static func sql(for expression: SQLExpression, in context: SQLGenerationContext) -> String {
        switch expression {
        case .column(let table, let name):
            return "\(table.quotedDatabaseIdentifier).\(name.quotedDatabaseIdentifier)"
        case .value(let value):
            return context.bind(value)
        case .comparison(let lhs, let op, let rhs):
            return "(\(sql(for: lhs, in: context)) \(op.rawValue) \(sql(for: rhs, in: context)))"
        case .isNull(let operand, let negated):
            return "(\(sql(for: operand, in: context)) IS \(negated ? "NOT " : "")NULL)"
        case .and(let lhs, let rhs):
            return "(\(sql(for: lhs, in: context)) AND \(sql(for: rhs, in: context)))"
        case .or(let lhs, let rhs):
            return "(\(sql(for: lhs, in: context)) OR \(sql(for: rhs, in: context)))"
        case .not(let operand):
            return "(NOT \(sql(for: operand, in: context)))"
        case .composite(let fragments):
            return fragments.map { fragment in
                switch fragment {
                case .text(let text): text
                case .expression(let nested): sql(for: nested, in: context)
                }
            }.joined()
        }
    }
}

extension SQLExpression {
    /// A composite expression from alternating text and nested expressions.
    static func sql(_ fragments: SQLFragment...) -> SQLExpression { .composite(fragments) }
}

extension SQLFragment: ExpressibleByStringInterpolation {
    init(stringLiteral value: String) { self = .text(value) }
}
