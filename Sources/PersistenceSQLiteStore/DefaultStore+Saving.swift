import Foundation
import GRDB
import PersistenceModels

/// The writing side of the default store's engine: a save in one transaction, with its history.
extension DefaultStore {
    package func save(_ changes: StoreChanges) throws -> StoreSaveResult {
        let writer = SaveWriter(layout: database.layout, externalData: database.externalData)
        let history = HistoryRecorder(
            inserts: changes.inserts, changes: changes.changes, deletes: changes.deletes, author: changes.author,
            layout: database.layout
        )
        var deletedRows: [String: [Int64]] = [:]
        let assignedKeys: [ObjectIdentifier: Int64]
        do {
            assignedKeys = try database.write(while: "saving the context") { db in
                try history.noteExistingRows(in: db)
                let keys = try writer.write(
                    inserts: changes.inserts, changes: changes.changes, deletes: changes.deletes, in: db)
                deletedRows = try BatchDelete(layout: database.layout, writer: writer).delete(
                    changes.batchDeletes, in: db)
                try history.record(
                    assignedKeys: keys, rowsDeleted: deletedRows, preservedValues: writer.preservedValues, in: db)
                if let bookkeeping = changes.mirrorBookkeeping {
                    try bookkeeping(try SQLiteMirrorTransaction(db: db, layout: database.layout), keys)
                }
                return keys
            }
        } catch {
            writer.discardWrittenFiles()
            throw error
        }
        writer.removeReplacedFiles()
        return StoreSaveResult(assignedKeys: assignedKeys, deletedRows: deletedRows)
    }

    package func eraseAllData() throws {
        try database.write(while: "deleting all data") { db in
            for table in database.layout.allTableNames {
                try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier)")
            }
            try HistoryStore.deleteAll(in: db)
        }
    }
}
