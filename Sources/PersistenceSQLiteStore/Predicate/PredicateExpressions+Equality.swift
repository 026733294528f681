import Foundation
import PersistenceModels

extension PredicateExpressions.Equal: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        try EqualityTranslation.term(lhs, rhs, negated: false, in: translator)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        try EqualityTranslation.term(lhs, rhs, negated: true, in: translator)
    }
}

/// `==` and `!=`: null-safe SQL comparisons (`IS`, `IS NOT`), so a `nil` property differs from every value as in Swift.
enum EqualityTranslation {
    static func term(_ lhs: Any, _ rhs: Any, negated: Bool, in translator: PredicateTranslator)
        throws(PredicateTranslationError) -> SQLTerm
    {
        let left = try translator.term(lhs)
        let right = try translator.term(rhs)
        if case .null = right.kind {
            return SQLTerm(expression: .isNull(left.expression, negated: negated), kind: .condition)
        }
        if case .null = left.kind {
            return SQLTerm(expression: .isNull(right.expression, negated: negated), kind: .condition)
        }
        if case .identifier(let leftIdentifier) = left.kind, case .identifier(let rightIdentifier) = right.kind {
            return identifierTerm(
                left.expression, leftIdentifier, right.expression, rightIdentifier, negated: negated, in: translator)
        }
        try translator.requireComparable(left)
        try translator.requireComparable(right)
        let op: SQLComparisonOperator = negated ? .isNotEqual : .isEqual
        return SQLTerm(expression: .comparison(left.expression, op, right.expression), kind: .condition)
    }

    /// `persistentModelID == identifier`: equal when store, entity and key are, so the row side compares
    /// its key with the captured identifier's key in this store and entity (NULL, matching no row, otherwise).
    private static func identifierTerm(
        _ leftExpression: SQLExpression, _ left: IdentifierOperand,
        _ rightExpression: SQLExpression, _ right: IdentifierOperand,
        negated: Bool, in translator: PredicateTranslator
    ) -> SQLTerm {
        let op: SQLComparisonOperator = negated ? .isNotEqual : .isEqual
        let comparison: SQLExpression
        switch (left, right) {
        case (.row(let entityName), .captured(let identifier)):
            comparison = .comparison(leftExpression, op, translator.key(of: identifier, forRowsOf: entityName))
        case (.captured(let identifier), .row(let entityName)):
            comparison = .comparison(translator.key(of: identifier, forRowsOf: entityName), op, rightExpression)
        case (.row(let leftEntity), .row(let rightEntity)):
            comparison =
                leftEntity == rightEntity
                ? .comparison(leftExpression, op, rightExpression)
                : .comparison(.value(.null), op, .value(1.databaseValue))
        case (.captured(let a), .captured(let b)):
            comparison = .comparison(
                .value((a == b ? 1 : 0).databaseValue), .isEqual, .value((negated ? 0 : 1).databaseValue))
        }
        return SQLTerm(expression: comparison, kind: .condition)
    }
}
