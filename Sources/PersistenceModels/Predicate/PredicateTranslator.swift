import Foundation
import GRDB

/// A predicate expression that can be turned into SQL.
///
/// Each operator family conforms in its own extension; an expression that does not conform, or
/// whose operands cannot be stored comparably, makes the whole predicate run in memory instead.
protocol SQLTranslatableExpression {
    /// The SQL form of the expression.
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm
}

/// One translated operand or condition, with what the translator knows about its values.
struct SQLTerm {
    /// What the term stands for.
    enum Kind {
        /// A stored attribute, with its codec.
        case column(AttributeCodec)
        /// A bound value.
        case value
        /// `nil`.
        case null
        /// A condition.
        case condition
    }

    let expression: SQLExpression
    let kind: Kind
}

/// Why a predicate (or part of it) has no SQL form.
struct PredicateTranslationError: Error, CustomStringConvertible {
    let description: String
}

/// Translates a `Predicate` over a model into a SQL condition on the model's table.
struct PredicateTranslator {
    let entity: StoreLayout.EntityLayout
    let variableID: PredicateExpressions.VariableID

    /// The SQL condition equivalent to `predicate`.
    static func translate<T: PersistentModel>(_ predicate: Predicate<T>, entity: StoreLayout.EntityLayout) throws(PredicateTranslationError) -> SQLExpression {
        let variable: PredicateExpressions.Variable<T> = predicate.variable
        let translator = PredicateTranslator(entity: entity, variableID: variable.key)
        return try translator.condition(predicate.expression)
    }

    /// Translates an operand.
    func term(_ expression: Any) throws(PredicateTranslationError) -> SQLTerm {
        guard let translatable = expression as? any SQLTranslatableExpression else {
            throw PredicateTranslationError(description: "\(type(of: expression)) has no SQL form")
        }
        return try translatable.sqlTerm(in: self)
    }

    /// Translates an expression used as a condition: a comparison, a logical operator or a Bool operand.
    func condition(_ expression: Any) throws(PredicateTranslationError) -> SQLExpression {
        let translated = try term(expression)
        switch translated.kind {
        case .condition, .value:
            return translated.expression
        case .column(let codec):
            guard codec.valueType == Bool.self else {
                throw PredicateTranslationError(description: "a non-Bool column cannot be a condition")
            }
            return translated.expression
        case .null:
            throw PredicateTranslationError(description: "nil cannot be a condition")
        }
    }

    /// The attribute a key path from the predicate's variable refers to.
    func attribute(for keyPath: AnyKeyPath) throws(PredicateTranslationError) -> Schema.PropertyMetadata {
        guard let property = entity.attributes.first(where: { $0.keyPath == keyPath }), property.codec != nil else {
            throw PredicateTranslationError(description: "\(keyPath) is not a stored attribute of \(entity.entity.name)")
        }
        return property
    }

    /// Checks that SQLite orders and compares a term's values the way Swift does.
    func requireComparable(_ term: SQLTerm) throws(PredicateTranslationError) {
        if case .column(let codec) = term.kind, !codec.isComparableInStore {
            throw PredicateTranslationError(description: "values of \(codec.valueType) do not compare in SQLite as in Swift")
        }
    }
}
