import GRDB
import GRDBSQLite

extension Statement {
    /// The first column of every row as 64-bit integers, read straight from SQLite: for a query that lists
    /// keys, which may return half a million rows, where GRDB's cursor costs more per row than the scan.
    ///
    /// - Throws: The `DatabaseError` of a step SQLite fails, or of arguments that do not fit the statement.
    func integersInFirstColumn(arguments: StatementArguments) throws -> [Int64] {
        try everyRow(arguments: arguments) { sqlite3_column_int64($0, 0) }
    }

    /// The first two columns of every row as pairs of 64-bit integers, read straight from SQLite: for the
    /// links of a many-to-many relationship, which a prefetch reads by the tens of thousands.
    ///
    /// - Throws: The `DatabaseError` of a step SQLite fails, or of arguments that do not fit the statement.
    func integerPairs(arguments: StatementArguments) throws -> [(Int64, Int64)] {
        try everyRow(arguments: arguments) { (sqlite3_column_int64($0, 0), sqlite3_column_int64($0, 1)) }
    }

    /// What `read` takes from each row the statement steps to with `arguments`, in order; the statement is
    /// reset afterwards.
    private func everyRow<Value>(arguments: StatementArguments, _ read: (SQLiteStatement) -> Value) throws -> [Value] {
        try setArguments(arguments)
        var values: [Value] = []
        try forEachRow { values.append(read(sqliteStatement)) }
        return values
    }

    /// Steps the statement, whose arguments are bound, and calls `row` on each row it steps to, which reads
    /// the row straight from ``sqliteStatement``; the statement is reset afterwards.
    ///
    /// For the rows a fetch decodes: GRDB's cursor retains and releases its row object and checks its own
    /// state on every step, which SQLite's step alone does not need.
    ///
    /// - Throws: The `DatabaseError` of a step SQLite fails, or what `row` throws.
    func forEachRow(_ row: () throws -> Void) throws {
        defer { sqlite3_reset(sqliteStatement) }
        while true {
            switch sqlite3_step(sqliteStatement) {
            case SQLITE_ROW:
                try row()
            case SQLITE_DONE:
                return
            case let code:
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(sqlite3_db_handle(sqliteStatement))), sql: sql)
            }
        }
    }
}
