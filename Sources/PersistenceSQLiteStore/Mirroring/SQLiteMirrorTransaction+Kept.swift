import Foundation
import GRDB
import PersistenceModels

/// What an import keeps for later: relationships waiting for their record, and records the store could
/// not apply. Both tables are empty almost always, so each lookup first asks whether its table holds
/// anything and reads nothing more when it does not.
extension SQLiteMirrorTransaction {
    // MARK: - Pending relationships

    func pendingRelationships(involving names: [String]) throws -> [PendingMirroredRelationship] {
        guard !names.isEmpty, try hasRows(MirrorTables.pendingRelationship) else { return [] }
        var found: [PendingMirroredRelationship.Key: PendingMirroredRelationship] = [:]
        for column in ["recordName", "ownerRecordName", "targetRecordName"] {
            for relationship in try pendingRelationships(where: column, in: names) {
                found[relationship.key] = relationship
            }
        }
        return found.values.sorted { ($0.recordName, $0.field) < ($1.recordName, $1.field) }
    }

    func pendingRelationships(heldBy names: [String]) throws -> [PendingMirroredRelationship] {
        guard !names.isEmpty, try hasRows(MirrorTables.pendingRelationship) else { return [] }
        return try pendingRelationships(where: "recordName", in: names)
    }

    func savePendingRelationships(_ relationships: [PendingMirroredRelationship]) throws {
        guard !relationships.isEmpty else { return }
        try prepareForWriting()
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO \(MirrorTables.pendingRelationship.quotedDatabaseIdentifier) \
                ("recordName", "field", "kind", "relationship", "ownerRecordName", "targetRecordName", "changeTag") \
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
        for relationship in relationships {
            try statement.execute(arguments: [
                relationship.recordName, relationship.field, relationship.kind.rawValue, relationship.relationship,
                relationship.ownerRecordName, relationship.targetRecordName, relationship.changeTag,
            ])
        }
    }

    func removePendingRelationships(_ keys: [PendingMirroredRelationship.Key]) throws {
        guard keptTablesExist, !keys.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: """
                DELETE FROM \(MirrorTables.pendingRelationship.quotedDatabaseIdentifier) \
                WHERE "recordName" = ? AND "field" = ?
                """)
        for key in keys {
            try statement.execute(arguments: [key.recordName, key.field])
        }
    }

    func pendingRelationshipCount() throws -> Int {
        try count(of: MirrorTables.pendingRelationship)
    }

    private func pendingRelationships(where column: String, in names: [String]) throws -> [PendingMirroredRelationship]
    {
        var found: [PendingMirroredRelationship] = []
        for chunk in SQLArgumentLimit.chunks(of: names) {
            let sql = """
                SELECT * FROM \(MirrorTables.pendingRelationship.quotedDatabaseIdentifier) \
                WHERE \(column.quotedDatabaseIdentifier) IN (\(StoreStatements.placeholders(chunk.count)))
                """
            found += try Row.fetchAll(db, sql: sql, arguments: StatementArguments(Array(chunk))).compactMap(
                Self.pendingRelationship)
        }
        return found
    }

    private static func pendingRelationship(_ row: Row) -> PendingMirroredRelationship? {
        guard let kind = PendingMirroredRelationship.Kind(rawValue: row["kind"]) else { return nil }
        return PendingMirroredRelationship(
            recordName: row["recordName"], field: row["field"], kind: kind, relationship: row["relationship"],
            ownerRecordName: row["ownerRecordName"], targetRecordName: row["targetRecordName"],
            changeTag: row["changeTag"]
        )
    }

    // MARK: - Records kept unapplied

    func unappliedRecordSummaries() throws -> [String: UnappliedMirrorRecord.Summary] {
        guard try hasRows(MirrorTables.unapplied) else { return [:] }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT "recordName", "schemaFingerprint", "appliedInPart" \
                FROM \(MirrorTables.unapplied.quotedDatabaseIdentifier)
                """)
        return Dictionary(
            rows.map { row in
                (
                    row["recordName"],
                    UnappliedMirrorRecord.Summary(
                        schemaFingerprint: row["schemaFingerprint"], appliedInPart: row["appliedInPart"])
                )
            }
        ) { first, _ in first }
    }

    func unappliedRecords(named names: [String]?) throws -> [UnappliedMirrorRecord] {
        guard names?.isEmpty != true, try hasRows(MirrorTables.unapplied) else { return [] }
        let select = "SELECT * FROM \(MirrorTables.unapplied.quotedDatabaseIdentifier)"
        guard let names else {
            return try Row.fetchAll(db, sql: "\(select) ORDER BY \"recordName\"").map(Self.unappliedRecord)
        }
        var found: [UnappliedMirrorRecord] = []
        for chunk in SQLArgumentLimit.chunks(of: names) {
            let sql =
                "\(select) WHERE \"recordName\" IN (\(StoreStatements.placeholders(chunk.count))) ORDER BY \"recordName\""
            found += try Row.fetchAll(db, sql: sql, arguments: StatementArguments(Array(chunk))).map(
                Self.unappliedRecord)
        }
        return found
    }

    func saveUnappliedRecords(_ records: [UnappliedMirrorRecord]) throws {
        guard !records.isEmpty else { return }
        try prepareForWriting()
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO \(MirrorTables.unapplied.quotedDatabaseIdentifier) \
                ("recordName", "recordType", "entityName", "reason", "payload", "schemaFingerprint", "appliedInPart") \
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
        for record in records {
            try statement.execute(arguments: [
                record.recordName, record.recordType, record.entityName, record.reason, record.payload,
                record.schemaFingerprint,
                record.appliedInPart,
            ])
        }
    }

    func removeUnappliedRecords(named names: [String], onlyWhole: Bool) throws {
        guard !names.isEmpty, try hasRows(MirrorTables.unapplied) else { return }
        for chunk in SQLArgumentLimit.chunks(of: names) {
            try db.execute(
                sql: """
                    DELETE FROM \(MirrorTables.unapplied.quotedDatabaseIdentifier) \
                    WHERE "recordName" IN (\(StoreStatements.placeholders(chunk.count)))\(onlyWhole ? " AND \"appliedInPart\" = 0" : "")
                    """,
                arguments: StatementArguments(Array(chunk))
            )
        }
    }

    func unappliedRecordCount() throws -> Int {
        guard keptTablesExist else { return 0 }
        return try Int.fetchOne(
            db,
            sql: """
                SELECT COUNT(*) FROM \(MirrorTables.unapplied.quotedDatabaseIdentifier) WHERE "appliedInPart" = 0
                """) ?? 0
    }

    private static func unappliedRecord(_ row: Row) -> UnappliedMirrorRecord {
        UnappliedMirrorRecord(
            recordName: row["recordName"], recordType: row["recordType"], entityName: row["entityName"],
            reason: row["reason"],
            payload: row["payload"], schemaFingerprint: row["schemaFingerprint"], appliedInPart: row["appliedInPart"]
        )
    }

    // MARK: - Support

    /// Whether one of the tables for what an import keeps holds a row.
    private func hasRows(_ table: String) throws -> Bool {
        guard keptTablesExist else { return false }
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier))") ?? false
    }

    private func count(of table: String) throws -> Int {
        guard keptTablesExist else { return 0 }
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
    }
}
