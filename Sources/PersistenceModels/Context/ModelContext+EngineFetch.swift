import Foundation

/// The context's unsaved work on one model type, as a fetch of that type must see it.
struct PendingWork<T: PersistentModel> {
    /// Models inserted since the last save.
    var inserts: [T] = []
    /// Stored models with unsaved changes, not deleted.
    var changes: [T] = []
    /// Stored rows deleted since the last save: models marked deleted, and rows deleted by predicate.
    var deletedKeys: Set<Int64> = []

    var isEmpty: Bool { inserts.isEmpty && changes.isEmpty && deletedKeys.isEmpty }
    /// How many results the pending work can push out of (or pull into) a limited window of the store's rows.
    var count: Int { inserts.count + changes.count + deletedKeys.count }
    /// The models whose current values decide in memory whether they match.
    var changedAndInserted: [T] { changes + inserts }
    /// The stored rows whose stored values no longer decide whether they match.
    var storedKeysToRevisit: [Int64] { Array(deletedKeys) + changes.compactMap(\.persistentBackingData.primaryKey) }
}

extension ModelContext {
    /// The pending work of the context on models of type `T`.
    func pendingWork<T: PersistentModel>(of type: T.Type) -> PendingWork<T> {
        var work = PendingWork<T>()
        for model in pendingInserts.models {
            if let typed = model as? T { work.inserts.append(typed) }
        }
        for model in pendingChanges.models {
            if let typed = model as? T { work.changes.append(typed) }
        }
        for model in pendingDeletes.models {
            if model is T, let key = model.persistentBackingData.primaryKey { work.deletedKeys.insert(key) }
        }
        // Rows deleted by predicate through any entity of the hierarchy: they share one table's keys.
        let root = ModelTypeCache.rootEntityName(of: T.self)
        for (entity, batch) in pendingBatchDeletes where container.rootEntityName(ofEntity: entity) == root {
            work.deletedKeys.formUnion(batch)
        }
        return work
    }

    /// Fetches from the default store: in SQLite as far as the descriptor translates, merged with the
    /// context's pending work.
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, from engine: any ModelStoreEngine) throws -> [T] {
        let activity = "fetching \(T.self)"
        let pending = descriptor.includePendingChanges ? pendingWork(of: T.self) : PendingWork<T>()
        if pending.isEmpty {
            guard let (rows, owners) = try engine.rows(descriptor, limited: true) else {
                return try fetchInMemory(descriptor, from: engine, pending: pending)
            }
            let models = try materialize(T.self, rows: consume rows, while: activity)
            if !descriptor.relationshipKeyPathsForPrefetching.isEmpty {
                try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: models, from: engine, owners: owners)
            }
            return models
        }
        // The store's answer for the stored values, over a window wide enough that removing every
        // pending change from it still leaves the requested rows; then the pending work is merged in.
        var widened = descriptor
        let offset = max(0, descriptor.fetchOffset ?? 0)
        widened.fetchOffset = nil
        widened.fetchLimit = descriptor.fetchLimit.map { offset + max(0, $0) + pending.count }
        guard let (rows, _) = try engine.rows(widened, limited: true) else {
            return try fetchInMemory(descriptor, from: engine, pending: pending)
        }
        let revisited = Set(pending.storedKeysToRevisit)
        let stored = try materialize(T.self, rows: rows.filter { !revisited.contains($0.primaryKey) }, while: activity)
        let matching = try pending.changedAndInserted.filter { try matches($0, descriptor.predicate) }
        let merged = merging(sorted(matching, by: descriptor.sortBy), into: stored, by: descriptor.sortBy)
        let results = window(of: merged, offset: offset, limit: descriptor.fetchLimit)
        try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: results, from: engine, owners: .listedKeys)
        return results
    }

    /// A fetch whose predicate or order the store cannot run: the store narrows the rows as far as it
    /// can, and the context filters, sorts, skips and limits the models.
    private func fetchInMemory<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>,
        from engine: any ModelStoreEngine,
        pending: PendingWork<T>
    ) throws -> [T] {
        let (rows, isFiltered) = try engine.candidateRows(descriptor)
        let revisited = Set(pending.storedKeysToRevisit)
        var candidates = try materialize(
            T.self, rows: rows.filter { !revisited.contains($0.primaryKey) }, while: "fetching \(T.self)")
        if !isFiltered {
            candidates = try candidates.filter { try matches($0, descriptor.predicate) }
        }
        candidates += try pending.changedAndInserted.filter { try matches($0, descriptor.predicate) }
        let results = window(
            of: sorted(candidates, by: descriptor.sortBy), offset: max(0, descriptor.fetchOffset ?? 0),
            limit: descriptor.fetchLimit)
        try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: results, from: engine, owners: .listedKeys)
        return results
    }

    /// `models` in the descriptors' order, ties in primary key order and models never saved last, as
    /// the store orders its rows.
    func sorted<T: PersistentModel>(_ models: [T], by descriptors: [SortDescriptor<T>]) -> [T] {
        let byKey = models.sorted { lhs, rhs in
            switch (lhs.persistentBackingData.primaryKey, rhs.persistentBackingData.primaryKey) {
            case (let a?, let b?): a < b
            case (_?, nil): true
            default: false
            }
        }
        return descriptors.isEmpty ? byKey : InMemorySorter(descriptors: descriptors).sorted(byKey)
    }

    /// `additions` (in order) placed among `ordered`, which the store returned in the descriptors' order:
    /// each goes where ``sorted(_:by:)`` would put it, found by binary search, so that one pending edit
    /// costs a few comparisons rather than a sort of every result.
    func merging<T: PersistentModel>(_ additions: [T], into ordered: [T], by descriptors: [SortDescriptor<T>]) -> [T] {
        guard !additions.isEmpty else { return ordered }
        let sorter = InMemorySorter(descriptors: descriptors)
        /// Whether `lhs` comes before `rhs`: by the descriptors, then by key, models never saved last.
        func precedes(_ lhs: T, _ rhs: T) -> Bool {
            switch sorter.compare(lhs, rhs) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame:
                switch (lhs.persistentBackingData.primaryKey, rhs.persistentBackingData.primaryKey) {
                case (let a?, let b?): return a < b
                case (_?, nil): return true
                default: return false
                }
            }
        }
        var result = ordered
        result.reserveCapacity(ordered.count + additions.count)
        var lowerBound = 0
        for addition in additions {
            // After every model that does not come after it: equal models keep their order.
            var low = lowerBound
            var high = result.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(addition, result[middle]) { high = middle } else { low = middle + 1 }
            }
            result.insert(addition, at: low)
            lowerBound = low + 1
        }
        return result
    }

    /// The part of `models` an offset and a limit select.
    func window<T>(of models: [T], offset: Int, limit: Int?) -> [T] {
        let rest = models.dropFirst(offset)
        return Array(limit.map { rest.prefix(max(0, $0)) } ?? rest)
    }

    // MARK: - Relationships

    /// The models a relationship of a stored model links to, read from its store.
    func loadRelationship(_ property: Schema.PropertyMetadata, of model: any PersistentModel) -> [any PersistentModel] {
        do {
            let store = try container.store(of: type(of: model), while: "loading \(property.name)")
            guard let destination = property.relationshipShape?.destination else { return [] }
            let destinationName = Schema.entityName(of: destination)
            if let engine = store.engine {
                let registry = registry(ofEntity: destinationName)
                return try engine.relatedRows(of: model, property: property).map {
                    try materializeAny(decoded: $0, entityName: destinationName, registry: registry)
                }
            }
            return try snapshotRelatedModels(property, of: model, in: store)
        } catch {
            FileHandle.standardError.write(Data("[PersistenceModels] \(error)\n".utf8))
            return []
        }
    }

    /// Loads the named relationships of `models` now, with one query per relationship.
    ///
    /// - Parameter owners: How the store selects the owners' links: by listing the keys of `models`, or,
    ///   when `models` are exactly what a query returned, by that query's own condition.
    func prefetch<T: PersistentModel>(
        _ keyPaths: [PartialKeyPath<T>],
        of models: [T],
        from engine: any ModelStoreEngine,
        owners: PrefetchOwners
    ) throws {
        guard !models.isEmpty, !keyPaths.isEmpty else { return }
        for keyPath in keyPaths {
            guard let property = ModelTypeCache.metadata(of: T.self).first(where: { $0.keyPath == keyPath }),
                let shape = property.relationshipShape
            else { continue }
            let slot = ModelValues.Slot(forKey: property.name, in: ModelTypeCache.slotLayout(of: T.self))
            // Gathered as existentials with a plain loop: converting a `[T]` afterwards costs a cast per model.
            var pending: [any PersistentModel] = []
            pending.reserveCapacity(models.count)
            for model in models {
                let backing = model.persistentBackingData
                if backing.primaryKey != nil, !backing.values.hasValue(at: slot) { pending.append(model) }
            }
            guard !pending.isEmpty else { continue }
            // Owners whose relationship is already loaded are left out of a key list; a query's own
            // condition would read their links again, so it is used only when every owner needs them.
            let selection = pending.count == models.count ? owners : .listedKeys
            let related = try engine.prefetchRows(property, of: pending, selecting: selection)
            let linked = try group(
                related, destination: Schema.entityName(of: shape.destination), ownerCount: pending.count)
            let values = shape.makeValues(
                from: linked.models, positions: linked.runs.positions, runs: linked.runs.runs)
            let unlinked = shape.makeValue([])
            for model in pending {
                let backing = model.persistentBackingData
                let run = backing.primaryKey.flatMap { linked.runs.runOfOwner[$0] }
                guard let value = run.map({ values[$0] }) ?? unlinked else { continue }
                backing.setLoadedValue(value, at: slot)
            }
        }
    }

    /// The model of each of `related`'s rows, made once however many owners link to it (a tag on many
    /// notes), and each owner's links as one run of positions in them.
    ///
    /// Each owner's models become its relationship's value straight from the positions: no array of
    /// models is made per owner on the way, which cost an allocation and a retain and release of every
    /// linked model.
    private func group(_ related: RelatedRows, destination: String, ownerCount: Int) throws
        -> (models: [any PersistentModel], runs: LinkRuns)
    {
        let registry = registry(ofEntity: destination)
        let models = try related.rows.map {
            try materializeAny(decoded: $0, entityName: destination, registry: registry)
        }
        return (models, LinkRuns(related.links, ownerCount: ownerCount))
    }
}
