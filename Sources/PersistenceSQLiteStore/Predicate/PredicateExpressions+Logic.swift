import Foundation
import PersistenceModels

extension PredicateExpressions.Conjunction: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        SQLTerm(expression: .and(try translator.condition(lhs), try translator.condition(rhs)), kind: .condition)
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        SQLTerm(expression: .or(try translator.condition(lhs), try translator.condition(rhs)), kind: .condition)
    }
}

extension PredicateExpressions.Negation: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        SQLTerm(expression: .not(try translator.condition(wrapped)), kind: .condition)
    }
}
