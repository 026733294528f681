import Foundation
import GRDB
import PersistenceModels

/// The writing side of the default store's engine: a save in one transaction, with its history.
extension DefaultStore {
    package func save(_ changes: StoreChanges) throws -> StoreSaveResult {
        do {
            return try save(changes, rescanning: true)
        } catch is BatchDeleteRescan.Mismatch {
            // Rolled back: the batch delete's scan found other rows than its keys; delete them by key instead.
            return try save(changes, rescanning: false)
        }
    }

    /// Writes `changes` in one transaction; with `rescanning`, a batch delete may delete its rows as it scans
    /// them (``BatchDeleteRescan``).
    private func save(_ changes: StoreChanges, rescanning: Bool) throws -> StoreSaveResult {
        let writer = SaveWriter(layout: database.layout, externalData: database.externalData)
        let history = HistoryRecorder(
            inserts: changes.inserts, changes: changes.changes, deletes: changes.deletes, author: changes.author,
            layout: database.layout
        )
        var deletedRows: [String: [Int64]] = [:]
        let assignedKeys: [ObjectIdentifier: Int64]
        do {
            assignedKeys = try database.write(while: "saving the context") { db in
                let rescan = rescanning ? try BatchDeleteRescan.usable(for: changes, in: db) : nil
                try history.noteExistingRows(in: db)
                let keys = try writer.write(
                    inserts: changes.inserts, changes: changes.changes, deletes: changes.deletes, in: db)
                deletedRows = try BatchDelete(layout: database.layout, writer: writer, rescan: rescan).delete(
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
