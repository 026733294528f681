import Foundation

/// Keeps both sides of a relationship in step when one side changes.
enum RelationshipMaintainer {
    /// Updates the inverse side after `property` of `model` changed from `oldModels` to `newModels`,
    /// and brings newly linked models into the model's context.
    static func relationship(
        _ property: Schema.PropertyMetadata,
        shape: RelationshipShape,
        of model: any PersistentModel,
        changedFrom oldModels: [any PersistentModel],
        to newModels: [any PersistentModel]
    ) {
        // A relationship set for the first time, the usual case, adds all its models and removes none.
        let added = oldModels.isEmpty ? newModels : newModels.filter { new in !oldModels.contains { $0 === new } }
        if let context = model.persistentBackingData.context {
            for other in added where other.persistentBackingData.context == nil { context.insert(other) }
        } else if let context = added.lazy.compactMap({ $0.persistentBackingData.context }).first {
            context.insert(model)
        }
        guard let inverse = ModelTypeCache.inverse(of: property, in: type(of: model)),
            let inverseShape = inverse.relationshipShape
        else { return }
        let removed = newModels.isEmpty ? oldModels : oldModels.filter { old in !newModels.contains { $0 === old } }
        for other in removed {
            unlink(other, through: inverse, inverseShape: inverseShape, from: model)
        }
        for other in added {
            link(other, through: inverse, inverseShape: inverseShape, to: model, property: property)
        }
    }

    /// Removes `model` from `other`'s side of the relationship.
    static func unlink(
        _ other: any PersistentModel,
        through inverse: Schema.PropertyMetadata,
        inverseShape: RelationshipShape,
        from model: any PersistentModel
    ) {
        let current = other.persistentBackingData.relatedModels(forKey: inverse.name, of: other)
        guard current.contains(where: { $0 === model }) else { return }
        setRelated(current.filter { $0 !== model }, on: other, property: inverse, shape: inverseShape)
    }

    /// Adds `model` to `other`'s side of the relationship; a to-one inverse first leaves its previous owner.
    static func link(
        _ other: any PersistentModel,
        through inverse: Schema.PropertyMetadata,
        inverseShape: RelationshipShape,
        to model: any PersistentModel,
        property: Schema.PropertyMetadata
    ) {
        let current = other.persistentBackingData.relatedModels(forKey: inverse.name, of: other)
        if current.contains(where: { $0 === model }) { return }
        if inverseShape.isToMany {
            setRelated(current + [model], on: other, property: inverse, shape: inverseShape)
            return
        }
        if let previousOwner = current.first, let propertyShape = property.relationshipShape {
            let previousModels = previousOwner.persistentBackingData.relatedModels(
                forKey: property.name, of: previousOwner)
            setRelated(
                previousModels.filter { $0 !== other }, on: previousOwner, property: property, shape: propertyShape)
        }
        setRelated([model], on: other, property: inverse, shape: inverseShape)
    }

    /// Sets a relationship's models directly, with observation, but without touching its inverse.
    static func setRelated(
        _ models: [any PersistentModel],
        on model: any PersistentModel,
        property: Schema.PropertyMetadata,
        shape: RelationshipShape
    ) {
        guard let value = shape.makeValue(models) else { return }
        model._$withObservedMutation(forKey: property.name) {
            model.persistentBackingData.store(value, forKey: property.name, of: model)
        }
    }

    /// Links the inverse side for every relationship value a new model was given in its initializer.
    static func linkInitialRelationships(of model: any PersistentModel) {
        // The inverse first: a relationship without one has nothing to link, and reading its models costs a
        // dynamic cast.
        for property in ModelTypeCache.relationships(of: type(of: model)) {
            guard let inverse = ModelTypeCache.inverse(of: property, in: type(of: model)),
                let inverseShape = inverse.relationshipShape,
                let shape = property.relationshipShape,
                let value = model.persistentBackingData.values[property.name]
            else { continue }
            for other in shape.relatedModels(in: value) {
                link(other, through: inverse, inverseShape: inverseShape, to: model, property: property)
            }
        }
    }
}
