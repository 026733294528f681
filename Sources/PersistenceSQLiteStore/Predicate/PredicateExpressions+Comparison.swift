import Foundation
import PersistenceModels

extension PredicateExpressions.Comparison: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        let left = try translator.term(lhs)
        let right = try translator.term(rhs)
        for side in [left, right] {
            if case .null = side.kind { throw PredicateTranslationError(description: "nil cannot be ordered") }
            try translator.requireComparable(side)
        }
        let sqlOperator: SQLComparisonOperator =
            switch op {
            case .lessThan: .lessThan
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThan: .greaterThan
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        return SQLTerm(expression: .comparison(left.expression, sqlOperator, right.expression), kind: .condition)
    }
}
