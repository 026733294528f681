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
    func bindDirectly(_ values: [DatabaseValue], while activity: @autoclosure () -> String) throws {
        setUncheckedArguments(StatementArguments())
        try bindInOrder(values, while: activity)
    }

    /// Binds `values` to the parameters of a statement made ready with ``prepareForDirectBinding()``, in
    /// order, after resetting it from its last run: for a statement of its own run once per row, which
    /// then skips replacing GRDB's arguments every time.
    ///
    /// - Parameter activity: What the statement is for, named in the error.
    /// - Throws: ``SwiftDataError`` when SQLite refuses a value.
    func rebindDirectly(_ values: [DatabaseValue], while activity: @autoclosure () -> String) throws {
        sqlite3_reset(sqliteStatement)
        try bindInOrder(values, while: activity)
    }

    private func bindInOrder(_ values: [DatabaseValue], while activity: () -> String) throws {
        let sqliteStatement = self.sqliteStatement
        for (offset, value) in values.enumerated() {
            let index = CInt(offset + 1)
            let code: CInt
            if case .string(let text) = value.storage {
                code = text.bindWithoutCopy(to: sqliteStatement, at: index)
            } else {
                code = value.bind(to: sqliteStatement, at: index)
            }
            guard code == SQLITE_OK else {
                throw SwiftDataError(
                    .storeOperationFailed, reason: "SQLite result code \(code) for parameter \(offset + 1)",
                    context: activity())
            }
        }
    }

    /// Makes the statement ready for ``execute(while:binding:)``: GRDB then takes the parameters bound
    /// straight to SQLite as the statement's arguments.
    func prepareForDirectBinding() {
        setUncheckedArguments(StatementArguments())
    }

    /// Runs the statement once with the parameters `bind` binds straight to SQLite, in order: for a
    /// statement run once per row of a large write, where building GRDB's arguments for each row costs
    /// more than SQLite's own work. Call ``prepareForDirectBinding()`` once first.
    ///
    /// - Parameter activity: What the statement is for, named in the error.
    /// - Throws: ``SwiftDataError`` when SQLite refuses a value, or the error of running the statement.
    func execute(while activity: @autoclosure () -> String, binding bind: (inout DirectBinder) -> Void) throws {
        sqlite3_reset(sqliteStatement)
        var binder = DirectBinder(statement: sqliteStatement)
        bind(&binder)
        if let (code, index) = binder.failure {
            throw SwiftDataError(
                .storeOperationFailed, reason: "SQLite result code \(code) for parameter \(index)", context: activity())
        }
        try execute()
    }
}

/// Binds a statement's parameters one after the other, keeping the first failure.
struct DirectBinder {
    fileprivate let statement: SQLiteStatement
    private var index: CInt = 1
    /// SQLite's result code and the parameter it refused, if any was.
    fileprivate private(set) var failure: (code: CInt, index: CInt)?

    fileprivate init(statement: SQLiteStatement) {
        self.statement = statement
    }

    /// Binds the next parameter to a string.
    mutating func bind(_ value: String) {
        record(value.bindWithoutCopy(to: statement, at: index))
    }

    /// Binds the next parameter to a string, or to NULL.
    mutating func bind(_ value: String?) {
        if let value { bind(value) } else { record(sqlite3_bind_null(statement, index)) }
    }

    /// Binds the next parameter to an integer.
    mutating func bind(_ value: Int64) {
        record(sqlite3_bind_int64(statement, index, value))
    }

    private mutating func record(_ code: CInt) {
        if code != SQLITE_OK, failure == nil { failure = (code, index) }
        index += 1
    }
}

extension String {
    /// Binds the string to parameter `index` as GRDB does (SQLite copies the text, up to its first NUL),
    /// from the string's own UTF-8 storage: GRDB converts it to a new C string array first, an allocation
    /// and a copy for every text value of a large insert.
    func bindWithoutCopy(to statement: SQLiteStatement, at index: CInt) -> CInt {
        withCString { sqlite3_bind_text(statement, index, $0, -1, sqliteTransient) }
    }
}

/// SQLite's `SQLITE_TRANSIENT`, which Swift does not import: SQLite copies the value before the call returns.
private let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
