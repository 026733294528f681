import Foundation
import GRDB
import PersistenceModels

/// The default store keeps its mirror's state in its own file, in the transactions of its saves.
extension DefaultStore: MirrorStateStore {
    package func withMirrorTransaction<T>(while activity: String, _ body: (any MirrorStateTransaction) throws -> T)
        throws -> T
    {
        try database.write(while: activity) { db in
            try body(try SQLiteMirrorTransaction(db: db, layout: database.layout))
        }
    }

    package func readMirrorState<T>(while activity: String, _ body: (any MirrorStateTransaction) throws -> T) throws
        -> T
    {
        try database.read(while: activity) { db in
            try body(try SQLiteMirrorTransaction(db: db, layout: database.layout))
        }
    }
}
