import Foundation
@testable import PersistenceModels
@testable import PersistenceSQLiteStore

extension ModelContainer {
    /// The database of the container's first store, which is a default store: tests read it directly.
    var store: ModelStore {
        guard let engine = stores.first?.engine as? DefaultStore else {
            preconditionFailure("the container's first store is not a default store")
        }
        return engine.database
    }
}
