import Foundation

extension ModelContext {
    /// The models that match a descriptor, in its order.
    ///
    /// The default store runs the predicate, the order, the offset and the limit in SQLite when they
    /// translate, otherwise as much as it can, and the context does the rest in memory with the same
    /// result. Unsaved inserts, changes and deletes of the context are merged into the store's answer
    /// (unless the descriptor's `includePendingChanges` is `false`): the store still runs the query,
    /// with its limit widened by the number of pending changes, and only those are evaluated in memory.
    /// A custom store's snapshots are filtered, sorted, skipped and limited by the context.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        let store = try container.store(of: T.self, while: "fetching \(T.self)")
        if let engine = store.engine {
            return try fetch(descriptor, from: engine)
        }
        return try fetch(descriptor, fromSnapshotsOf: store)
    }

    /// The number of models that match a descriptor.
    ///
    /// With the default store the count runs in SQLite, adjusted by the context's pending changes
    /// without loading any stored model.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        let store = try container.store(of: T.self, while: "counting \(T.self)")
        guard let engine = store.engine else { return try fetch(descriptor).count }
        let pending = descriptor.includePendingChanges ? pendingWork(of: T.self) : PendingWork<T>()
        if pending.isEmpty { return try engine.count(descriptor) ?? fetch(descriptor).count }
        var unlimited = descriptor
        unlimited.fetchOffset = nil
        unlimited.fetchLimit = nil
        // Stored rows whose pending change or delete decides anew whether they count.
        guard let storedMatches = try engine.count(unlimited),
            let revisited = try engine.matchingKeys(unlimited, among: pending.storedKeysToRevisit)
        else { return try fetch(descriptor).count }
        let nowMatching = try pending.changedAndInserted.filter { try matches($0, descriptor.predicate) }.count
        let total = storedMatches - revisited.count + nowMatching
        let afterOffset = max(0, total - max(0, descriptor.fetchOffset ?? 0))
        return descriptor.fetchLimit.map { min(max(0, $0), afterOffset) } ?? afterOffset
    }

    /// The identifiers of the models that match a descriptor, in its order.
    ///
    /// With the default store and no pending change of the type, only the keys are read.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier]
    {
        let store = try container.store(of: T.self, while: "fetching identifiers of \(T.self)")
        if let engine = store.engine, !descriptor.includePendingChanges || pendingWork(of: T.self).isEmpty,
            let keys = try engine.primaryKeys(descriptor)
        {
            let entityName = Schema.entityName(of: T.self)
            return keys.map {
                PersistentIdentifier(storeIdentifier: store.identifier, entityName: entityName, key: .permanent($0))
            }
        }
        return try fetch(descriptor).map(\.persistentModelID)
    }

    /// Calls `block` with each model that matches a descriptor, reading the store in batches.
    ///
    /// - Parameters:
    ///   - descriptor: Which models, in which order.
    ///   - batchSize: How many models to read at a time.
    ///   - allowEscapingMutations: Accepted for source compatibility.
    ///   - block: Called once per model.
    /// - Throws: What `block` throws, or ``SwiftDataError`` when the store cannot be read.
    public func enumerate<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>,
        batchSize: Int = 5000,
        allowEscapingMutations: Bool = false,
        block: (T) throws -> Void
    ) throws {
        var batch = descriptor
        var offset = descriptor.fetchOffset ?? 0
        var remaining = descriptor.fetchLimit ?? Int.max
        let size = max(1, batchSize)
        while remaining > 0 {
            batch.fetchOffset = offset
            batch.fetchLimit = min(size, remaining)
            let models = try fetch(batch)
            for model in models { try block(model) }
            if models.count < min(size, remaining) { return }
            offset += models.count
            remaining -= models.count
        }
    }

    /// Deletes every model of a type that matches `predicate` (all of them when it is `nil`); the next
    /// save removes them and applies their relationships' delete rules.
    ///
    /// With the default store and a predicate it translates, the rows that match now are the ones the next
    /// save deletes, and the delete rules run there as SQL: no stored model is loaded, however many match.
    /// When nothing was written to the store in between, the save deletes them as a scan with the
    /// predicate's condition finds them; otherwise by their keys, so a row saved meanwhile stays. Models of
    /// those rows the context already holds are deleted like ``delete(_:)`` does.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    public func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) throws {
        let store = try container.store(of: T.self, while: "deleting \(T.self)")
        var deletedAny = false
        // With `includeSubclasses` false, a model of a subclass of `T` is left alone.
        let isIncluded = { (model: T) in includeSubclasses || type(of: model) == T.self }
        if let engine = store.engine,
            let selection = try engine.batchDeleteSelection(
                of: T.self, matching: predicate, includingSubclasses: includeSubclasses)
        {
            let keys = selection.keys
            let entityName = Schema.entityName(of: T.self)
            var unloaded: [Int64] = []
            if existingRegistry(ofEntity: entityName)?.isEmpty ?? true {
                // No model of the type is loaded: every key is an unloaded row, with no copy of the list.
                unloaded = keys
            } else {
                for key in keys {
                    if let registered = registeredModel(entity: entityName, primaryKey: key) {
                        if markDeleted(registered) { deletedAny = true }
                    } else {
                        unloaded.append(key)
                    }
                }
            }
            if !unloaded.isEmpty {
                // The store may delete the rows as it scans only while they are one selection's, every one unloaded.
                pendingBatchRescan =
                    pendingBatchDeletes.isEmpty && unloaded.count == keys.count ? selection.rescan : nil
                pendingBatchDeletes[entityName] = SortedKeys.union(
                    pendingBatchDeletes[entityName] ?? [], SortedKeys.normalized(unloaded))
                deletedAny = true
            }
            // Models inserted since the last save are not in the store; the predicate decides for them.
            for inserted in pendingInserts.models.compactMap({ $0 as? T })
            where try isIncluded(inserted) && matches(inserted, predicate) {
                if markDeleted(inserted) { deletedAny = true }
            }
        } else {
            for match in try fetch(FetchDescriptor<T>(predicate: predicate))
            where isIncluded(match) && markDeleted(match) {
                deletedAny = true
            }
        }
        // Observers hear of the whole batch once rather than once per model.
        if deletedAny { didMarkDeletions() }
    }

    /// The model with an identifier, from this context or loaded from its store.
    ///
    /// A model whose row no longer exists comes back marked deleted; reading its properties then fails.
    public func model(for persistentModelID: PersistentIdentifier) -> any PersistentModel {
        if let found = existingModel(for: persistentModelID) { return found }
        let backing = ModelBackingData()
        backing.isDeleted = true
        guard let type = container.schema.entity(named: persistentModelID.entityName)?.modelType else {
            preconditionFailure("\(persistentModelID) names an entity that is not in the container's schema")
        }
        return type.init(backingData: backing)
    }

    /// The model with an identifier if this context already holds it, typed as `T`.
    public func registeredModel<T: PersistentModel>(for persistentModelID: PersistentIdentifier) -> T? {
        if let key = registryKey(of: persistentModelID) {
            return registeredModel(entity: persistentModelID.entityName, primaryKey: key) as? T
        }
        return pendingInserts.models.first { $0.persistentModelID == persistentModelID } as? T
    }

    private func existingModel(for id: PersistentIdentifier) -> (any PersistentModel)? {
        guard !id.isTemporary else {
            return pendingInserts.models.first { $0.persistentModelID == id }
        }
        if let key = registryKey(of: id), let registered = registeredModel(entity: id.entityName, primaryKey: key) {
            return registered
        }
        guard let store = container.store(ofEntity: id.entityName),
            id.storeIdentifier == nil || id.storeIdentifier == store.identifier
        else {
            return nil
        }
        if let engine = store.engine, let key = id.primaryKey {
            return try? engine.rows(of: id.entityName, primaryKeys: [key]).first.map {
                try materializeAny(decoded: $0, entityName: id.entityName)
            }
        }
        return try? snapshotModel(for: id, in: store)
    }

    /// Whether `model` meets `predicate` (every model meets no predicate), evaluated in memory.
    func matches<T>(_ model: T, _ predicate: Predicate<T>?) throws -> Bool {
        guard let predicate else { return true }
        do {
            return try predicate.evaluate(model)
        } catch {
            throw SwiftDataError(
                .unsupportedPredicate, reason: "\(error)", context: "evaluating a predicate of \(T.self) in memory")
        }
    }
}
