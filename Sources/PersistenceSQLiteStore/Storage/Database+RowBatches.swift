import Foundation
import GRDB

extension Database {
    /// How many rows one statement of ``insertRows(_:sql:while:binding:)`` writes.
    static let rowsPerInsertStatement = 100

    /// Writes one row per item, a hundred rows to a statement, with the values bound straight to SQLite.
    ///
    /// Running a statement costs about as much as SQLite's work for one small row, so thousands of rows
    /// written one statement each (a large export's queue, the links of a large save) cost twice what
    /// they need.
    ///
    /// - Parameters:
    ///   - sql: The statement for a number of rows, each row's values one tuple of `VALUES`; it must give
    ///     each row the outcome a statement of its own would (a plain insert, an upsert, `OR IGNORE`).
    ///   - activity: What the rows are for, named in an error.
    ///   - bind: Binds one item's parameters, in the order of its tuple.
    func insertRows<Item>(
        _ items: [Item], sql: (_ rowCount: Int) -> String, while activity: @autoclosure () -> String,
        binding bind: (inout DirectBinder, Item) -> Void
    ) throws {
        // The statement for a full hundred rows is found once: writing its SQL and hashing it to find the
        // cached statement cost more than binding the hundred rows.
        var fullStatement: Statement?
        for start in stride(from: 0, to: items.count, by: Self.rowsPerInsertStatement) {
            let chunk = items[start..<min(start + Self.rowsPerInsertStatement, items.count)]
            let statement: Statement
            if chunk.count == Self.rowsPerInsertStatement, let fullStatement {
                statement = fullStatement
            } else {
                statement = try cachedStatement(sql: sql(chunk.count))
                statement.prepareForDirectBinding()
                if chunk.count == Self.rowsPerInsertStatement { fullStatement = statement }
            }
            try statement.execute(while: activity()) { binder in
                for item in chunk { bind(&binder, item) }
            }
        }
    }
}
