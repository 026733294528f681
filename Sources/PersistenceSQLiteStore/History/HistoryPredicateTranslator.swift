import Foundation
import GRDB
import PersistenceModels

/// A SQL condition on the history's transaction table, with its bound arguments.
struct HistorySQLCondition {
    let sql: String
    let arguments: [DatabaseValue]
}

/// One translated part of a history predicate.
struct HistorySQLTerm {
    /// What the term stands for; only terms of the same kind are compared.
    enum Kind: Equatable {
        /// The predicate's transaction itself (only usable as the root of a key path).
        case transaction
        /// A token, compared by transaction number.
        case token
        /// An integer, such as the transaction identifier.
        case integer
        /// A date, stored as seconds since the reference date.
        case date
        /// A string, possibly optional.
        case text
        /// `nil`.
        case null
        /// A condition.
        case condition
    }

    let sql: String
    let arguments: [DatabaseValue]
    let kind: Kind
}

/// Why a history predicate (or part of it) has no SQL form; it is then evaluated in memory.
struct HistoryPredicateTranslationError: Error, CustomStringConvertible {
    let description: String
}

/// A predicate expression that has a SQL form over the history's transaction table.
protocol HistorySQLTranslatableExpression {
    /// The SQL form of the expression.
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm
}

/// Translates a predicate over ``DefaultHistoryTransaction`` into a condition on the transaction table.
///
/// Only `token`, `transactionIdentifier`, `timestamp` and `author` have columns; comparisons, `==`,
/// `!=`, `&&`, `||` and `!` over them translate. Anything else (such as `changes`) makes the whole
/// predicate run in memory on the fetched transactions.
struct HistoryPredicateTranslator {
    let variable: PredicateExpressions.VariableID
    let storeIdentifier: String

    /// The SQL condition equivalent to `predicate`.
    static func translate(
        _ predicate: Predicate<DefaultHistoryTransaction>,
        storeIdentifier: String
    ) throws(HistoryPredicateTranslationError) -> HistorySQLCondition {
        let translator = HistoryPredicateTranslator(variable: predicate.variable.key, storeIdentifier: storeIdentifier)
        let condition = try translator.condition(predicate.expression)
        return HistorySQLCondition(sql: condition.sql, arguments: condition.arguments)
    }

    /// Translates an operand.
    func term(_ expression: Any) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        guard let translatable = expression as? any HistorySQLTranslatableExpression else {
            throw HistoryPredicateTranslationError(description: "\(type(of: expression)) has no SQL form in a history predicate")
        }
        return try translatable.historySQLTerm(in: self)
    }

    /// Translates an expression used as a condition.
    func condition(_ expression: Any) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        let translated = try term(expression)
        guard translated.kind == .condition else {
            throw HistoryPredicateTranslationError(description: "only comparisons can be conditions in a history predicate")
        }
        return translated
    }

    /// The column term for a key path of the transaction.
    func column(for keyPath: AnyKeyPath) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        switch keyPath {
        case \DefaultHistoryTransaction.token: HistorySQLTerm(sql: "\"number\"", arguments: [], kind: .token)
        case \DefaultHistoryTransaction.transactionIdentifier: HistorySQLTerm(sql: "\"number\"", arguments: [], kind: .integer)
        case \DefaultHistoryTransaction.timestamp: HistorySQLTerm(sql: "\"timestamp\"", arguments: [], kind: .date)
        case \DefaultHistoryTransaction.author: HistorySQLTerm(sql: "\"author\"", arguments: [], kind: .text)
        default: throw HistoryPredicateTranslationError(description: "\(keyPath) has no column in the history")
        }
    }

    /// The term for a captured value.
    func value(_ captured: Any) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        var unwrapped = captured
        if let optional = captured as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return HistorySQLTerm(sql: "NULL", arguments: [], kind: .null) }
            unwrapped = wrapped
        }
        switch unwrapped {
        case let token as DefaultHistoryToken:
            guard token.storeIdentifier == storeIdentifier else {
                throw HistoryPredicateTranslationError(description: "the token belongs to another store")
            }
            return HistorySQLTerm(sql: "?", arguments: [token.transactionNumber.databaseValue], kind: .token)
        case let number as Int64:
            return HistorySQLTerm(sql: "?", arguments: [number.databaseValue], kind: .integer)
        case let date as Date:
            return HistorySQLTerm(sql: "?", arguments: [date.timeIntervalSinceReferenceDate.databaseValue], kind: .date)
        case let text as String:
            return HistorySQLTerm(sql: "?", arguments: [text.databaseValue], kind: .text)
        default:
            throw HistoryPredicateTranslationError(description: "captured values of \(type(of: unwrapped)) have no SQL form in a history predicate")
        }
    }

    /// `lhs op rhs` for two terms of the same kind.
    func binary(_ lhs: HistorySQLTerm, _ sqlOperator: String, _ rhs: HistorySQLTerm) -> HistorySQLTerm {
        HistorySQLTerm(sql: "(\(lhs.sql) \(sqlOperator) \(rhs.sql))", arguments: lhs.arguments + rhs.arguments, kind: .condition)
    }
}
