import Foundation
import GRDB
import GRDBSQLite
import PersistenceModels

extension Statement {
    /// Binds `values` to the statement's parameters in order, replacing the previous bindings.
    ///
    /// Building GRDB's `StatementArguments` from an array costs more than a small query or a one-row
    /// insert itself, so the values are bound one by one.
    ///
    /// - Parameter activity: What the statement is for, named in the error.
    /// - Throws: ``SwiftDataError`` when SQLite refuses a value.
    func bindDirectly(_ values: [DatabaseValue], while activity: String) throws {
        setUncheckedArguments(StatementArguments())
        let sqliteStatement = self.sqliteStatement
        for (offset, value) in values.enumerated() {
            let code = value.bind(to: sqliteStatement, at: CInt(offset + 1))
            guard code == 0 else {
                throw SwiftDataError(.storeOperationFailed, reason: "SQLite result code \(code) for parameter \(offset + 1)", context: activity)
            }
        }
    }

    /// Makes the statement ready for ``execute(binding:_:while:)``: GRDB then takes the parameters bound
    /// straight to SQLite as the statement's arguments.
    func prepareForDirectBinding() {
        setUncheckedArguments(StatementArguments())
    }

    /// Runs the statement once with two integer parameters bound straight to SQLite, such as a link
    /// row's owner and target. Call ``prepareForDirectBinding()`` once first.
    ///
    /// - Parameter activity: What the statement is for, named in the error.
    /// - Throws: ``SwiftDataError`` when SQLite refuses a value, or the error of running the statement.
    func execute(binding first: Int64, _ second: Int64, while activity: @autoclosure () -> String) throws {
        // Binding needs a reset statement; `execute()` resets it again, which keeps the bindings.
        sqlite3_reset(sqliteStatement)
        try bind(first, at: 1, while: activity())
        try bind(second, at: 2, while: activity())
        try execute()
    }

    private func bind(_ value: Int64, at index: CInt, while activity: @autoclosure () -> String) throws {
        let code = sqlite3_bind_int64(sqliteStatement, index, value)
        guard code == SQLITE_OK else {
            throw SwiftDataError(.storeOperationFailed, reason: "SQLite result code \(code) for parameter \(index)", context: activity())
        }
    }
}
