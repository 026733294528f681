import Foundation

/// The entities a container stores: one per model type, discovered from the given types and their relationships.
///
/// ```swift
/// let schema = Schema([Note.self, Tag.self])
/// let container = try ModelContainer(for: schema, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
/// ```
///
/// ## Topics
/// - ``entities``
/// - ``PropertyMetadata``
// Unchecked Sendable: immutable once init has linked its entities; SwiftData's `Schema` is Sendable.
public final class Schema: @unchecked Sendable, CustomStringConvertible {
    /// A schema version, as `major.minor.patch`.
    public struct Version: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The major component.
        public let major: Int
        /// The minor component.
        public let minor: Int
        /// The patch component.
        public let patch: Int

        /// Creates a version.
        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        /// The version as `major.minor.patch`.
        public var description: String { "\(major).\(minor).\(patch)" }
    }

    /// The stored entities, one per model type, in the order they were found.
    public let entities: [Entity]
    /// The schema's version.
    public let version: Version

    /// The names of the entities the schema was created with, before those found through relationships.
    package let declaredEntityNames: Set<String>

    /// Creates a schema for `types`, the model classes they inherit from, and every model type reachable
    /// through their relationships.
    ///
    /// A subclass is found only when it is named, here or as a relationship's destination: name every
    /// subclass whose models the store keeps, as `Schema([MediaItem.self, Photo.self, Video.self])`.
    public init(_ types: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        self.declaredEntityNames = Set(types.map { Schema.entityName(of: $0) })
        var found: [any PersistentModel.Type] = []
        var seen: Set<ObjectIdentifier> = []
        var queue = types
        while !queue.isEmpty {
            let type = queue.removeFirst()
            guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
            found.append(type)
            if let superType = ModelTypeCache.superType(of: type) { queue.append(superType) }
            for property in type.schemaMetadata {
                if case .relationship(let shape) = property.storage { queue.append(shape.destination) }
            }
        }
        let entities = found.map { Entity(modelType: $0) }
        for entity in entities {
            guard let superType = ModelTypeCache.superType(of: entity.modelType),
                let superentity = entities.first(where: { $0.modelType == superType })
            else { continue }
            entity.superentity = superentity
            superentity.subentities.insert(entity)
        }
        self.entities = entities
        self.version = version
    }

    /// Creates a schema for the given model types.
    public convenience init(_ types: any PersistentModel.Type..., version: Version = Version(1, 0, 0)) {
        self.init(types, version: version)
    }

    /// The entity stored for `type`, if the schema has it.
    public func entity(for type: any PersistentModel.Type) -> Entity? {
        entities.first { $0.modelType == type }
    }

    /// The entity with the given name, if any.
    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }

    /// The entity names and their properties.
    public var description: String {
        entities.map(\.description).joined(separator: "\n")
    }
}

extension Schema {
    /// One stored model type: a table in the store.
    // Unchecked Sendable: `superentity` and `subentities` are set while the schema is made and never after; SwiftData's entity is Sendable.
    public final class Entity: @unchecked Sendable, CustomStringConvertible, Hashable {
        /// The entity's name: the model's type name, also its table name.
        public let name: String
        /// The model type.
        public let modelType: any PersistentModel.Type
        /// The persisted properties in declaration order, those inherited from a superclass first.
        public let properties: [PropertyMetadata]
        /// The entity of the model class this one inherits from, if any.
        public internal(set) weak var superentity: Entity?
        /// The entities of the model classes that inherit directly from this one, among the schema's.
        public internal(set) var subentities: Set<Entity> = []

        /// The name of ``superentity``, if any.
        public var superentityName: String? { superentity?.name }

        /// This entity and every entity that inherits from it, at any depth: the models a fetch of this
        /// entity returns.
        package var selfAndDescendants: [Entity] {
            [self] + subentities.sorted { $0.name < $1.name }.flatMap(\.selfAndDescendants)
        }

        /// The entity at the top of this one's hierarchy, whose table keeps the rows of every entity in it.
        package var rootEntity: Entity {
            superentity?.rootEntity ?? self
        }

        /// Entities are equal when they are the same entity.
        public static func == (lhs: Entity, rhs: Entity) -> Bool { lhs === rhs }

        /// Hashes the entity's identity.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        init(modelType: any PersistentModel.Type) {
            self.name = Schema.entityName(of: modelType)
            self.modelType = modelType
            self.properties = modelType.schemaMetadata
        }

        /// The properties stored as columns.
        public var attributes: [PropertyMetadata] {
            properties.filter { if case .attribute = $0.storage { true } else { false } }
        }

        /// The properties that link to other models.
        public var relationships: [PropertyMetadata] {
            properties.filter { if case .relationship = $0.storage { true } else { false } }
        }

        /// The property names whose combined values are unique among the entity's models, one list per
        /// constraint: each `#Unique` constraint, and each `@Attribute(.unique)` property on its own. A
        /// subclass's entity lists the constraints of the class at the top of its hierarchy, which holds them.
        public var uniquenessConstraints: [[String]] {
            let root = rootEntity
            let declared = root.modelType.schemaConstraints.compactMap { constraint -> [String]? in
                if case .unique(let names) = constraint { names } else { nil }
            }
            return declared + root.attributes.filter { $0.options.contains(.unique) }.map { [$0.name] }
        }

        /// The property with `name`, if any.
        public func property(named name: String) -> PropertyMetadata? {
            properties.first { $0.name == name }
        }

        /// The property a key path of the model refers to, if it is persisted.
        public func property(for keyPath: AnyKeyPath) -> PropertyMetadata? {
            properties.first { $0.keyPath == keyPath }
        }

        /// The entity name and its property names.
        public var description: String {
            "\(name)(\(properties.map(\.name).joined(separator: ", ")))"
        }
    }

    /// The entity (and table) name used for a model type: its unqualified type name.
    package static func entityName(of type: any PersistentModel.Type) -> String {
        ModelTypeCache.entityName(of: type)
    }

    /// The name of the entity that stores `modelType`: its unqualified type name.
    ///
    /// ```swift
    /// Schema.entityName(for: Photo.self)   // "Photo"
    /// ```
    ///
    /// - Parameter modelType: A model class.
    public static func entityName(for modelType: any PersistentModel.Type) -> String {
        entityName(of: modelType)
    }
}
