import Foundation
import PersistenceModels

extension PredicateExpressions.StringLocalizedStandardContains: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        try StringTestTranslation.term(PredicateSQLFunctions.localizedStandardContainsName, root, other, in: translator)
    }
}

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        try StringTestTranslation.term(PredicateSQLFunctions.containsName, base, other, in: translator)
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        try StringTestTranslation.term(PredicateSQLFunctions.startsWithName, base, prefix, in: translator)
    }
}

/// String tests become calls of the Swift-backed SQL functions of ``PredicateSQLFunctions``.
enum StringTestTranslation {
    static func term(_ function: String, _ text: Any, _ search: Any, in translator: PredicateTranslator)
        throws(PredicateTranslationError) -> SQLTerm
    {
        let left = try translator.term(text)
        let right = try translator.term(search)
        guard translator.isText(left), translator.isText(right) else {
            throw PredicateTranslationError(description: "\(function) applies to strings only")
        }
        return SQLTerm(
            expression: PredicateSQLFunctions.call(function, left.expression, right.expression),
            kind: .scalar(Bool?.self))
    }
}
