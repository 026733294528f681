import Foundation
import GRDBSQLite

/// A failure of the raw SQLite baseline.
struct RawDatabaseError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    let activity: String

    var description: String { "SQLite call failed: \(message) (code \(code)) — while \(activity)" }
}

/// A hand-written SQLite connection: the physical limit the core is measured against.
final class RawDatabase {
    private(set) var handle: OpaquePointer?

    /// Opens the file with the settings the core uses for file stores: WAL, synchronous NORMAL, and
    /// SQLite's multi-thread mode, in which a connection used by one thread at a time takes no lock per
    /// call (the default, serialized mode, would charge the baseline for a mutex on every column read).
    ///
    /// - Parameter mapsFile: Whether to read the first GiB of the file through a memory map, as the core's
    ///   reading connections do (its writer does not): for a workload that only reads.
    init(path: String, mapsFile: Bool = false) throws {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK else {
            throw RawDatabaseError(code: code, message: "cannot open", activity: "opening \(path)")
        }
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
        if mapsFile { try execute("PRAGMA mmap_size = 1073741824") }
    }

    deinit { sqlite3_close_v2(handle) }

    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, while: sql) }
    }

    func prepare(_ sql: String) throws -> RawStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, while: "preparing \(sql)") }
        return RawStatement(statement: statement, database: self)
    }

    /// Runs `work` in one transaction.
    func transaction<T>(_ work: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try work()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    func error(_ code: Int32, while activity: String) -> RawDatabaseError {
        RawDatabaseError(code: code, message: String(cString: sqlite3_errmsg(handle)), activity: activity)
    }
}

/// A prepared statement, reset and reused for every row.
final class RawStatement {
    let statement: OpaquePointer
    private let database: RawDatabase

    init(statement: OpaquePointer, database: RawDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(statement, index, value) }
    func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(statement, index, value) }
    func bind(_ index: Int32, _ value: String) {
        sqlite3_bind_text(statement, index, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }

    /// Steps once; `true` while a row is available.
    func step() throws -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code, while: "stepping \(String(cString: sqlite3_sql(statement)))")
        }
    }

    /// Steps to the end, then resets the statement for the next use.
    func run() throws {
        while try step() {}
        reset()
    }

    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: text)
    }
}
