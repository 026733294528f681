import Foundation
import GRDB

extension ModelContext {
    /// The results of a live query: brought up to date from `previous` when only the rows in
    /// `writtenKeys` changed since it was fetched, fetched in full otherwise.
    ///
    /// - Parameters:
    ///   - previous: The query's last results, when they came from a fetch that ran entirely in the store.
    ///   - writtenKeys: The rows of the query's entity written since `previous` was fetched, when they
    ///     are all known.
    /// - Returns: The models, and whether this fetch ran entirely in the store (so that the next one
    ///   may reuse it).
    func fetchForLiveQuery<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>,
        reusing previous: [T]?,
        writtenKeys: Set<Int64>?
    ) throws -> (models: [T], ranInStore: Bool) {
        let entity = try entityLayout(of: T.self, while: "fetching \(T.self)")
        let plan = FetchPlan(descriptor: descriptor, entity: entity, layout: store.layout)
        guard runsInStore(plan, descriptor) else { return (try fetch(descriptor), false) }
        if let previous, let writtenKeys,
           let refreshed = try refetch(plan, descriptor, reusing: previous, writtenKeys: writtenKeys) {
            return (refreshed, true)
        }
        return (try fetch(descriptor), true)
    }

    /// Fetches again after saves, re-reading only the rows that changed.
    ///
    /// The store returns the primary keys of the matching rows in the descriptor's order; the models in
    /// `previous` are reused for rows the saves did not write, and only the rows in `writtenKeys` or
    /// new to the result are read and decoded. The result is the one ``fetch(_:)`` would return, as
    /// long as `plan` runs entirely in the store, `previous` came from such a fetch, and every row
    /// written since is in `writtenKeys`.
    ///
    /// - Returns: The models, or `nil` when so many rows changed that reading them one by one would
    ///   cost more than a full fetch.
    private func refetch<T: PersistentModel>(
        _ plan: FetchPlan<T>,
        _ descriptor: FetchDescriptor<T>,
        reusing previous: [T],
        writtenKeys: Set<Int64>
    ) throws -> [T]? {
        let activity = "refreshing a query of \(T.self)"
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
        let read = try models(T.self, primaryKeys: unread, entity: plan.entity, while: activity)
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
