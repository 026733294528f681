import Foundation

extension ModelContext {
    /// The context's objects for rows a store read, in their order: the registered model of a row the
    /// context has seen (brought up to date), else a new model over the row's backing data.
    ///
    /// The rows are taken over: the caller's last use of its array hands it on, so it is not copied here.
    func materialize<T: PersistentModel>(_ type: T.Type, rows: consuming [DecodedRow], while activity: String) throws
        -> [T]
    {
        let entityName = Schema.entityName(of: T.self)
        let registry = registry(ofEntity: ModelTypeCache.rootEntityName(of: T.self))
        // A query returns each row once, so when the context has no model of the entity yet, no row
        // can find one, and the lookups are skipped.
        let hadModels = !registry.isEmpty
        // Each row is handed over rather than copied: reversing moves the rows without retaining their
        // backing data, and `popLast` then gives them out in the query's order.
        rows.reverse()
        return try [T](unsafeUninitializedCapacity: rows.count) { buffer, initializedCount in
            while let row = rows.popLast() {
                let model: T
                if hadModels, let registered = try registeredModel(for: row, registry: registry) {
                    guard let typed = registered as? T else {
                        throw SwiftDataError(
                            .unknownModelType, reason: "the row of \(entityName) is not a \(T.self)", context: activity)
                    }
                    model = typed
                } else if let concrete = row.entityName {
                    // A row of a subclass, read by a fetch of its superclass.
                    guard let typed = try makeModel(ofEntity: concrete, of: row, registry: registry) as? T else {
                        throw SwiftDataError(
                            .unknownModelType, reason: "the row of \(concrete) is not a \(T.self)", context: activity)
                    }
                    model = typed
                } else {
                    // The model type is known here, so the model is made without a cast.
                    model = makeModel(T.self, of: row, registry: registry)
                }
                (buffer.baseAddress! + initializedCount).initialize(to: consume model)
                initializedCount += 1
            }
        }
    }

    /// The context's object for one decoded row of `entityName`.
    func materializeAny(decoded: DecodedRow, entityName: String, registry: EntityRegistry? = nil) throws
        -> any PersistentModel
    {
        let registry = registry ?? self.registry(ofEntity: entityName)
        if let registered = try registeredModel(for: decoded, registry: registry) { return registered }
        return try makeModel(ofEntity: decoded.entityName ?? entityName, of: decoded, registry: registry)
    }

    /// A new model of the entity named `entityName` for a row the context has no model of yet.
    private func makeModel(ofEntity entityName: String, of row: DecodedRow, registry: EntityRegistry) throws
        -> any PersistentModel
    {
        guard let type = container.schema.entity(named: entityName)?.modelType else {
            throw SwiftDataError(
                .unknownModelType, reason: "\(entityName) is not one of the container's models",
                context: "reading a row")
        }
        return makeModel(type, of: row, registry: registry)
    }

    /// A new model of a row the context has no model of yet, over the row's backing data and registered
    /// in `registry`.
    private func makeModel<Model: PersistentModel>(_ type: Model.Type, of row: DecodedRow, registry: EntityRegistry)
        -> Model
    {
        row.backing.context = self
        let model = row.backing.makeModel(Model.self)
        registry.register(model, backing: row.backing, forKey: row.primaryKey)
        return model
    }

    /// The registered model of a row, brought up to date with it; `nil` when the context has none yet.
    private func registeredModel(for row: DecodedRow, registry: EntityRegistry) throws -> (any PersistentModel)? {
        guard let registered = registry.model(forKey: row.primaryKey) else { return nil }
        refresh(registered, from: row.backing)
        return registered
    }

    /// Brings a registered model without unsaved changes up to date with stored values, so that changes
    /// saved by other contexts show; observers hear about the properties whose value changed.
    func refresh(_ model: any PersistentModel, from stored: ModelBackingData) {
        let backing = model.persistentBackingData
        guard backing.changedKeys.isEmpty, !pendingDeletes.contains(model), backing.primaryKey != nil else { return }
        var changedKeys: [String] = []
        for property in ModelTypeCache.metadata(of: type(of: model)) where !property.isRelationship {
            guard let newValue = stored.values[property.name] else { continue }
            if !AttributeEquality.isEqual(backing.values[property.name], newValue) { changedKeys.append(property.name) }
        }
        // Only to-one links kept in a column of the row have keys here; a moved one is a change.
        for property in ModelTypeCache.metadata(of: type(of: model)) where property.isRelationship {
            if backing.foreignKeys[property.name] != stored.foreignKeys[property.name] {
                changedKeys.append(property.name)
            }
        }
        guard !changedKeys.isEmpty else { return }
        for name in changedKeys {
            model._$withObservedMutation(forKey: name) {
                if type(of: model).property(named: name)?.isRelationship == true {
                    // A to-one link moved: forget the loaded model so the next read follows the new key.
                    backing.values[name] = nil
                } else {
                    backing.setLoadedValue(stored.values[name], forKey: name)
                }
            }
        }
        backing.foreignKeys = stored.foreignKeys
    }

    /// The identity map of one entity, made on first use; callers that handle many rows look it up once.
    ///
    /// The entities of a hierarchy share the map of its root entity, as they share its table: a row
    /// read as a `MediaItem` and again as a `Photo` is one model.
    func registry(ofEntity name: String) -> EntityRegistry {
        let root = container.rootEntityName(ofEntity: name)
        if let existing = registeredModels[root] { return existing }
        let created = EntityRegistry()
        registeredModels[root] = created
        return created
    }

    /// The identity map of one entity, if the context has made it.
    func existingRegistry(ofEntity name: String) -> EntityRegistry? {
        registeredModels[container.rootEntityName(ofEntity: name)]
    }

    func register(_ model: any PersistentModel, entityName: String? = nil) {
        guard let key = model.persistentBackingData.primaryKey else { return }
        registry(ofEntity: entityName ?? Schema.entityName(of: type(of: model))).register(model, forKey: key)
    }

    func registeredModel(entity: String, primaryKey: Int64) -> (any PersistentModel)? {
        existingRegistry(ofEntity: entity)?.model(forKey: primaryKey)
    }
}

/// Compares two attribute values the way a change would show: equal values of an `Equatable` type, or
/// both absent; values of other types count as different.
enum AttributeEquality {
    static func isEqual(_ left: Any?, _ right: Any?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let a?, let b?):
            guard let equatable = a as? any Equatable else { return false }
            return equatable.isEqual(to: b)
        }
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
