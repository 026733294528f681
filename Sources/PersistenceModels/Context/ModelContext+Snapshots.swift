import Foundation

/// How a context works with a custom ``DataStore``: models become snapshots to save, snapshots become
/// models to fetch, and the context filters, sorts, skips and limits what the store returns.
extension ModelContext {
    /// Fetches from a custom store and applies the whole descriptor in memory, merged with pending work.
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, fromSnapshotsOf store: OpenedStore) throws -> [T] {
        guard let snapshots = store.snapshots else { return [] }
        let fetched = try snapshots.fetch(descriptor, editingState: editingState)
        var models = try fetched.map { try materialize(T.self, snapshot: $0, in: store) }
        if descriptor.includePendingChanges {
            let pending = pendingWork(of: T.self)
            models.removeAll { model in
                model.persistentBackingData.isDeleted || pending.changes.contains { $0 === model }
            }
            models += pending.changedAndInserted
        }
        let matching = try models.filter { try matches($0, descriptor.predicate) }
        return window(
            of: sorted(matching, by: descriptor.sortBy), offset: max(0, descriptor.fetchOffset ?? 0),
            limit: descriptor.fetchLimit)
    }

    /// The context's model for a snapshot: the registered one (brought up to date when it has no
    /// unsaved change), else a new model over the snapshot's values.
    private func materialize<T: PersistentModel>(_ type: T.Type, snapshot: DefaultSnapshot, in store: OpenedStore)
        throws -> T
    {
        guard let model = try materializeAny(snapshot: snapshot, in: store) as? T else {
            throw SwiftDataError(
                .unknownModelType, reason: "the snapshot \(snapshot.persistentIdentifier) is not a \(T.self)",
                context: "fetching \(T.self)")
        }
        return model
    }

    private func materializeAny(snapshot: DefaultSnapshot, in store: OpenedStore) throws -> any PersistentModel {
        let identifier = snapshot.persistentIdentifier
        guard let modelType = container.schema.entity(named: identifier.entityName)?.modelType else {
            throw SwiftDataError(
                .unknownModelType,
                reason: "the store returned a snapshot of \(identifier.entityName), which the container does not have",
                context: "reading a snapshot")
        }
        let key = registryKey(of: identifier, creating: true)!
        let backing = try ModelBackingData(
            snapshot: snapshot, of: modelType, primaryKey: key, storeIdentifier: store.identifier)
        let registry = registry(ofEntity: identifier.entityName)
        if let registered = registry.model(forKey: key) {
            refresh(registered, from: backing)
            if registered.persistentBackingData.changedKeys.isEmpty {
                registered.persistentBackingData.snapshotLinks = backing.snapshotLinks
            }
            return registered
        }
        backing.context = self
        let model = backing.makeModel(modelType)
        registry.register(model, backing: backing, forKey: key)
        return model
    }

    /// The model with `identifier` in a custom store: registered, or found among the snapshots of its type.
    func snapshotModel(for identifier: PersistentIdentifier, in store: OpenedStore) throws -> (any PersistentModel)? {
        if let key = registryKey(of: identifier),
            let registered = registeredModel(entity: identifier.entityName, primaryKey: key)
        {
            return registered
        }
        guard let modelType = container.schema.entity(named: identifier.entityName)?.modelType else { return nil }
        return try allModels(of: modelType, in: store).first { $0.persistentModelID == identifier }
    }

    private func allModels<T: PersistentModel>(of type: T.Type, in store: OpenedStore) throws -> [any PersistentModel] {
        guard let snapshots = store.snapshots else { return [] }
        return try snapshots.fetch(FetchDescriptor<T>(), editingState: editingState).map {
            try materializeAny(snapshot: $0, in: store)
        }
    }

    /// The models a relationship of a model from a custom store links to, by the identifiers its
    /// snapshot held.
    func snapshotRelatedModels(
        _ property: Schema.PropertyMetadata, of model: any PersistentModel, in store: OpenedStore
    ) throws -> [any PersistentModel] {
        let identifiers = model.persistentBackingData.snapshotLinks?[property.name] ?? []
        return try identifiers.compactMap { try snapshotModel(for: $0, in: store) }
    }

    /// The number the identity map files a model of `identifier` under: the default store's primary
    /// key, or a number the context gives each key a custom store chose. `nil` for a temporary
    /// identifier, or a custom key not seen yet unless `creating`.
    func registryKey(of identifier: PersistentIdentifier, creating: Bool = false) -> Int64? {
        if let key = identifier.primaryKey { return key }
        guard let custom = identifier.customKey ?? identifier.keptTemporaryKey else { return nil }
        if let known = customKeyNumbers[identifier.entityName]?[custom] { return known }
        guard creating else { return nil }
        nextCustomKeyNumber += 1
        customKeyNumbers[identifier.entityName, default: [:]][custom] = nextCustomKeyNumber
        return nextCustomKeyNumber
    }

    // MARK: - Saving

    /// Hands the pending work on a custom store's models to it as snapshots, and gives inserted models
    /// the permanent identifiers it returns.
    func save(
        _ inserts: [any PersistentModel], _ changes: [any PersistentModel], _ deletes: [any PersistentModel],
        to store: OpenedStore
    ) throws {
        guard let snapshots = store.snapshots else { return }
        var related: [PersistentIdentifier: any BackingData] = [:]
        func snapshot(_ model: any PersistentModel) throws -> DefaultSnapshot {
            try model.persistentBackingData.snapshot(of: model, committed: false, relatedBackingDatas: &related)
        }
        let request = DataStoreSaveChangesRequest(
            editingState: editingState,
            inserted: try inserts.map(snapshot),
            updated: try changes.map(snapshot),
            deleted: try deletes.map {
                try $0.persistentBackingData.snapshot(of: $0, committed: true, relatedBackingDatas: &related)
            }
        )
        let remapped: [PersistentIdentifier: PersistentIdentifier]
        do {
            remapped = try snapshots.save(request)
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw SwiftDataError(
                .storeOperationFailed, reason: "\(error)", context: "saving to the store \(store.identifier)")
        }
        for model in inserts {
            let temporary = model.persistentModelID
            // A store that does not remap keeps the model under its temporary identifier, which then
            // serves as its key.
            let permanent = remapped[temporary] ?? temporary
            let backing = model.persistentBackingData
            backing.customKey = permanent.customKey ?? permanent.keptTemporaryKey
            guard let key = registryKey(of: permanent, creating: true) else { continue }
            backing.commit(primaryKey: key, storeIdentifier: store.identifier)
            registry(ofEntity: permanent.entityName).register(model, forKey: key)
        }
        for model in changes {
            if let key = model.persistentBackingData.primaryKey {
                model.persistentBackingData.commit(primaryKey: key, storeIdentifier: store.identifier)
            }
        }
        // Related identifiers the models held while their targets were new become permanent ones.
        for model in inserts + changes {
            model.persistentBackingData.snapshotLinks = model.persistentBackingData.snapshotLinks?.mapValues {
                $0.map { remapped[$0] ?? $0 }
            }
        }
    }
}
