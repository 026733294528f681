import Foundation
import GRDB
import PersistenceModels

/// One SQL statement as a value: its text and the arguments it binds, in order.
struct SQLStatement: Equatable, CustomStringConvertible {
    let sql: String
    let arguments: [DatabaseValue]

    var description: String { sql }
}

/// The statements the store runs on model rows, written in one place: identifiers quoted, values bound
/// as arguments, and lists of keys split into statements under SQLite's argument limit.
///
/// Statements that run once per row (an insert, an update, a link) are given as text, prepared once and
/// bound row by row; the others come as ``SQLStatement`` values with their arguments.
enum StoreStatements {
    static let primaryKey = StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier

    /// `?, ?, …` for `count` arguments.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// One statement per chunk of `keys`, each made by `make` from the chunk's placeholder list.
    static func splitting(_ keys: [Int64], _ make: (String) -> String) -> [SQLStatement] {
        SQLArgumentLimit.chunks(of: keys).map { chunk in
            SQLStatement(sql: make(placeholders(chunk.count)), arguments: chunk.map(\.databaseValue))
        }
    }

    // MARK: - Rows

    /// The condition that selects the rows of `entity` and its subentities in a table its hierarchy
    /// shares; `nil` when every row of the table is one of them. The names are the schema's, written as
    /// literals so that the statement's arguments stay the caller's.
    static func entityFilter(of entity: StoreLayout.EntityLayout) -> String? {
        guard entity.selectsByEntity, let names = entity.entityNames else { return nil }
        return
            "\(StoreLayout.entityColumn.quotedDatabaseIdentifier) IN (\(names.map(\.quotedSQLLiteral).joined(separator: ", ")))"
    }

    /// The condition that selects the rows of `entity` alone, none of its subentities', in a table its
    /// hierarchy shares; `nil` when the table holds the entity's rows alone.
    static func ownRowsFilter(of entity: StoreLayout.EntityLayout) -> String? {
        guard let names = entity.entityNames, names.count > 1 else { return nil }
        return "\(StoreLayout.entityColumn.quotedDatabaseIdentifier) = \(entity.entity.name.quotedSQLLiteral)"
    }

    /// The rows of `entity` (and its subentities) with the given keys.
    static func rows(of entity: StoreLayout.EntityLayout, withKeys keys: [Int64]) -> [SQLStatement] {
        let filter = entityFilter(of: entity).map { " AND \($0)" } ?? ""
        return splitting(keys) {
            "SELECT * FROM \(entity.table.quotedDatabaseIdentifier) WHERE \(primaryKey) IN (\($0))\(filter)"
        }
    }

    /// Inserts one row with values for `columns` (all of them quoted); with `skippingConflicts`, a row
    /// that collides with a unique index is left out instead.
    static func insert(into table: String, columns: [String], skippingConflicts: Bool) -> String {
        let conflict = skippingConflicts ? " ON CONFLICT DO NOTHING" : ""
        return
            "INSERT INTO \(table.quotedDatabaseIdentifier) (\(columns.joined(separator: ", "))) VALUES (\(placeholders(columns.count)))\(conflict)"
    }

    /// Inserts one row that has no attribute values.
    static func insertDefaultValues(into table: String) -> String {
        "INSERT INTO \(table.quotedDatabaseIdentifier) DEFAULT VALUES"
    }

    /// Sets `columns` (quoted) of the row whose key is bound last.
    static func update(_ table: String, setting columns: [String]) -> String {
        let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
        return "UPDATE \(table.quotedDatabaseIdentifier) SET \(assignments) WHERE \(primaryKey) = ?"
    }

    /// The key and the entity name of each of the rows `keys` of a table a hierarchy shares.
    static func entityNames(ofRowsIn table: String, withKeys keys: [Int64]) -> [SQLStatement] {
        let column = StoreLayout.entityColumn.quotedDatabaseIdentifier
        return splitting(keys) {
            "SELECT \(primaryKey), \(column) FROM \(table.quotedDatabaseIdentifier) WHERE \(primaryKey) IN (\($0))"
        }
    }

    /// Names the bound entity as the entity of the row whose key is bound last, in a table a hierarchy shares.
    static func setEntity(of table: String) -> String {
        "UPDATE \(table.quotedDatabaseIdentifier) SET \(StoreLayout.entityColumn.quotedDatabaseIdentifier) = ? WHERE \(primaryKey) = ?"
    }

    /// The key of a row whose `columns` (quoted) hold the bound values, NULL matching NULL.
    static func key(of table: String, matching columns: [String]) -> String {
        let condition = columns.map { "\($0) IS ?" }.joined(separator: " AND ")
        return "SELECT \(primaryKey) FROM \(table.quotedDatabaseIdentifier) WHERE \(condition) LIMIT 1"
    }

    /// `columns` (quoted) of the row whose key is bound.
    static func select(_ columns: [String], of table: String) -> String {
        "SELECT \(columns.joined(separator: ", ")) FROM \(table.quotedDatabaseIdentifier) WHERE \(primaryKey) = ?"
    }

    /// Deletes the rows of `table` whose `column` holds one of `keys`.
    static func delete(from table: String, where column: String, isIn keys: [Int64]) -> [SQLStatement] {
        splitting(keys) {
            "DELETE FROM \(table.quotedDatabaseIdentifier) WHERE \(column.quotedDatabaseIdentifier) IN (\($0))"
        }
    }

    /// `keys` as the text of a JSON array, for `json_each`.
    static func jsonArray(of keys: [Int64]) -> String {
        KeyListText.joined(keys, prefix: "[", suffix: "]")
    }

    /// Sets `column` of `table` to NULL where it holds one of `keys`.
    static func nullify(_ column: String, of table: String, whereIn keys: [Int64]) -> [SQLStatement] {
        splitting(keys) {
            "UPDATE \(table.quotedDatabaseIdentifier) SET \(column.quotedDatabaseIdentifier) = NULL WHERE \(column.quotedDatabaseIdentifier) IN (\($0))"
        }
    }

    // MARK: - Links

    /// Adds the links of `count` bound owner and target pairs, each unless it is there already.
    static func link(in linkTable: String, count: Int = 1) -> String {
        "INSERT OR IGNORE INTO \(linkTable.quotedDatabaseIdentifier) (\"owner\", \"target\") VALUES \(valueTuples("(?, ?)", count: count))"
    }

    /// `count` copies of one row's `tuple` of values, such as `(?, ?)`, for a `VALUES` list.
    static func valueTuples(_ tuple: String, count: Int) -> String {
        Array(repeating: tuple, count: count).joined(separator: ", ")
    }

    /// Removes the link of the bound owner and target.
    static func unlink(in linkTable: String) -> String {
        "DELETE FROM \(linkTable.quotedDatabaseIdentifier) WHERE \"owner\" = ? AND \"target\" = ?"
    }

    /// The columns of a link table for the side a relationship's owner is on, and for the other side.
    static func linkColumns(isOwner: Bool) -> (this: String, other: String) {
        isOwner ? ("owner", "target") : ("target", "owner")
    }

    /// The keys of the rows that the rows `keys` of `table` are related to through `storage`.
    static func relatedKeys(of keys: [Int64], in table: String, through storage: StoreLayout.RelationshipStorage)
        -> [SQLStatement]
    {
        switch storage {
        case .foreignKey(let column):
            let column = column.quotedDatabaseIdentifier
            return splitting(keys) {
                "SELECT \(column) FROM \(table.quotedDatabaseIdentifier) WHERE \(primaryKey) IN (\($0)) AND \(column) IS NOT NULL"
            }
        case .inverseForeignKey(let other, let column):
            return splitting(keys) {
                "SELECT \(primaryKey) FROM \(other.quotedDatabaseIdentifier) WHERE \(column.quotedDatabaseIdentifier) IN (\($0))"
            }
        case .linkTable(let linkTable, let isOwner):
            let (this, other) = linkColumns(isOwner: isOwner)
            return splitting(keys) {
                "SELECT \"\(other)\" FROM \(linkTable.quotedDatabaseIdentifier) WHERE \"\(this)\" IN (\($0))"
            }
        }
    }

    // MARK: - Prefetching

    /// Which owners a prefetch reads the related rows of.
    enum PrefetchSelection {
        /// Every owner that has related rows.
        case every
        /// The owners a fetch returned, selected by that fetch's key query.
        case selectedBy(SQLStatement)
        /// The owners with these keys.
        case keys([Int64])
    }

    /// The links of a many-to-many relationship kept in `linkTable`, as pairs of the owner's key and the
    /// related row's, ordered by owner and then key; `isOwner` tells which side the owners are on.
    static func prefetchLinks(in linkTable: String, isOwner: Bool, owners: PrefetchSelection) -> [SQLStatement] {
        let (this, other) = linkColumns(isOwner: isOwner)
        let select = { (filter: String?) in
            "SELECT \"\(this)\", \"\(other)\" FROM \(linkTable.quotedDatabaseIdentifier)\(filter.map { " WHERE \($0)" } ?? "") ORDER BY \"\(this)\", \"\(other)\""
        }
        return statements(selecting: owners, by: "\"\(this)\"", select)
    }

    /// The rows of `destination` a one-to-many relationship stored as `storage` (its inverse's column) links
    /// owners to, each with its owner's key as `_owner`, ordered by owner and then key.
    static func prefetch(
        _ destination: String, through storage: StoreLayout.RelationshipStorage, owners: PrefetchSelection
    ) -> [SQLStatement] {
        let table = destination.quotedDatabaseIdentifier
        let ownerColumn: String
        let select: (String?) -> String
        switch storage {
        case .inverseForeignKey(_, let column):
            ownerColumn = column.quotedDatabaseIdentifier
            select = { filter in
                "SELECT \(ownerColumn) AS \"_owner\", * FROM \(table) WHERE \(filter ?? "\(ownerColumn) IS NOT NULL") ORDER BY \(ownerColumn), \(primaryKey)"
            }
        case .linkTable:
            preconditionFailure("a many-to-many relationship is prefetched by its links, then its rows' keys")
        case .foreignKey:
            preconditionFailure("a to-one relationship kept in a column is prefetched by its targets' keys")
        }
        return statements(selecting: owners, by: ownerColumn, select)
    }

    /// The statements `select` makes for `owners`, each given the condition on `ownerColumn` (quoted) that
    /// selects them, or `nil` for every owner; listed keys are split under SQLite's argument limit.
    private static func statements(
        selecting owners: PrefetchSelection, by ownerColumn: String, _ select: (String?) -> String
    ) -> [SQLStatement] {
        switch owners {
        case .every:
            return [SQLStatement(sql: select(nil), arguments: [])]
        case .selectedBy(let keyQuery):
            return [SQLStatement(sql: select("\(ownerColumn) IN (\(keyQuery.sql))"), arguments: keyQuery.arguments)]
        case .keys(let keys):
            return splitting(keys) { select("\(ownerColumn) IN (\($0))") }
        }
    }

    /// The rows of `destination` one owner's relationship stored as `storage` links to, in key order;
    /// `key` is the owner's key, or for a to-one relationship kept in a column, the target's.
    static func related(_ destination: String, through storage: StoreLayout.RelationshipStorage, of key: Int64)
        -> SQLStatement
    {
        let table = destination.quotedDatabaseIdentifier
        let sql: String
        switch storage {
        case .foreignKey:
            sql = "SELECT * FROM \(table) WHERE \(primaryKey) = ?"
        case .inverseForeignKey(_, let column):
            sql = "SELECT * FROM \(table) WHERE \(column.quotedDatabaseIdentifier) = ? ORDER BY \(primaryKey)"
        case .linkTable(let linkTable, let isOwner):
            let (this, other) = linkColumns(isOwner: isOwner)
            sql =
                "SELECT \(table).* FROM \(table) JOIN \(linkTable.quotedDatabaseIdentifier) AS link ON link.\"\(other)\" = \(table).\(primaryKey) WHERE link.\"\(this)\" = ? ORDER BY \(table).\(primaryKey)"
        }
        return SQLStatement(sql: sql, arguments: [key.databaseValue])
    }

    /// The rows of `table` with the given keys (the targets of a prefetched relationship), in one statement
    /// whose text does not depend on the keys: they are bound as one JSON array for `json_each`. The
    /// statement is then prepared once per connection, where an `IN` list of a placeholder a key was
    /// prepared for every prefetch, at about 3,000 instructions a key, more than reading the row costs.
    static func rows(of table: String, withKeys keys: [Int64]) -> SQLStatement {
        SQLStatement(
            sql:
                "SELECT * FROM \(table.quotedDatabaseIdentifier) WHERE \(primaryKey) IN (SELECT \"value\" FROM json_each(?))",
            arguments: [jsonArray(of: keys).databaseValue])
    }

    // MARK: - Query plans

    private static let queryPlanPrefix = "EXPLAIN QUERY PLAN "

    /// Asks SQLite how it runs `query`: one row per step, its text in the `detail` column.
    static func queryPlan(of query: String) -> String {
        queryPlanPrefix + query
    }

    /// Whether `sql` asks for a query plan rather than running a statement.
    static func isQueryPlan(_ sql: String) -> Bool {
        sql.hasPrefix(queryPlanPrefix)
    }
}

extension Database {
    /// Runs a statement that returns no rows.
    func execute(_ statement: SQLStatement) throws {
        try execute(sql: statement.sql, arguments: StatementArguments(statement.arguments))
    }
}

extension Int64 {
    /// The integers the statement's first column holds.
    static func fetchAll(_ db: Database, _ statement: SQLStatement) throws -> [Int64] {
        try fetchAll(db, sql: statement.sql, arguments: StatementArguments(statement.arguments))
    }
}
