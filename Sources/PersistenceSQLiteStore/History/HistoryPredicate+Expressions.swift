import Foundation
import PersistenceModels

extension PredicateExpressions.Variable: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        guard key == translator.variable else {
            throw HistoryPredicateTranslationError(description: "a predicate variable is used outside its scope")
        }
        return HistorySQLTerm(sql: "", arguments: [], kind: .transaction)
    }
}

extension PredicateExpressions.KeyPath: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        guard try translator.term(root).kind == .transaction else {
            throw HistoryPredicateTranslationError(description: "\(keyPath) of a value has no SQL form in a history predicate")
        }
        return try translator.column(for: keyPath)
    }
}

extension PredicateExpressions.Value: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        try translator.value(value)
    }
}

extension PredicateExpressions.NilLiteral: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        HistorySQLTerm(sql: "NULL", arguments: [], kind: .null)
    }
}

extension PredicateExpressions.Comparison: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        let left = try translator.term(lhs)
        let right = try translator.term(rhs)
        // Text is left to memory: Swift orders strings by canonical equivalence, SQLite by bytes.
        guard left.kind == right.kind, [.token, .integer, .date].contains(left.kind) else {
            throw HistoryPredicateTranslationError(description: "only tokens, identifiers and dates are ordered in SQL")
        }
        let sqlOperator = switch op {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
        return translator.binary(left, sqlOperator, right)
    }
}

extension PredicateExpressions.Equal: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        try HistoryEquality.term(lhs, rhs, negated: false, in: translator)
    }
}

extension PredicateExpressions.NotEqual: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        try HistoryEquality.term(lhs, rhs, negated: true, in: translator)
    }
}

/// `==` and `!=` in a history predicate.
enum HistoryEquality {
    /// `IS` / `IS NOT`, which treat `NULL` as Swift treats `nil`.
    static func term(_ lhs: Any, _ rhs: Any, negated: Bool, in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        let left = try translator.term(lhs)
        let right = try translator.term(rhs)
        let comparable = left.kind == right.kind || left.kind == .null || right.kind == .null
        // Authors compare as the model predicates compare strings: byte-wise, in the form they were saved.
        guard comparable, ![.transaction, .condition].contains(left.kind), ![.transaction, .condition].contains(right.kind) else {
            throw HistoryPredicateTranslationError(description: "only values of the same kind are compared in SQL")
        }
        return translator.binary(left, negated ? "IS NOT" : "IS", right)
    }
}

extension PredicateExpressions.Conjunction: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        translator.binary(try translator.condition(lhs), "AND", try translator.condition(rhs))
    }
}

extension PredicateExpressions.Disjunction: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        translator.binary(try translator.condition(lhs), "OR", try translator.condition(rhs))
    }
}

extension PredicateExpressions.Negation: HistorySQLTranslatableExpression {
    func historySQLTerm(in translator: HistoryPredicateTranslator) throws(HistoryPredicateTranslationError) -> HistorySQLTerm {
        let inner = try translator.condition(wrapped)
        return HistorySQLTerm(sql: "(NOT \(inner.sql))", arguments: inner.arguments, kind: .condition)
    }
}
