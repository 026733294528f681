import Foundation
import GRDB
import PersistenceModels

extension PredicateExpressions.SequenceContains: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        let item = try translator.term(element)
        if let captured = sequence as? any CapturedSequenceExpression,
            case .identifier(.row(let entityName)) = item.kind
        {
            // `identifiers.contains($0.persistentModelID)`: an IN list of the keys of this store's rows.
            var keys: [String] = []
            for element in captured.capturedElements {
                guard let identifier = element as? PersistentIdentifier else {
                    throw PredicateTranslationError(description: "only identifiers can be looked for among identifiers")
                }
                if case .value(let key) = translator.key(of: identifier, forRowsOf: entityName),
                    let number = Int64.fromDatabaseValue(key)
                {
                    keys.append(String(number))
                }
            }
            return SQLTerm(
                expression: .sql("(", .expression(item.expression), " IN (\(keys.joined(separator: ", "))))"),
                kind: .condition)
        }
        if let captured = sequence as? any CapturedSequenceExpression {
            // `[values].contains($0.property)`: an IN list of bound values.
            try translator.requireComparable(item)
            var values: [SQLFragment] = []
            for (index, element) in captured.capturedElements.enumerated() {
                guard let stored = try? ValueCodec.encode(element), !stored.isNull else {
                    throw PredicateTranslationError(
                        description: "captured sequences holding nil or unstorable values are tested in memory")
                }
                if index > 0 { values.append(.text(", ")) }
                values.append(.expression(.value(stored)))
            }
            return SQLTerm(
                expression: .composite(
                    [.text("("), .expression(item.expression), .text(" IN (")] + values + [.text("))")]),
                kind: .condition)
        }
        // `$0.storedArray.contains(value)`: a search of the JSON array.
        let list = try translator.term(sequence)
        guard case .scalar(let type) = list.kind, let arrayType = type as? any StoredArray.Type,
            arrayType.isStoredAsJSONArray,
            case .scalar(let itemType) = item.kind, JSONArrayElement.isSupported(itemType)
        else {
            throw PredicateTranslationError(
                description: "contains(_:) has a SQL form on stored arrays of strings, integers and flags only")
        }
        return SQLTerm(
            expression: .sql(
                "EXISTS (SELECT 1 FROM json_each(", .expression(list.expression), ") WHERE \"value\" IS ",
                .expression(item.expression), ")"),
            kind: .condition
        )
    }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        let list = try translator.term(sequence)
        guard case .toMany(let relationship) = list.kind else {
            throw PredicateTranslationError(
                description: "contains(where:) has a SQL form on to-many relationships only")
        }
        let alias = translator.aliases.make()
        let related = ModelReference(entity: relationship.destination, row: .alias(alias))
        let inner = translator.binding(
            variable.key, to: SQLTerm(expression: related.keyExpression, kind: .model(related)))
        let matches = try inner.condition(test)
        return SQLTerm(
            expression: .sql(
                "EXISTS (SELECT 1", .expression(relationship.fromClause(alias: alias)), " AND ", .expression(matches),
                ")"),
            kind: .condition
        )
    }
}

extension PredicateExpressions.NilCoalesce: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        let optional = try translator.term(lhs)
        let fallback = try translator.term(rhs)
        guard case .scalar = optional.kind else {
            throw PredicateTranslationError(description: "?? has a SQL form on stored values only")
        }
        let kind: SQLTerm.Kind
        switch fallback.kind {
        case .scalar, .condition: kind = fallback.kind
        case .null, .model, .toMany, .identifier, .record:
            throw PredicateTranslationError(description: "?? has a SQL form with a value on its right only")
        }
        return SQLTerm(
            expression: .sql(
                "COALESCE(", .expression(optional.expression), ", ", .expression(fallback.expression), ")"), kind: kind)
    }
}

extension PredicateExpressions.OptionalFlatMap: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        let optional = try translator.term(wrapped)
        let unwrapped: SQLTerm
        switch optional.kind {
        case .model:
            unwrapped = optional
        case .scalar(let type):
            unwrapped = SQLTerm(
                expression: optional.expression, kind: .scalar((type as? any OptionalValue.Type)?.wrappedType ?? type))
        case .null, .condition, .toMany, .identifier, .record:
            throw PredicateTranslationError(description: "optional chaining has a SQL form on stored properties only")
        }
        let result = try translator.binding(variable.key, to: unwrapped).term(transform)
        switch result.kind {
        case .scalar, .condition:
            // nil in, nil out: the transform is not applied to a missing value, as in Swift.
            return SQLTerm(
                expression: .sql(
                    "(CASE WHEN ", .expression(optional.expression), " IS NULL THEN NULL ELSE ",
                    .expression(result.expression), " END)"),
                kind: result.kind
            )
        case .model, .toMany, .null, .identifier, .record:
            // A missing model's key is already NULL.
            return result
        }
    }
}

/// A captured sequence in a predicate, whose elements become a SQL `IN` list.
protocol CapturedSequenceExpression {
    /// The captured elements.
    var capturedElements: [Any] { get }
}

extension PredicateExpressions.Value: CapturedSequenceExpression where Output: Sequence {
    var capturedElements: [Any] { value.map { $0 as Any } }
}
