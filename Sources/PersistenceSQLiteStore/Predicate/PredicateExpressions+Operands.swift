import Foundation
import GRDB
import PersistenceModels

extension PredicateExpressions.KeyPath: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        let base = try translator.term(root)
        let path: AnyKeyPath = keyPath
        switch base.kind {
        case .model(let model):
            return try translator.member(path, of: model)
        case .record(let record):
            guard let column = record.columns[path] else {
                throw PredicateTranslationError(description: "\(keyPath) has no column in \(record.table)")
            }
            return SQLTerm(expression: .column(table: record.table, name: column.name), kind: .scalar(column.type))
        case .toMany(let relationship):
            guard
                let arrayType = Output.self == Int.self || Output.self == Bool.self
                    ? Root.Output.self as? any StoredArray.Type : nil
            else {
                throw PredicateTranslationError(
                    description: "only count and isEmpty of a to-many relationship have a SQL form")
            }
            let alias = translator.aliases.make()
            let rows = relationship.fromClause(alias: alias)
            if path == arrayType.countKeyPath {
                return SQLTerm(expression: .sql("(SELECT COUNT(*)", .expression(rows), ")"), kind: .scalar(Int.self))
            }
            if path == arrayType.isEmptyKeyPath {
                return SQLTerm(expression: .sql("(NOT EXISTS (SELECT 1", .expression(rows), "))"), kind: .condition)
            }
            throw PredicateTranslationError(
                description: "only count and isEmpty of a to-many relationship have a SQL form")
        case .scalar(let type):
            if type == String.self, path == \String.isEmpty as AnyKeyPath {
                return SQLTerm(
                    expression: .comparison(base.expression, .isEqual, .value("".databaseValue)), kind: .condition)
            }
            if let arrayType = type as? any StoredArray.Type, arrayType.isStoredAsJSONArray {
                if path == arrayType.countKeyPath {
                    return SQLTerm(
                        expression: .sql("json_array_length(", .expression(base.expression), ")"),
                        kind: .scalar(Int.self))
                }
                if path == arrayType.isEmptyKeyPath {
                    return SQLTerm(
                        expression: .sql("(json_array_length(", .expression(base.expression), ") = 0)"),
                        kind: .condition)
                }
            }
            throw PredicateTranslationError(description: "\(keyPath) of a \(type) has no SQL form")
        case .null, .condition, .identifier:
            throw PredicateTranslationError(description: "\(keyPath) has no SQL form here")
        }
    }
}

extension PredicateExpressions.Value: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        if let identifier = value as? PersistentIdentifier {
            return SQLTerm(expression: .value(.null), kind: .identifier(.captured(identifier)))
        }
        if let token = value as? DefaultHistoryToken {
            // A token compares as its transaction's number, which only orders transactions of one store.
            guard token.storeIdentifier == translator.storeIdentifier else {
                throw PredicateTranslationError(description: "the token belongs to another store")
            }
            return SQLTerm(
                expression: .value(token.transactionNumber.databaseValue), kind: .scalar(DefaultHistoryToken.self))
        }
        let stored: DatabaseValue
        do {
            stored = try ValueCodec.encode(value)
        } catch {
            throw PredicateTranslationError(description: "the captured \(Output.self) cannot be stored")
        }
        if stored.isNull { return SQLTerm(expression: .value(.null), kind: .null) }
        guard ValueCodec.isComparableInStore(Output.self) else {
            throw PredicateTranslationError(
                description: "captured values of \(Output.self) do not compare in SQLite as in Swift")
        }
        return SQLTerm(expression: .value(stored), kind: .scalar(Output.self))
    }
}

extension PredicateExpressions.NilLiteral: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        SQLTerm(expression: .value(.null), kind: .null)
    }
}

extension PredicateExpressions.Variable: SQLTranslatableExpression {
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm {
        guard let bound = translator.bindings[key] else {
            throw PredicateTranslationError(description: "a predicate variable is used outside its scope")
        }
        return bound
    }
}

/// Arrays, whose `count` and `isEmpty` key paths the translator recognises.
protocol StoredArray {
    /// `\Self.count`.
    static var countKeyPath: AnyKeyPath { get }
    /// `\Self.isEmpty`.
    static var isEmptyKeyPath: AnyKeyPath { get }
    /// Whether an attribute of this type is kept as a JSON array whose elements SQLite compares as Swift does.
    static var isStoredAsJSONArray: Bool { get }
}

extension Array: StoredArray {
    static var countKeyPath: AnyKeyPath { \Self.count }
    static var isEmptyKeyPath: AnyKeyPath { \Self.isEmpty }
    static var isStoredAsJSONArray: Bool { JSONArrayElement.isSupported(Element.self) }
}

/// The element types whose JSON form SQLite's `json_each` yields as the same value the store binds.
enum JSONArrayElement {
    /// Whether `type` is a string, an integer or a `Bool`.
    static func isSupported(_ type: Any.Type) -> Bool {
        type == String.self || type == Int.self || type == Int64.self || type == Int32.self || type == Bool.self
    }
}
