import Foundation
import GRDB

extension PredicateExpressions.KeyPath: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        guard let variable = root as? any VariableExpression, variable.variableID == translator.variableID else {
            throw PredicateTranslationError(description: "only key paths on the predicate's model have a SQL form")
        }
        let property = try translator.attribute(for: keyPath)
        guard let codec = property.codec else {
            throw PredicateTranslationError(description: "\(property.name) is not an attribute")
        }
        return SQLTerm(expression: .column(property.columnName), kind: .column(codec))
    }
}

extension PredicateExpressions.Value: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        let stored: DatabaseValue
        do {
            stored = try ValueCodec.encode(value)
        } catch {
            throw PredicateTranslationError(description: "the captured \(Output.self) cannot be stored")
        }
        if stored.isNull { return SQLTerm(expression: .value(.null), kind: .null) }
        guard ValueCodec.isComparableInStore(Output.self) else {
            throw PredicateTranslationError(description: "captured values of \(Output.self) do not compare in SQLite as in Swift")
        }
        return SQLTerm(expression: .value(stored), kind: .value)
    }
}

extension PredicateExpressions.NilLiteral: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        SQLTerm(expression: .value(.null), kind: .null)
    }
}

/// Gives access to a predicate variable's identifier whatever its type.
protocol VariableExpression {
    var variableID: PredicateExpressions.VariableID { get }
}

extension PredicateExpressions.Variable: VariableExpression {
    var variableID: PredicateExpressions.VariableID { key }
}
