import Foundation
import GRDB
import PersistenceModels

/// The open transaction of a migration, lent to the contexts of one migration step until the step ends.
///
/// Migration steps run inside the write that migrates the store, so their contexts cannot start
/// transactions of their own; they read and write through this connection instead.
// Unchecked Sendable: `database` is only touched on the thread running the migration's write, while that
// write is open.
final class MigrationConnection: @unchecked Sendable {
    private var database: Database?
    private let step: String

    init(database: Database, step: String) {
        self.database = database
        self.step = step
    }

    /// Ends the loan: later reads and writes through a context of the step throw.
    func close() { database = nil }

    /// Runs `work` on the open transaction.
    func read<T>(_ work: (Database) throws -> T) throws -> T {
        try work(try openDatabase())
    }

    /// Runs `work` in a savepoint of the open transaction, so a failed save leaves no partial changes.
    func write<T>(_ work: (Database) throws -> T) throws -> T {
        let database = try openDatabase()
        var result: T?
        try database.inSavepoint {
            result = try work(database)
            return .commit
        }
        guard let result else {
            throw SwiftDataError(
                .storeOperationFailed, reason: "the savepoint ended without a result", context: "writing during \(step)"
            )
        }
        return result
    }

    private func openDatabase() throws -> Database {
        guard let database else {
            throw SwiftDataError(
                .storeOperationFailed, reason: "the migration step has finished", context: "using a context of \(step)")
        }
        return database
    }
}
