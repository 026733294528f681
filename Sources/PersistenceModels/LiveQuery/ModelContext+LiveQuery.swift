import Foundation

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
        let store = try container.store(of: T.self, while: "fetching \(T.self)")
        guard let engine = store.engine, engine.runsEntirely(descriptor),
            !descriptor.includePendingChanges || pendingWork(of: T.self).isEmpty
        else { return (try fetch(descriptor), false) }
        if let previous, let writtenKeys,
            let refreshed = try refetch(descriptor, from: engine, reusing: previous, writtenKeys: writtenKeys)
        {
            return (refreshed, true)
        }
        return (try fetch(descriptor), true)
    }

    /// Fetches again after saves, re-reading only the rows that changed.
    ///
    /// The store returns the primary keys of the matching rows in the descriptor's order; the models in
    /// `previous` are reused for rows the saves did not write, and only the rows in `writtenKeys` or
    /// new to the result are read and decoded. The result is the one ``fetch(_:)`` would return, as
    /// long as the descriptor runs entirely in the store, `previous` came from such a fetch, and every
    /// row written since is in `writtenKeys`.
    ///
    /// - Returns: The models, or `nil` when so many rows changed that reading them one by one would
    ///   cost more than a full fetch.
    private func refetch<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>,
        from engine: any ModelStoreEngine,
        reusing previous: [T],
        writtenKeys: Set<Int64>
    ) throws -> [T]? {
        guard let keys = try engine.primaryKeys(descriptor) else { return nil }
        // The rows are matched up by key in dictionaries of positions, not of models: with a value of the
        // generic model type, every lookup and insert went through the type's metadata, which cost more
        // than the store's query for a result of thousands of rows.
        var reusable: [Int64: Int] = [:]
        reusable.reserveCapacity(previous.count)
        for position in previous.indices {
            let model = previous[position]
            if let key = model.persistentBackingData.primaryKey, !writtenKeys.contains(key), !model.isDeleted {
                reusable[key] = position
            }
        }
        let unread = keys.filter { reusable[$0] == nil }
        guard unread.count <= max(Self.rowsReadByKeyAtMost, keys.count / 2) else { return nil }
        let rows = try engine.rows(of: Schema.entityName(of: T.self), primaryKeys: unread)
        var read: [Int64: Int] = [:]
        read.reserveCapacity(rows.count)
        for (position, row) in rows.enumerated() { read[row.primaryKey] = position }
        let readModels = try materialize(T.self, rows: consume rows, while: "refreshing a query of \(T.self)")
        var models: [T] = []
        models.reserveCapacity(keys.count)
        for key in keys {
            // A key the store no longer has a row for (deleted since it listed them) is left out.
            if let position = reusable[key] {
                models.append(previous[position])
            } else if let position = read[key] {
                models.append(readModels[position])
            }
        }
        try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: models, from: engine, owners: .listedKeys)
        return models
    }

    /// Below this many changed rows a refresh reads them by key even when they are most of the result.
    private static var rowsReadByKeyAtMost: Int { 64 }
}
