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
        var reusable: [Int64: T] = [:]
        reusable.reserveCapacity(previous.count)
        for model in previous {
            if let key = model.persistentBackingData.primaryKey, !writtenKeys.contains(key), !model.isDeleted {
                reusable[key] = model
            }
        }
        let unread = keys.filter { reusable[$0] == nil }
        guard unread.count <= max(Self.rowsReadByKeyAtMost, keys.count / 2) else { return nil }
        var read: [Int64: T] = [:]
        let rows = try engine.rows(of: Schema.entityName(of: T.self), primaryKeys: unread)
        for model in try materialize(T.self, rows: consume rows, while: "refreshing a query of \(T.self)") {
            if let key = model.persistentBackingData.primaryKey { read[key] = model }
        }
        let models = keys.compactMap { reusable[$0] ?? read[$0] }
        try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: models, from: engine, owners: .listedKeys)
        return models
    }

    /// Below this many changed rows a refresh reads them by key even when they are most of the result.
    private static var rowsReadByKeyAtMost: Int { 64 }
}
