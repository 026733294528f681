import Foundation
import GRDB

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
}
