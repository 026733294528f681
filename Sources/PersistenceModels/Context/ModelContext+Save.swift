import Foundation

extension ModelContext {
    /// Writes every pending insert, change and delete to the stores, one transaction per store.
    ///
    /// Delete rules are applied first: `.cascade` deletes linked models, `.nullify` clears the other
    /// side, and `.deny` makes the save throw without changing anything while linked models exist. Rows
    /// deleted by predicate have the rules applied by their store, without being loaded. A container
    /// with several stores saves each in turn; a store that fails leaves the ones saved before it saved.
    ///
    /// - Throws: ``SwiftDataError`` when saving is not allowed, a delete is denied, or a store fails.
    public func save() throws {
        guard hasChanges else {
            pendingChangeDelivery.deliver()
            return
        }
        for store in try storesWithPendingWork() where !store.allowsSave {
            throw SwiftDataError(
                .saveNotAllowed,
                reason: "the configuration of the store \(store.identifier) was created with allowsSave: false",
                context: "saving the context")
        }
        try applyDeleteRules()
        let inserts = pendingInserts.models
        let changes = pendingChanges.models
        let deletes = pendingDeletes.models
        var deletedRows: [String: [Int64]] = [:]
        var assignedKeys: [ObjectIdentifier: Int64] = [:]
        // After the delete rules, which may have added deletes and changes.
        let savedStores = try storesWithPendingWork()
        // Each model's store is found by its type's entity name; models mostly come in runs of one type, so
        // the last type's store is tried first.
        var lastTypeStore: (type: ObjectIdentifier, store: OpenedStore?)?
        func storeKeeping(_ model: any PersistentModel) -> OpenedStore? {
            let type = ObjectIdentifier(Swift.type(of: model))
            if let lastTypeStore, lastTypeStore.type == type { return lastTypeStore.store }
            let store = container.store(ofEntity: Schema.entityName(of: Swift.type(of: model)))
            lastTypeStore = (type, store)
            return store
        }
        for store in savedStores {
            let belongs = { (model: any PersistentModel) in storeKeeping(model) === store }
            let storeInserts = inserts.filter(belongs)
            let storeChanges = changes.filter(belongs)
            let storeDeletes = deletes.filter(belongs)
            if let engine = store.engine {
                let batch = pendingBatchDeletes.filter { container.store(ofEntity: $0.key) === store }
                // Only while the batch is all the context deletes by predicate (one selection's rows).
                let rescan = batch.count == pendingBatchDeletes.count ? pendingBatchRescan : nil
                let bookkeeping = pendingMirrorBookkeeping.flatMap {
                    $0.store == ObjectIdentifier(store) ? $0.work : nil
                }
                if bookkeeping != nil { pendingMirrorBookkeeping = nil }
                let result = try engine.save(
                    StoreChanges(
                        inserts: storeInserts, changes: storeChanges, deletes: storeDeletes, batchDeletes: batch,
                        batchDeleteRescan: rescan, author: author,
                        mirrorBookkeeping: bookkeeping
                    ))
                assignedKeys.merge(result.assignedKeys) { $1 }
                deletedRows.merge(result.deletedRows) { $0 + $1 }
                didSave(
                    storeInserts, storeChanges, assignedKeys: result.assignedKeys, storeIdentifier: store.identifier)
                for entity in batch.keys { pendingBatchDeletes[entity] = nil }
            } else {
                try save(storeInserts, storeChanges, storeDeletes, to: store)
            }
        }
        for model in deletes {
            if let key = model.persistentBackingData.primaryKey {
                existingRegistry(ofEntity: Schema.entityName(of: type(of: model)))?.removeModel(forKey: key)
            }
            model.persistentBackingData.context = nil
        }
        forgetRowsDeletedByTheStore(deletedRows)
        pendingInserts.removeAll()
        pendingChanges.removeAll()
        pendingDeletes.removeAll()
        pendingBatchDeletes.removeAll()
        pendingBatchRescan = nil
        // The save's own notification carries every change it wrote.
        pendingChangeDelivery.discard()
        noteSaved(inserts: inserts, changes: changes, deletes: deletes, deletedRows: deletedRows)
        for store in savedStores {
            store.mirror?.storeDidSave(author: author)
        }
    }

    /// The stores the pending work touches, in the container's order.
    private func storesWithPendingWork() throws -> [OpenedStore] {
        var touched: [ObjectIdentifier: OpenedStore] = [:]
        // A store per model type, looked up once for the thousands of models of a large save.
        // Models mostly come in runs of one type, so a model of the previous one's type is passed over at once.
        var seenTypes: Set<ObjectIdentifier> = []
        var previousType: ObjectIdentifier?
        for pending in [pendingInserts, pendingChanges, pendingDeletes] {
            for model in pending.models {
                let modelType = ObjectIdentifier(type(of: model))
                guard modelType != previousType else { continue }
                previousType = modelType
                guard seenTypes.insert(modelType).inserted else { continue }
                let store = try container.store(of: type(of: model), while: "saving the context")
                touched[ObjectIdentifier(store)] = store
            }
        }
        for entity in pendingBatchDeletes.keys {
            if let store = container.store(ofEntity: entity) { touched[ObjectIdentifier(store)] = store }
        }
        return container.stores.filter { touched[ObjectIdentifier($0)] != nil }
    }

    /// Gives inserted models their keys and makes every saved value the committed one.
    private func didSave(
        _ inserts: [any PersistentModel], _ changes: [any PersistentModel], assignedKeys: [ObjectIdentifier: Int64],
        storeIdentifier: String
    ) {
        // Each inserted model type's identity map is looked up once, not once per model.
        // The previous model's is tried first, as models mostly come in runs of one type.
        var registries: [ObjectIdentifier: EntityRegistry] = [:]
        var previous: (type: ObjectIdentifier, registry: EntityRegistry)?
        for model in inserts {
            guard let key = assignedKeys[ObjectIdentifier(model)] else { continue }
            model.persistentBackingData.commit(primaryKey: key, storeIdentifier: storeIdentifier)
            let type = ObjectIdentifier(Swift.type(of: model))
            let registry: EntityRegistry
            if let previous, previous.type == type {
                registry = previous.registry
            } else if let known = registries[type] {
                registry = known
            } else {
                registry = self.registry(ofEntity: Schema.entityName(of: Swift.type(of: model)))
                registries[type] = registry
            }
            previous = (type, registry)
            registry.register(model, forKey: key)
        }
        for model in changes {
            if let key = model.persistentBackingData.primaryKey {
                model.persistentBackingData.commit(primaryKey: key, storeIdentifier: storeIdentifier)
            }
        }
    }

    /// Marks deleted the models the context holds of rows a store deleted by predicate or by a rule.
    private func forgetRowsDeletedByTheStore(_ deletedRows: [String: [Int64]]) {
        for (entity, keys) in deletedRows {
            guard let registry = existingRegistry(ofEntity: entity), !registry.isEmpty else { continue }
            for key in keys {
                guard let model = registry.model(forKey: key) else { continue }
                model.persistentBackingData.isDeleted = true
                model.persistentBackingData.context = nil
                registry.removeModel(forKey: key)
            }
        }
    }

    /// Tells live queries which rows the save wrote; a large save is reported without its keys.
    private func noteSaved(
        inserts: [any PersistentModel], changes: [any PersistentModel], deletes: [any PersistentModel],
        deletedRows: [String: [Int64]]
    ) {
        let rowCount = inserts.count + changes.count + deletes.count + deletedRows.values.reduce(0) { $0 + $1.count }
        guard rowCount <= ModelChange.listedKeysAtMost else {
            container.changeSignal.noteChange(.storeRewritten)
            return
        }
        // Filed under the root entity: a query of a superclass sees the rows of its subclasses.
        var writtenKeys: [String: Set<Int64>] = [:]
        for (entity, keys) in deletedRows {
            writtenKeys[container.rootEntityName(ofEntity: entity), default: []].formUnion(keys)
        }
        for model in inserts + changes + deletes {
            guard let key = model.persistentBackingData.primaryKey else { continue }
            writtenKeys[ModelTypeCache.rootEntityName(of: type(of: model)), default: []].insert(key)
        }
        container.changeSignal.noteChange(.saved(writtenKeys))
    }

    /// Expands cascades, checks `.deny` rules, then clears the inverse side of nullified relationships.
    private func applyDeleteRules() throws {
        var deleting = pendingDeletes.models
        var deletingIdentities = Set(deleting.map(ObjectIdentifier.init))
        var cascaded: [any PersistentModel] = []
        var index = 0
        func isBeingDeleted(_ model: any PersistentModel) -> Bool {
            deletingIdentities.contains(ObjectIdentifier(model))
        }
        while index < deleting.count {
            let model = deleting[index]
            index += 1
            for property in ModelTypeCache.relationships(of: type(of: model))
            where property.options.deleteRule == .cascade {
                for related in model.persistentBackingData.relatedModels(forKey: property.name, of: model)
                where !isBeingDeleted(related) {
                    deleting.append(related)
                    deletingIdentities.insert(ObjectIdentifier(related))
                    cascaded.append(related)
                }
            }
        }
        for model in deleting {
            for property in ModelTypeCache.relationships(of: type(of: model)) where property.options.deleteRule == .deny
            {
                let blocking = model.persistentBackingData.relatedModels(forKey: property.name, of: model).filter {
                    !isBeingDeleted($0)
                }
                if !blocking.isEmpty {
                    throw CocoaError.deniedDelete(
                        entity: Schema.entityName(of: type(of: model)), relationship: property.name,
                        linkedCount: blocking.count
                    )
                }
            }
        }
        for model in cascaded {
            delete(model)
        }
        // Each surviving model loses all its deleted partners in one change: many deleted notes on one tag
        // rewrite the tag's list once, not once per note.
        var removals: [ObjectIdentifier: PendingUnlink] = [:]
        var order: [ObjectIdentifier] = []
        for model in deleting {
            for property in ModelTypeCache.relationships(of: type(of: model))
            where property.options.deleteRule != .noAction {
                guard let inverse = ModelTypeCache.inverse(of: property, in: type(of: model)),
                    let inverseShape = inverse.relationshipShape
                else { continue }
                for related in model.persistentBackingData.relatedModels(forKey: property.name, of: model)
                where !isBeingDeleted(related) {
                    let key = ObjectIdentifier(related)
                    if removals[key] == nil { order.append(key) }
                    removals[key, default: PendingUnlink(model: related)].add(
                        model, through: inverse, shape: inverseShape)
                }
            }
        }
        for key in order {
            removals[key]?.apply()
        }
    }
}

/// The partners one surviving model loses because they are deleted, by the relationship that held them.
private struct PendingUnlink {
    let model: any PersistentModel
    private var partners:
        [String: (inverse: Schema.PropertyMetadata, shape: RelationshipShape, removed: Set<ObjectIdentifier>)] = [:]

    init(model: any PersistentModel) {
        self.model = model
    }

    mutating func add(
        _ partner: any PersistentModel, through inverse: Schema.PropertyMetadata, shape: RelationshipShape
    ) {
        partners[inverse.name, default: (inverse, shape, [])].removed.insert(ObjectIdentifier(partner))
    }

    /// Takes the deleted partners out of each relationship with one change each.
    func apply() {
        for (name, entry) in partners.sorted(by: { $0.key < $1.key }) {
            let current = model.persistentBackingData.relatedModels(forKey: name, of: model)
            let kept = current.filter { !entry.removed.contains(ObjectIdentifier($0)) }
            guard kept.count != current.count else { continue }
            RelationshipMaintainer.setRelated(kept, on: model, property: entry.inverse, shape: entry.shape)
        }
    }
}
