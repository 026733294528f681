import Foundation
import GRDB
import PersistenceModels

/// How a descriptor runs: which parts become SQL and which run in memory.
struct FetchPlan<T: PersistentModel> {
    let entity: StoreLayout.EntityLayout
    let condition: SQLExpression?
    let orderTerms: [String]?
    let isPredicateTranslated: Bool
    let fetchLimit: Int?
    let fetchOffset: Int?
    /// Whether the rows of the entity's subentities are left out (`delete(model:where:includeSubclasses:)`
    /// with `false`).
    var leavesOutSubentities = false

    init(descriptor: FetchDescriptor<T>, entity: StoreLayout.EntityLayout, layout: StoreLayout, storeIdentifier: String)
    {
        self.entity = entity
        if let predicate = descriptor.predicate {
            let translated = try? PredicateTranslator.translate(
                predicate, entity: entity, layout: layout, storeIdentifier: storeIdentifier)
            self.condition = translated
            self.isPredicateTranslated = translated != nil
        } else {
            self.condition = nil
            self.isPredicateTranslated = true
        }
        self.orderTerms = SortTranslator.orderTerms(for: descriptor.sortBy, entity: entity)
        self.fetchLimit = descriptor.fetchLimit
        self.fetchOffset = descriptor.fetchOffset
    }

    /// Whether the predicate, the order, the limit and the offset all run in SQLite.
    var isFullyTranslated: Bool { isPredicateTranslated && orderTerms != nil }

    private var table: String { entity.table.quotedDatabaseIdentifier }

    /// The `WHERE` clause: the translated condition, and in a table a hierarchy shares, the entities whose
    /// rows the fetch returns. Empty when every row qualifies.
    private func whereClause(in context: SQLGenerationContext) -> String {
        let condition = condition.map { SQLGenerator.sql(for: $0, in: context) }
        let entityFilter =
            leavesOutSubentities
            ? StoreStatements.ownRowsFilter(of: entity) : StoreStatements.entityFilter(of: entity)
        switch (entityFilter, condition) {
        case (nil, nil): return ""
        case (nil, let condition?): return " WHERE \(condition)"
        case (let filter?, nil): return " WHERE \(filter)"
        case (let filter?, let condition?): return " WHERE \(filter) AND (\(condition))"
        }
    }
    private var primaryKey: String { StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier }

    /// `SELECT *` with the translated condition, order, and (when `limited`) limit and offset.
    func selectQuery(limited: Bool) -> SQLStatement {
        selectQuery(columns: "*", limited: limited)
    }

    /// The primary keys of the rows ``selectQuery(limited:)`` returns, in the same order (put in key
    /// order by the caller when ``leavesKeyOrderToCaller(limited:)``).
    func primaryKeyQuery(limited: Bool) -> SQLStatement {
        selectQuery(columns: primaryKey, limited: limited)
    }

    /// Whether ``selectQuery(limited:)`` leaves the order out, so that the caller puts the rows in
    /// primary-key order itself: no sort descriptor, and no limit or offset in the SQL. An
    /// `ORDER BY "_pk"` would make SQLite scan the whole table in key order rather than sort what an index
    /// finds for the condition; a scan of the table gives the rows in key order anyway.
    func leavesKeyOrderToCaller(limited: Bool) -> Bool {
        orderTerms?.isEmpty == true && (!limited || (fetchLimit == nil && (fetchOffset ?? 0) <= 0))
    }

    private func selectQuery(columns: String, limited: Bool) -> SQLStatement {
        let context = SQLGenerationContext()
        var sql = "SELECT \(columns) FROM \(table)" + whereClause(in: context)
        if !leavesKeyOrderToCaller(limited: limited) {
            let order = (orderTerms ?? []) + [primaryKey]
            sql += " ORDER BY \(order.joined(separator: ", "))"
        }
        if limited {
            let offset = max(0, fetchOffset ?? 0)
            if let fetchLimit {
                sql +=
                    " LIMIT \(context.bind(max(0, fetchLimit).databaseValue)) OFFSET \(context.bind(offset.databaseValue))"
            } else if offset > 0 {
                sql += " LIMIT -1 OFFSET \(context.bind(offset.databaseValue))"
            }
        }
        return SQLStatement(sql: sql, arguments: context.arguments)
    }

    /// `DELETE` of the rows the condition selects, for a descriptor without sort, limit or offset.
    func deleteStatement() -> SQLStatement {
        let context = SQLGenerationContext()
        let sql = "DELETE FROM \(table)" + whereClause(in: context)
        return SQLStatement(sql: sql, arguments: context.arguments)
    }

    /// How many arguments the condition binds.
    var argumentCount: Int {
        let context = SQLGenerationContext()
        if let condition { _ = SQLGenerator.sql(for: condition, in: context) }
        return context.arguments.count
    }

    /// The primary keys among `keys` whose rows meet the condition.
    func primaryKeyQuery(amongKeys keys: ArraySlice<Int64>) -> SQLStatement {
        let context = SQLGenerationContext()
        var sql = "SELECT \(primaryKey) FROM \(table) WHERE \(primaryKey) IN ("
        sql += keys.map { context.bind($0.databaseValue) }.joined(separator: ", ") + ")"
        if let condition {
            sql += " AND (\(SQLGenerator.sql(for: condition, in: context)))"
        }
        if let filter = StoreStatements.entityFilter(of: entity) { sql += " AND \(filter)" }
        return SQLStatement(sql: sql, arguments: context.arguments)
    }

    /// `SELECT COUNT(*)` with the translated condition, limit and offset.
    func countQuery() -> SQLStatement {
        if fetchLimit == nil, (fetchOffset ?? 0) <= 0 {
            // Without a limit the order does not matter; a plain count leaves SQLite free to choose the index.
            let context = SQLGenerationContext()
            let sql = "SELECT COUNT(*) FROM \(table)" + whereClause(in: context)
            return SQLStatement(sql: sql, arguments: context.arguments)
        }
        let inner = selectQuery(limited: true)
        return SQLStatement(sql: "SELECT COUNT(*) FROM (\(inner.sql))", arguments: inner.arguments)
    }
}

/// Turns sort descriptors into `ORDER BY` terms when every key path is a stored, comparable attribute.
enum SortTranslator {
    /// The terms, or `nil` when some descriptor must be applied in memory.
    static func orderTerms<T>(for descriptors: [SortDescriptor<T>], entity: StoreLayout.EntityLayout) -> [String]? {
        var terms: [String] = []
        for descriptor in descriptors {
            guard let keyPath = descriptor.keyPath,
                let property = entity.attributes.first(where: {
                    $0.keyPath == keyPath as AnyKeyPath || $0.sortRankKeyPath == keyPath as AnyKeyPath
                }),
                let codec = property.codec,
                codec.isComparableInStore
            else { return nil }
            var term = property.columnName.quotedDatabaseIdentifier
            if ValueCodec.columnType(for: codec.valueType) == "TEXT", StringOrdering.isString(codec.valueType) {
                term += " COLLATE \(DatabaseCollation.localizedStandardCompare.name)"
            }
            // SQLite puts NULL first in ascending order, as Swift orders nil before any value.
            term += descriptor.order == .forward ? " ASC" : " DESC"
            terms.append(term)
        }
        return terms
    }
}
