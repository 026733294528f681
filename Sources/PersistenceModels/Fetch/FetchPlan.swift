import Foundation
import GRDB

/// How a descriptor runs: which parts become SQL and which run in memory.
struct FetchPlan<T: PersistentModel> {
    let entity: StoreLayout.EntityLayout
    let condition: SQLExpression?
    let orderTerms: [String]?
    let isPredicateTranslated: Bool
    let fetchLimit: Int?
    let fetchOffset: Int?

    init(descriptor: FetchDescriptor<T>, entity: StoreLayout.EntityLayout, layout: StoreLayout) {
        self.entity = entity
        if let predicate = descriptor.predicate {
            let translated = try? PredicateTranslator.translate(predicate, entity: entity, layout: layout)
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
    private var primaryKey: String { StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier }

    /// `SELECT *` with the translated condition, order, and (when `limited`) limit and offset.
    func selectQuery(limited: Bool) -> (sql: String, arguments: [DatabaseValue]) {
        selectQuery(columns: "*", limited: limited)
    }

    /// The primary keys of the rows ``selectQuery(limited:)`` returns, in the same order.
    func primaryKeyQuery(limited: Bool) -> (sql: String, arguments: [DatabaseValue]) {
        selectQuery(columns: primaryKey, limited: limited)
    }

    private func selectQuery(columns: String, limited: Bool) -> (sql: String, arguments: [DatabaseValue]) {
        let context = SQLGenerationContext()
        var sql = "SELECT \(columns) FROM \(table)"
        if let condition {
            sql += " WHERE \(SQLGenerator.sql(for: condition, in: context))"
        }
        let order = (orderTerms ?? []) + [primaryKey]
        sql += " ORDER BY \(order.joined(separator: ", "))"
        if limited {
            let offset = max(0, fetchOffset ?? 0)
            if let fetchLimit {
                sql += " LIMIT \(context.bind(max(0, fetchLimit).databaseValue)) OFFSET \(context.bind(offset.databaseValue))"
            } else if offset > 0 {
                sql += " LIMIT -1 OFFSET \(context.bind(offset.databaseValue))"
            }
        }
        return (sql, context.arguments)
    }

    /// Every row of the table, in primary key order.
    func selectAllQuery() -> (sql: String, arguments: [DatabaseValue]) {
        ("SELECT * FROM \(table) ORDER BY \(primaryKey)", [])
    }

    /// `SELECT COUNT(*)` with the translated condition, limit and offset.
    func countQuery() -> (sql: String, arguments: [DatabaseValue]) {
        if fetchLimit == nil, (fetchOffset ?? 0) <= 0 {
            // Without a limit the order does not matter; a plain count leaves SQLite free to choose the index.
            let context = SQLGenerationContext()
            var sql = "SELECT COUNT(*) FROM \(table)"
            if let condition {
                sql += " WHERE \(SQLGenerator.sql(for: condition, in: context))"
            }
            return (sql, context.arguments)
        }
        let inner = selectQuery(limited: true)
        return ("SELECT COUNT(*) FROM (\(inner.sql))", inner.arguments)
    }
}

/// Turns sort descriptors into `ORDER BY` terms when every key path is a stored, comparable attribute.
enum SortTranslator {
    /// The terms, or `nil` when some descriptor must be applied in memory.
    static func orderTerms<T>(for descriptors: [SortDescriptor<T>], entity: StoreLayout.EntityLayout) -> [String]? {
        var terms: [String] = []
        for descriptor in descriptors {
            guard let keyPath = descriptor.keyPath,
                  let property = entity.attributes.first(where: { $0.keyPath == keyPath as AnyKeyPath || $0.sortRankKeyPath == keyPath as AnyKeyPath }),
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

/// Sorts models in memory the way the store's `ORDER BY` does: strings in localized standard order.
struct InMemorySorter<T> {
    let descriptors: [SortDescriptor<T>]

    func sorted(_ models: [T]) -> [T] {
        let indexed = Array(models.enumerated())
        return indexed.sorted { lhs, rhs in
            for descriptor in descriptors {
                let result = compare(lhs.element, rhs.element, with: descriptor)
                if result != .orderedSame { return result == .orderedAscending }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    private func compare(_ lhs: T, _ rhs: T, with descriptor: SortDescriptor<T>) -> ComparisonResult {
        if let keyPath = descriptor.keyPath {
            let left = lhs[keyPath: keyPath]
            let right = rhs[keyPath: keyPath]
            if let result = StringOrdering.compare(left, right) {
                return descriptor.order == .forward ? result : result.reversed
            }
        }
        return descriptor.compare(lhs, rhs)
    }
}

/// The store's string order (localized standard), shared by SQL sorting and in-memory sorting.
enum StringOrdering {
    /// Compares two values that are strings or optional strings, `nil` first; `nil` when they are not strings.
    static func compare(_ left: Any, _ right: Any) -> ComparisonResult? {
        func string(_ value: Any) -> (isString: Bool, value: String?) {
            if type(of: value) == String.self { return (true, value as? String) }
            if type(of: value) == String?.self { return (true, (value as? String?) ?? nil) }
            return (false, nil)
        }
        let (leftIsString, leftValue) = string(left)
        let (rightIsString, rightValue) = string(right)
        guard leftIsString, rightIsString else { return nil }
        switch (leftValue, rightValue) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        case (let a?, let b?): return a.localizedStandardCompare(b)
        }
    }

    /// Whether `type` is `String` or `String?`.
    static func isString(_ type: Any.Type) -> Bool { type == String.self || type == String?.self }
}

extension ComparisonResult {
    var reversed: ComparisonResult {
        switch self {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }
}
