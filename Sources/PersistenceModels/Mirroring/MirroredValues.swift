import Foundation

/// How a mirror reads a model's values to send them and writes the values it receives: attributes as
/// the portable values a snapshot carries, relationships as models, with observation and inverses
/// kept as an app's own edits keep them.
extension Schema.PropertyMetadata {
    /// An attribute's value as a snapshot carries it: a transformable attribute as its transformer's data.
    ///
    /// - Throws: ``SwiftDataError/unsupportedValue`` for a value a snapshot cannot carry.
    package func portableValue(of value: Any) throws -> SnapshotValue {
        try ModelBackingData.encode(value, of: self)
    }

    /// The attribute's value for a portable value, of the attribute's declared type.
    ///
    /// - Throws: ``SwiftDataError/unsupportedValue`` when the portable value is not of the attribute's type.
    package func attributeValue(fromPortable value: SnapshotValue) throws -> Any {
        try ModelBackingData.decode(value, of: self)
    }

    /// The attribute's type without `Optional`.
    package var unwrappedValueType: Any.Type {
        (valueType as? any OptionalValue.Type)?.wrappedType ?? valueType
    }

    /// Whether the property's declared type is optional.
    package var isDeclaredOptional: Bool {
        valueType is any OptionalValue.Type
    }

    /// The value a model gets for the attribute when none is given: its declaration's default, else
    /// `nil` of an optional type; `nil` when it has neither.
    package var valueWhenAbsent: Any? {
        defaultValue ?? (valueType as? any OptionalValue.Type)?.noneValue
    }
}

extension PersistentModel {
    /// Sets an attribute as an edit of the app would, so that observers and the context hear of it.
    package func setMirroredAttribute(_ value: Any, forKey key: String) {
        _$withObservedMutation(forKey: key) {
            persistentBackingData.store(value, forKey: key, of: self)
        }
    }

    /// Sets the models a relationship holds, updating its inverse on the models that join or leave.
    package func setMirroredRelationship(_ models: [any PersistentModel], forKey key: String) {
        guard let property = Self.property(named: key), let shape = property.relationshipShape,
            let value = shape.makeValue(models)
        else { return }
        let old = persistentBackingData.relatedModels(forKey: key, of: self)
        _$withObservedMutation(forKey: key) {
            persistentBackingData.store(value, forKey: key, of: self)
        }
        RelationshipMaintainer.relationship(property, shape: shape, of: self, changedFrom: old, to: models)
    }

    /// The models a relationship holds now, loaded from the store when needed.
    package func mirroredRelationship(forKey key: String) -> [any PersistentModel] {
        persistentBackingData.relatedModels(forKey: key, of: self)
    }
}

extension ModelContext {
    /// The models of rows of an entity's table (its root entity's), by primary key: those the context
    /// holds, and the others read from the store; rows that do not exist are left out.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read.
    package func mirroredModels(ofRootEntity entity: String, primaryKeys: [Int64]) throws -> [Int64:
        any PersistentModel]
    {
        var found: [Int64: any PersistentModel] = [:]
        var missing: [Int64] = []
        for key in primaryKeys {
            if let model = registeredModel(entity: entity, primaryKey: key) {
                found[key] = model
            } else {
                missing.append(key)
            }
        }
        guard !missing.isEmpty, let engine = container.store(ofEntity: entity)?.engine else { return found }
        let registry = registry(ofEntity: entity)
        for row in try engine.rows(of: entity, primaryKeys: missing) {
            found[row.primaryKey] = try materializeAny(decoded: row, entityName: entity, registry: registry)
        }
        return found
    }

    /// Saves the pending work and, in the same transaction of `store`, runs `bookkeeping` with the
    /// store's mirror tables and the primary key given to each inserted model; with no pending work,
    /// runs the bookkeeping alone.
    ///
    /// - Throws: ``SwiftDataError`` when the save fails, or what `bookkeeping` throws; nothing is kept then.
    package func save(to store: OpenedStore, mirrorBookkeeping bookkeeping: @escaping MirrorBookkeeping) throws {
        guard hasChanges else {
            guard let state = store.engine as? any MirrorStateStore else { return }
            try state.withMirrorTransaction(while: "recording what the mirror did") { try bookkeeping($0, [:]) }
            return
        }
        pendingMirrorBookkeeping = (ObjectIdentifier(store), bookkeeping)
        defer { pendingMirrorBookkeeping = nil }
        try save()
        // The save wrote nothing to `store`, so the bookkeeping has no rows to go with.
        if pendingMirrorBookkeeping != nil, let state = store.engine as? any MirrorStateStore {
            try state.withMirrorTransaction(while: "recording what the mirror did") { try bookkeeping($0, [:]) }
        }
    }
}

/// Work on a store's mirror tables that commits with a save: given the transaction's tables and the
/// primary key of each model the save inserted, by the model's object identity.
package typealias MirrorBookkeeping = (any MirrorStateTransaction, [ObjectIdentifier: Int64]) throws -> Void
