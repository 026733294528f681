import Foundation
import GRDB
import PersistenceModels

/// A delete by predicate that deletes its rows as one scan of their table finds them, rather than seeking
/// each of the keys the predicate selected when `delete(model:where:)` was called.
///
/// The keys are read when the delete is asked for; the save deletes them. Deleting them by key costs a
/// temporary index of the keys and a seek per key; `DELETE … WHERE` with the predicate's condition deletes
/// the same rows as it scans, but only while the table holds what it held when the keys were read. So the
/// scan is used only when that is proved:
/// - the writer connection's state (``WriterState``) is as it was before the keys were read: no connection
///   committed since, and this one changed no row;
/// - the save writes nothing else before it (no insert, change or delete of a model, one entity's rows);
/// - the entity has its table to itself and no relationship whose rules write before its rows go;
/// - and the scan deletes as many rows as there are keys, or the save starts again and deletes by key.
struct BatchDeleteRescan {
    /// The entity whose rows the selection holds.
    let entityName: String
    /// `DELETE FROM "table" WHERE …`, the selection's condition.
    let statement: SQLStatement
    /// The writer's state read before the keys were.
    let state: WriterState

    /// What changes when anything is written to the store: read on the writer connection, it moves when
    /// another connection commits (`PRAGMA data_version`), when this one changes a row
    /// (`sqlite3_total_changes`) or when the schema changes (`PRAGMA schema_version`).
    struct WriterState: Equatable {
        let dataVersion: Int64
        let totalChanges: Int
        let schemaVersion: Int64

        static func current(in db: Database) throws -> WriterState {
            WriterState(
                dataVersion: try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0,
                totalChanges: db.totalChangesCount,
                schemaVersion: try Int64.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
            )
        }
    }

    /// Whether `entity`'s rows can be deleted by a scan: its table is its own, and it has no relationship,
    /// whose delete rules would write to the store before the rows go.
    static func applies(to entity: StoreLayout.EntityLayout) -> Bool {
        (entity.entityNames?.count ?? 1) <= 1 && entity.relationshipProperties.isEmpty
    }

    /// The rescan `changes` carries when the save may use it: nothing but one entity's batch delete, and the
    /// writer as it was before the keys were read. Call it first in the save's transaction.
    static func usable(for changes: StoreChanges, in db: Database) throws -> BatchDeleteRescan? {
        guard let rescan = changes.batchDeleteRescan?.value as? BatchDeleteRescan,
            changes.inserts.isEmpty, changes.changes.isEmpty, changes.deletes.isEmpty,
            changes.batchDeletes.count == 1, changes.batchDeletes[rescan.entityName] != nil,
            try WriterState.current(in: db) == rescan.state
        else { return nil }
        return rescan
    }

    /// Deletes the rows with the scan.
    ///
    /// - Throws: ``Mismatch`` when the scan deletes other than `expectedCount` rows; the save's transaction
    ///   then rolls back, and the save runs again deleting by key. (A savepoint around the scan would undo
    ///   only the scan, but SQLite copies every page the scan changes into its journal, which cost more than
    ///   the scan saved.)
    func delete(expectingCount expectedCount: Int, in db: Database) throws {
        try db.execute(sql: statement.sql, arguments: StatementArguments(statement.arguments))
        guard db.changesCount == expectedCount else {
            throw Mismatch(entityName: entityName, expected: expectedCount, deleted: db.changesCount)
        }
    }

    /// The scan deleted other rows than were selected: the store changed in a way ``WriterState`` missed.
    struct Mismatch: Error {
        let entityName: String
        let expected: Int
        let deleted: Int
    }
}
