import Foundation
import GRDB

extension ModelContext {
    /// Whether a fetch with `descriptor` runs entirely in SQLite, without pending changes mixed in memory.
    func fetchRunsInStore<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) -> Bool {
        guard let entity = store.layout.layout(of: T.self) else { return false }
        let plan = FetchPlan(descriptor: descriptor, entity: entity, layout: store.layout)
        return plan.isFullyTranslated && !(descriptor.includePendingChanges && hasPendingWork(for: T.self))
    }

    /// Fetches again after saves, re-reading only the rows that changed.
    ///
    /// The store returns the primary keys of the matching rows in the descriptor's order; the models in
    /// `previous` are reused for rows the saves did not write, and only the rows in `writtenKeys` or
    /// new to the result are read and decoded. The result is the one ``fetch(_:)`` would return, as
    /// long as `previous` came from a fetch that ran entirely in the store and every row written since
    /// is in `writtenKeys`.
    ///
    /// - Returns: The models, or `nil` when a full fetch is needed: part of the fetch runs in memory,
    ///   or so many rows changed that reading them one by one would cost more.
    func refetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, reusing previous: [T], writtenKeys: Set<Int64>) throws -> [T]? {
        let activity = "refreshing a query of \(T.self)"
        let entity = try entityLayout(of: T.self, while: activity)
        let plan = FetchPlan(descriptor: descriptor, entity: entity, layout: store.layout)
        guard plan.isFullyTranslated, !(descriptor.includePendingChanges && hasPendingWork(for: T.self)) else { return nil }
        let keyQuery = plan.primaryKeyQuery(limited: true)
        let keys = try store.readWithOneStatement(while: activity) { db in
            try Int64.fetchAll(db.cachedStatement(sql: keyQuery.sql), arguments: StatementArguments(keyQuery.arguments))
        }
        var reusable: [Int64: T] = [:]
        reusable.reserveCapacity(previous.count)
        for model in previous {
            if let key = model.persistentBackingData.primaryKey, !writtenKeys.contains(key), !model.isDeleted {
                reusable[key] = model
            }
        }
        let unread = keys.filter { reusable[$0] == nil }
        guard unread.count <= max(Self.rowsReadByKeyAtMost, keys.count / 2) else { return nil }
        let read = try models(T.self, primaryKeys: unread, entity: entity, while: activity)
        let models = keys.compactMap { reusable[$0] ?? read[$0] }
        try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: models)
        return models
    }

    /// Below this many changed rows a refresh reads them by key even when they are most of the result.
    private static var rowsReadByKeyAtMost: Int { 64 }

    /// The context's models for rows of `entity`, read by primary key in batches.
    private func models<T: PersistentModel>(
        _ type: T.Type,
        primaryKeys: [Int64],
        entity: StoreLayout.EntityLayout,
        while activity: String
    ) throws -> [Int64: T] {
        var models: [Int64: T] = [:]
        let table = entity.table.quotedDatabaseIdentifier
        let primaryKey = StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier
        var start = 0
        while start < primaryKeys.count {
            let batch = Array(primaryKeys[start..<min(start + 500, primaryKeys.count)])
            start += batch.count
            let placeholders = Array(repeating: "?", count: batch.count).joined(separator: ", ")
            let decoded = try store.decodedRows(
                sql: "SELECT * FROM \(table) WHERE \(primaryKey) IN (\(placeholders))",
                arguments: batch.map(\.databaseValue),
                entity: entity,
                cachesStatement: batch.count == 1,
                while: activity
            )
            for row in decoded.rows {
                models[row.primaryKey] = try materialize(T.self, decoded: row, entity: entity)
            }
        }
        return models
    }
}
