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
    static func term(_ lhs: Any, _ rhs: Any, negated: Bool, in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        let left = try translator.term(lhs)
        let right = try translator.term(rhs)
        if case .null = right.kind { return SQLTerm(expression: .isNull(left.expression, negated: negated), kind: .condition) }
        if case .null = left.kind { return SQLTerm(expression: .isNull(right.expression, negated: negated), kind: .condition) }
        try translator.requireComparable(left)
        try translator.requireComparable(right)
        let op: SQLComparisonOperator = negated ? .isNotEqual : .isEqual
        return SQLTerm(expression: .comparison(left.expression, op, right.expression), kind: .condition)
    }
}
