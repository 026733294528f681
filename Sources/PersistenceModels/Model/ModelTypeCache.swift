import Foundation
import Synchronization

/// Per-model-type facts derived from `schemaMetadata`, computed once.
package enum ModelTypeCache {
    private static let propertiesByType = Mutex<[ObjectIdentifier: [String: Schema.PropertyMetadata]]>([:])
    private static let inversesByType = Mutex<[ObjectIdentifier: [String: InverseLookup]]>([:])
    private static let metadataByType = Mutex<[ObjectIdentifier: TypeFacts]>([:])

    /// The model type's `schemaMetadata`, built once: the generated property builds a new array on every read.
    package static func metadata(of type: any PersistentModel.Type) -> [Schema.PropertyMetadata] {
        facts(of: type).metadata
    }

    /// The model type's relationship properties, in declaration order.
    package static func relationships(of type: any PersistentModel.Type) -> [Schema.PropertyMetadata] {
        facts(of: type).relationships
    }

    /// The slots that hold the values of the model type's persisted properties.
    package static func slotLayout(of type: any PersistentModel.Type) -> ModelSlotLayout {
        facts(of: type).slotLayout
    }

    /// The shape of the model type's relationship property `name`; `nil` for an attribute or an unknown name.
    package static func relationshipShape(of type: any PersistentModel.Type, named name: String) -> RelationshipShape? {
        let facts = facts(of: type)
        // A model has few relationships: comparing their names costs less than hashing one.
        guard facts.relationshipNames.count <= 8 else { return facts.relationshipShapes[name] }
        return facts.relationshipNames.firstIndex(of: name).map { facts.relationshipShapeList[$0] }
    }

    /// The model type's entity name; describing a type is slow enough to matter once per row.
    package static func entityName(of type: any PersistentModel.Type) -> String {
        facts(of: type).entityName
    }

    /// The model class `type` inherits from, when it is a subclass of another model.
    package static func superType(of type: any PersistentModel.Type) -> (any PersistentModel.Type)? {
        facts(of: type).superType
    }

    /// The entity name of the model class at the top of `type`'s hierarchy (`type`'s own without a
    /// superclass); a hierarchy keeps its rows in one table, and its models in one identity map.
    package static func rootEntityName(of type: any PersistentModel.Type) -> String {
        facts(of: type).rootEntityName
    }

    /// Whether `type` is `ancestor` or inherits from it.
    package static func isKind(_ type: any PersistentModel.Type, of ancestor: any PersistentModel.Type) -> Bool {
        var current: (any PersistentModel.Type)? = type
        while let candidate = current {
            if candidate == ancestor { return true }
            current = superType(of: candidate)
        }
        return false
    }

    private static func facts(of type: any PersistentModel.Type) -> TypeFacts {
        let id = ObjectIdentifier(type)
        if let cached = metadataByType.withLock({ $0[id] }) { return cached }
        let metadata = type.schemaMetadata
        let relationships = metadata.filter(\.isRelationship)
        let superType = _getSuperclass(type).flatMap { $0 as? any PersistentModel.Type }
        let facts = TypeFacts(
            metadata: metadata,
            relationships: relationships,
            relationshipShapes: Dictionary(
                relationships.compactMap { property in property.relationshipShape.map { (property.name, $0) } },
                uniquingKeysWith: { first, _ in first }
            ),
            entityName: String(describing: type),
            superType: superType,
            rootEntityName: superType.map { rootEntityName(of: $0) } ?? String(describing: type),
            slotLayout: ModelSlotLayout(names: metadata.map(\.name), plainSlots: plainSlots(of: metadata))
        )
        // Two threads may make a type's facts at once; both keep the first stored, so that every model of
        // the type shares one slot layout and finds its slots by the layout's identity.
        return metadataByType.withLock { cache in
            if let stored = cache[id] { return stored }
            cache[id] = facts
            return facts
        }
    }

    /// The slots of `metadata`'s properties whose values never need releasing; see ``ModelSlotLayout/plainSlots``.
    private static func plainSlots(of metadata: [Schema.PropertyMetadata]) -> UInt64 {
        var slots: UInt64 = 0
        for (slot, property) in metadata.prefix(64).enumerated() where property.attributeKind?.holdsPlainValues == true
        {
            slots |= 1 << UInt64(slot)
        }
        return slots
    }

    /// The model type's properties by name.
    package static func properties(of type: any PersistentModel.Type) -> [String: Schema.PropertyMetadata] {
        let id = ObjectIdentifier(type)
        if let cached = propertiesByType.withLock({ $0[id] }) { return cached }
        var result: [String: Schema.PropertyMetadata] = [:]
        for property in metadata(of: type) { result[property.name] = property }
        propertiesByType.withLock { $0[id] = result }
        return result
    }

    /// The inverse of the relationship `property` of `type`: named with `inverse:` on either side, or
    /// inferred when each side has exactly one relationship to the other.
    package static func inverse(of property: Schema.PropertyMetadata, in type: any PersistentModel.Type) -> Schema
        .PropertyMetadata?
    {
        // An inherited relationship has the inverse it has in the class that declares it.
        if let superType = superType(of: type), let inherited = properties(of: superType)[property.name] {
            return inverse(of: inherited, in: superType)
        }
        let id = ObjectIdentifier(type)
        if let cached = inversesByType.withLock({ $0[id]?[property.name] }) { return cached.property }
        let found = findInverse(of: property, in: type)
        inversesByType.withLock { $0[id, default: [:]][property.name] = InverseLookup(property: found) }
        return found
    }

    private static func findInverse(of property: Schema.PropertyMetadata, in type: any PersistentModel.Type) -> Schema
        .PropertyMetadata?
    {
        guard let shape = property.relationshipShape else { return nil }
        let destination = shape.destination
        // A relationship of the destination may point at this class or at a class it inherits from.
        let candidates = destination.schemaMetadata.filter {
            $0.relationshipShape.map { isKind(type, of: $0.destination) } ?? false
        }
        if let named = property.options.inverse {
            return candidates.first { $0.keyPath == named }
        }
        if let naming = candidates.first(where: { $0.options.inverse == property.keyPath }) {
            return naming
        }
        let siblings = type.schemaMetadata.filter {
            $0.relationshipShape.map { $0.destination == destination } ?? false
        }
        // A relationship another one of this type names as its inverse is taken.
        let claimed = Set(siblings.compactMap(\.options.inverse))
        let unnamedCandidates = candidates.filter { $0.options.inverse == nil && !claimed.contains($0.keyPath) }
        let unnamedSiblings = siblings.filter { $0.options.inverse == nil }
        guard destination != type, unnamedCandidates.count == 1, unnamedSiblings.count == 1 else { return nil }
        return unnamedCandidates[0]
    }

    /// A reference, so that reading the facts under the lock copies one pointer.
    // Unchecked Sendable: immutable after init; the metadata it holds (key paths, `Any.Type`) is not Sendable by type but never changes.
    private final class TypeFacts: @unchecked Sendable {
        let metadata: [Schema.PropertyMetadata]
        let relationships: [Schema.PropertyMetadata]
        /// The shape of each relationship property, by name: a plain value, unlike the property metadata.
        let relationshipShapes: [String: RelationshipShape]
        /// The names of ``relationshipShapes`` and their shapes, in declaration order, searched in order.
        let relationshipNames: [String]
        let relationshipShapeList: [RelationshipShape]
        let entityName: String
        let superType: (any PersistentModel.Type)?
        let rootEntityName: String
        let slotLayout: ModelSlotLayout

        init(
            metadata: [Schema.PropertyMetadata],
            relationships: [Schema.PropertyMetadata],
            relationshipShapes: [String: RelationshipShape],
            entityName: String,
            superType: (any PersistentModel.Type)?,
            rootEntityName: String,
            slotLayout: ModelSlotLayout
        ) {
            self.metadata = metadata
            self.relationships = relationships
            self.relationshipShapes = relationshipShapes
            let named = relationships.compactMap { property in
                relationshipShapes[property.name].map { (property.name, $0) }
            }
            relationshipNames = named.map(\.0)
            relationshipShapeList = named.map(\.1)
            self.entityName = entityName
            self.superType = superType
            self.rootEntityName = rootEntityName
            self.slotLayout = slotLayout
        }
    }

    // Unchecked Sendable: wraps property metadata made once per model type and never changed (key paths and types are not Sendable by type).
    private struct InverseLookup: @unchecked Sendable {
        let property: Schema.PropertyMetadata?
    }
}
