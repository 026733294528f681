import Foundation
import GRDB
import PersistenceModels

/// A predicate expression that can be turned into SQL.
///
/// Each operator family conforms in its own extension; an expression that does not conform, or
/// whose operands cannot be stored comparably, makes the whole predicate run in memory instead.
protocol SQLTranslatableExpression {
    /// The SQL form of the expression.
    func sqlTerm(in translator: PredicateTranslator) throws(PredicateTranslationError) -> SQLTerm
    /// The SQL form of `expression`, which is a `Self`.
    static func sqlTerm(of expression: Any, in translator: PredicateTranslator) throws(PredicateTranslationError)
        -> SQLTerm
}

extension SQLTranslatableExpression {
    static func sqlTerm(of expression: Any, in translator: PredicateTranslator) throws(PredicateTranslationError)
        -> SQLTerm
    {
        try (expression as! Self).sqlTerm(in: translator)
    }
}

/// One translated operand or condition, with what the translator knows about its values.
struct SQLTerm {
    /// What the term stands for.
    enum Kind {
        /// A stored attribute, captured value or computed value of a Swift type.
        case scalar(Any.Type)
        /// `nil`.
        case null
        /// A condition.
        case condition
        /// A model (the predicate's variable or a to-one relationship); the expression is its row key.
        case model(ModelReference)
        /// A to-many relationship; the expression is the owner's row key.
        case toMany(ToManyReference)
        /// A `PersistentIdentifier`: a row's own (the expression is its key) or a captured one.
        case identifier(IdentifierOperand)
        /// A row of a table that holds no model (the history's transactions); the expression is unused.
        case record(RecordReference)
    }

    let expression: SQLExpression
    let kind: Kind
}

/// A row of a table that holds no model, such as the history's transactions: the key paths of the
/// predicate's root type that have a column, with the Swift type of the column's values.
struct RecordReference {
    struct Column {
        let name: String
        let type: Any.Type
    }

    let table: String
    let columns: [AnyKeyPath: Column]
}

/// A `PersistentIdentifier` in a predicate.
enum IdentifierOperand {
    /// `persistentModelID` of a row of this entity; the term's expression is the row's key.
    case row(entityName: String)
    /// A captured identifier.
    case captured(PersistentIdentifier)
}

/// A model row a predicate reaches: a table in the query (by alias), or a row key to look up.
struct ModelReference {
    /// Where the row is.
    enum Row {
        /// A table of the query under this alias.
        case alias(String)
        /// The row whose primary key is this expression (NULL when there is none).
        case key(SQLExpression)
    }

    let entity: StoreLayout.EntityLayout
    let row: Row

    /// The expression giving the row's primary key.
    var keyExpression: SQLExpression {
        switch row {
        case .alias(let alias): .column(table: alias, name: StoreLayout.primaryKeyColumn)
        case .key(let key): key
        }
    }

    /// A column of the row: direct for a table of the query, a scalar subquery for a looked-up row.
    func column(_ name: String) -> SQLExpression {
        switch row {
        case .alias(let alias):
            return .column(table: alias, name: name)
        case .key(let key):
            let table = entity.table.quotedDatabaseIdentifier
            let primaryKey = StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier
            return .sql(
                "(SELECT \(name.quotedDatabaseIdentifier) FROM \(table) WHERE \(primaryKey) = ", .expression(key), ")")
        }
    }
}

/// A to-many relationship of a model row.
struct ToManyReference {
    let ownerKey: SQLExpression
    let storage: StoreLayout.RelationshipStorage
    let destination: StoreLayout.EntityLayout

    /// `FROM … WHERE …` selecting the related rows as `alias`, ending before an optional extra condition.
    func fromClause(alias: String) -> SQLExpression {
        let table = destination.table.quotedDatabaseIdentifier
        let primaryKey = StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier
        let quotedAlias = alias.quotedDatabaseIdentifier
        switch storage {
        case .inverseForeignKey(_, let column), .foreignKey(let column):
            return .sql(
                " FROM \(table) AS \(quotedAlias) WHERE \(quotedAlias).\(column.quotedDatabaseIdentifier) = ",
                .expression(ownerKey))
        case .linkTable(let linkTable, let isOwner):
            let (this, other) = isOwner ? ("owner", "target") : ("target", "owner")
            let link = "\(alias)_link".quotedDatabaseIdentifier
            return .sql(
                " FROM \(linkTable.quotedDatabaseIdentifier) AS \(link) JOIN \(table) AS \(quotedAlias) ON \(quotedAlias).\(primaryKey) = \(link).\"\(other)\" WHERE \(link).\"\(this)\" = ",
                .expression(ownerKey)
            )
        }
    }
}

/// Why a predicate (or part of it) has no SQL form.
struct PredicateTranslationError: Error, CustomStringConvertible {
    let description: String
}

/// Hands out table aliases that are unique within one translated predicate.
final class SQLAliasGenerator {
    private var next = 0

    /// A fresh alias.
    func make() -> String {
        next += 1
        return "_r\(next)"
    }
}

/// Translates a `Predicate` over a model into a SQL condition on the model's table.
struct PredicateTranslator {
    let layout: StoreLayout
    /// The identifier of the store the predicate runs in, which its rows' identifiers carry.
    let storeIdentifier: String
    let bindings: [PredicateExpressions.VariableID: SQLTerm]
    let aliases: SQLAliasGenerator

    /// The SQL condition equivalent to `predicate` over the rows of `record`'s table, qualified by its name.
    static func translate<Root>(
        _ predicate: Predicate<Root>,
        record: RecordReference,
        layout: StoreLayout,
        storeIdentifier: String
    ) throws(PredicateTranslationError) -> SQLExpression {
        let variable: PredicateExpressions.Variable<Root> = predicate.variable
        let translator = PredicateTranslator(
            layout: layout,
            storeIdentifier: storeIdentifier,
            bindings: [variable.key: SQLTerm(expression: .value(.null), kind: .record(record))],
            aliases: SQLAliasGenerator()
        )
        return try translator.condition(predicate.expression)
    }

    /// The SQL condition equivalent to `predicate`; columns of the fetched table are qualified by its name.
    static func translate<T: PersistentModel>(
        _ predicate: Predicate<T>,
        entity: StoreLayout.EntityLayout,
        layout: StoreLayout,
        storeIdentifier: String
    ) throws(PredicateTranslationError) -> SQLExpression {
        let variable: PredicateExpressions.Variable<T> = predicate.variable
        let root = ModelReference(entity: entity, row: .alias(entity.table))
        let translator = PredicateTranslator(
            layout: layout,
            storeIdentifier: storeIdentifier,
            bindings: [variable.key: SQLTerm(expression: root.keyExpression, kind: .model(root))],
            aliases: SQLAliasGenerator()
        )
        return try translator.condition(predicate.expression)
    }

    /// A translator in which `variable` stands for `term`.
    func binding(_ variable: PredicateExpressions.VariableID, to term: SQLTerm) -> PredicateTranslator {
        var extended = bindings
        extended[variable] = term
        return PredicateTranslator(
            layout: layout, storeIdentifier: storeIdentifier, bindings: extended, aliases: aliases)
    }

    /// Translates an operand.
    func term(_ expression: Any) throws(PredicateTranslationError) -> SQLTerm {
        guard let translatable = Self.translatableTypes.conformance(of: type(of: expression)) else {
            throw PredicateTranslationError(description: "\(type(of: expression)) has no SQL form")
        }
        return try translatable.sqlTerm(of: expression, in: self)
    }

    /// The expression types that have a SQL form, found once per type.
    private static let translatableTypes = ConformanceLookup { $0 as? any SQLTranslatableExpression.Type }

    /// Translates an expression used as a condition: a comparison, a logical operator or a Bool operand.
    func condition(_ expression: Any) throws(PredicateTranslationError) -> SQLExpression {
        let translated = try term(expression)
        switch translated.kind {
        case .condition:
            return translated.expression
        case .scalar(let type):
            guard type == Bool.self || type == Bool?.self else {
                throw PredicateTranslationError(description: "a value of \(type) cannot be a condition")
            }
            return translated.expression
        case .null, .model, .toMany, .identifier, .record:
            throw PredicateTranslationError(description: "only Bool values can be conditions")
        }
    }

    /// The term for a stored property of a model row: an attribute, a to-one or a to-many relationship.
    func member(_ keyPath: AnyKeyPath, of model: ModelReference) throws(PredicateTranslationError) -> SQLTerm {
        let entity = model.entity
        // `$0.persistentModelID`: stands for the row's primary key, compared only for equality.
        if keyPath == entity.persistentModelIDKeyPath {
            return SQLTerm(expression: model.keyExpression, kind: .identifier(.row(entityName: entity.entity.name)))
        }
        if let property = entity.attributes.first(where: { $0.keyPath == keyPath }), let codec = property.codec {
            // The column holds the transformer's data, which no predicate value is written as.
            if property.transformation != nil {
                throw PredicateTranslationError(
                    description: "\(entity.entity.name).\(property.name) is transformable and is compared in memory")
            }
            return SQLTerm(expression: model.column(property.columnName), kind: .scalar(codec.valueType))
        }
        guard let property = entity.relationshipProperties.first(where: { $0.keyPath == keyPath }),
            let shape = property.relationshipShape,
            let storage = entity.relationships[property.name],
            let destination = layout.layout(of: shape.destination)
        else {
            throw PredicateTranslationError(description: "\(keyPath) is not a stored property of \(entity.entity.name)")
        }
        if case .foreignKey(let column) = storage {
            let key = model.column(column)
            return SQLTerm(expression: key, kind: .model(ModelReference(entity: destination, row: .key(key))))
        }
        let reference = ToManyReference(ownerKey: model.keyExpression, storage: storage, destination: destination)
        return SQLTerm(expression: model.keyExpression, kind: .toMany(reference))
    }

    /// Checks that SQLite orders and compares a term's values the way Swift does.
    func requireComparable(_ term: SQLTerm) throws(PredicateTranslationError) {
        switch term.kind {
        case .scalar(let type):
            if !ValueCodec.isComparableInStore(type), type != DefaultHistoryToken.self,
                type != DefaultHistoryToken?.self
            {
                throw PredicateTranslationError(description: "values of \(type) do not compare in SQLite as in Swift")
            }
        case .null, .condition:
            return
        case .model, .toMany, .record:
            throw PredicateTranslationError(description: "models are compared in memory")
        case .identifier:
            throw PredicateTranslationError(description: "identifiers are only compared for equality in SQL")
        }
    }

    /// Whether a term holds text (a `String` or `String?`).
    func isText(_ term: SQLTerm) -> Bool {
        if case .scalar(let type) = term.kind {
            return type == String.self || type == String?.self || type == Substring.self
        }
        return false
    }
}

extension PredicateTranslator {
    /// The key expression a captured identifier compares as against rows of `entityName` in this store:
    /// its primary key, or NULL (no row) for an identifier of another store or entity, or one never saved.
    /// An identifier of a subentity is one of the entity's rows too.
    func key(of identifier: PersistentIdentifier, forRowsOf entityName: String) -> SQLExpression {
        let isOfEntity =
            identifier.entityName == entityName
            || layout.entities[entityName]?.entityNames?.contains(identifier.entityName) == true
        guard identifier.storeIdentifier == storeIdentifier, isOfEntity, let key = identifier.primaryKey else {
            return .value(.null)
        }
        return .value(key.databaseValue)
    }
}
