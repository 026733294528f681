import Foundation
import GRDB
@testable import PersistenceModels
@testable import PersistenceSQLiteStore

extension ModelStoreFixture {
    /// The store file of a fixture made with `init(fileNamed:types:)`.
    var storeURL: URL { URL(fileURLWithPath: container.store.identifier) }

    /// The column names of `table` in the store file, read with a connection of its own.
    func columns(of table: String) throws -> [String] {
        try DatabaseQueue(path: storeURL.path).read { try $0.columns(in: table).map(\.name) }
    }

    /// The rows `sql` selects from the store file, read with a connection of its own.
    func rows(_ sql: String) throws -> [Row] {
        try DatabaseQueue(path: storeURL.path).read { try Row.fetchAll($0, sql: sql) }
    }
}
