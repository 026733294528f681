import Foundation

extension Schema {
    /// A persisted property of a model: its name, key path, how it is stored and its options.
    ///
    /// `@Model` generates one for every stored property; the kind of storage (a column or a link to
    /// other models) is decided from the property's type.
    // Unchecked Sendable: immutable; its key path, `Any.Type` and default value cannot be proved Sendable, but nothing mutates them.
    public struct PropertyMetadata: @unchecked Sendable, CustomStringConvertible {
        /// The property's name, also its column name.
        public let name: String
        /// The key path from the model to the property.
        public let keyPath: AnyKeyPath
        /// The options given with `@Attribute` or `@Relationship`.
        public let options: PropertyOptions
        /// The property's declared type.
        public let valueType: Any.Type
        /// The value the property's declaration gives it, if any; a migration stores it in existing rows.
        public let defaultValue: Any?
        package let storage: PropertyStorage

        /// Describes the property `name` reached through `keyPath`, with the default value its declaration gives it.
        public init<Root: PersistentModel, Value>(
            name: String,
            keyPath: ReferenceWritableKeyPath<Root, Value>,
            defaultValue: Value? = nil,
            options: PropertyOptions? = nil
        ) {
            self.name = name
            self.keyPath = keyPath
            self.defaultValue = defaultValue.map { $0 as Any }
            self.options = options ?? PropertyOptions()
            self.valueType = Value.self
            self.sortRankKeyPath = ((keyPath as AnyKeyPath) as? KeyPath<Root, Bool>)?.appending(path: \Bool._sortRank)
            if let shape = Value.self as? any RelationshipValue.Type {
                self.storage = .relationship(RelationshipShape(shape))
            } else {
                self.storage = .attribute(AttributeKind(Value.self))
            }
        }

        /// For a `Bool` attribute, the key path a Bool sort descriptor uses (`\Model.flag._sortRank`).
        package let sortRankKeyPath: AnyKeyPath?

        /// Whether the property links to other models.
        public var isRelationship: Bool {
            if case .relationship = storage { return true }
            return false
        }

        /// The column name in the store: the property name. Opening a store whose column still has the
        /// `originalName` renames that column.
        package var columnName: String { name }

        /// What an attribute holds; `nil` for a relationship.
        package var attributeKind: AttributeKind? {
            if case .attribute(let kind) = storage { return kind }
            return nil
        }

        package var relationshipShape: RelationshipShape? {
            if case .relationship(let shape) = storage { return shape }
            return nil
        }

        /// The property's name and type.
        public var description: String { "\(name): \(valueType)" }
    }

    /// The options of a property, gathered from `@Attribute` or `@Relationship`.
    // Unchecked Sendable: a value type copied, never shared mutably; only its `inverse` key path keeps the compiler from proving it.
    public struct PropertyOptions: @unchecked Sendable {
        /// The attribute options, such as `.unique`.
        public var attributeOptions: [Attribute.Option] = []
        /// The name the property had in an earlier version of the schema.
        public var originalName: String?
        /// The version marker given as `hashModifier:`.
        public var hashModifier: String?
        /// What deleting the model does to the models this relationship links to.
        public var deleteRule: Relationship.DeleteRule = .nullify
        /// The inverse relationship named with `inverse:`, if any.
        public var inverse: AnyKeyPath?
        /// The smallest number of linked models allowed, 0 for no limit.
        public var minimumModelCount: Int?
        /// The largest number of linked models allowed, 0 for no limit.
        public var maximumModelCount: Int?

        /// No options: a plain attribute, or a relationship with the default rule.
        public init() {}

        /// Whether `option` was given.
        public func contains(_ option: Attribute.Option) -> Bool { attributeOptions.contains(option) }

        /// The options of `@Attribute(...)`.
        public static func attribute(
            _ options: Attribute.Option...,
            originalName: String? = nil,
            hashModifier: String? = nil
        ) -> PropertyOptions {
            var result = PropertyOptions()
            result.attributeOptions = options
            result.originalName = originalName
            result.hashModifier = hashModifier
            return result
        }

        /// The options of `@Relationship(...)` without an inverse.
        public static func relationship(
            _ options: Relationship.Option...,
            deleteRule: Relationship.DeleteRule = .nullify,
            minimumModelCount: Int? = 0,
            maximumModelCount: Int? = 0,
            originalName: String? = nil,
            hashModifier: String? = nil
        ) -> PropertyOptions {
            relationshipOptions(
                options, deleteRule: deleteRule, minimumModelCount: minimumModelCount,
                maximumModelCount: maximumModelCount, originalName: originalName, hashModifier: hashModifier,
                inverse: nil
            )
        }

        /// The options of `@Relationship(..., inverse: ...)`.
        public static func relationship<Destination: PersistentModel, InverseValue: RelationshipValue>(
            _ options: Relationship.Option...,
            deleteRule: Relationship.DeleteRule = .nullify,
            minimumModelCount: Int? = 0,
            maximumModelCount: Int? = 0,
            originalName: String? = nil,
            inverse: KeyPath<Destination, InverseValue>,
            hashModifier: String? = nil
        ) -> PropertyOptions {
            relationshipOptions(
                options, deleteRule: deleteRule, minimumModelCount: minimumModelCount,
                maximumModelCount: maximumModelCount, originalName: originalName, hashModifier: hashModifier,
                inverse: inverse
            )
        }

        private static func relationshipOptions(
            _ options: [Relationship.Option],
            deleteRule: Relationship.DeleteRule,
            minimumModelCount: Int?,
            maximumModelCount: Int?,
            originalName: String?,
            hashModifier: String?,
            inverse: AnyKeyPath?
        ) -> PropertyOptions {
            var result = PropertyOptions()
            result.attributeOptions = options.contains(.unique) ? [.unique] : []
            result.deleteRule = deleteRule
            result.minimumModelCount = minimumModelCount
            result.maximumModelCount = maximumModelCount
            result.originalName = originalName
            result.hashModifier = hashModifier
            result.inverse = inverse
            return result
        }
    }

    /// Namespace for attribute options.
    public enum Attribute {
        /// A storage option of an attribute.
        ///
        /// ```swift
        /// @Attribute(.preserveValueOnDeletion) var destination: String
        /// @Attribute(.ephemeral) var isSelected = false
        /// @Attribute(.transformable(by: ColorTransformer.self)) var themeColor: ThemeColor?
        /// ```
        public struct Option: Hashable, Sendable, CustomStringConvertible {
            /// The option's name.
            public let name: String
            /// The value transformer of `.transformable(by:)`; `nil` for every other option.
            package let transformer: ValueTransformerReference?

            init(name: String, transformer: ValueTransformerReference? = nil) {
                self.name = name
                self.transformer = transformer
            }

            /// The value is unique among the entity's rows; saving a duplicate updates the stored row.
            public static let unique = Option(name: "unique")
            /// Large data is kept in a file beside the store instead of in the table.
            public static let externalStorage = Option(name: "externalStorage")
            /// Lets CloudKit keep the value encrypted; it applies only when the store syncs.
            ///
            /// The store on the device keeps the value like any other. A store that syncs sends it sealed
            /// with a key of the account's iCloud Keychain, as a field of an `ENCRYPTED_` type that the
            /// server cannot read; a field already deployed unencrypted cannot become encrypted.
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")
            /// Keeps the value in the history when the model is deleted, readable from the delete's
            /// ``HistoryDelete/tombstone``.
            ///
            /// ```swift
            /// case .delete(let deleted as DefaultHistoryDelete<Trip>):
            ///     let destination = deleted.tombstone[\.destination] as? String
            /// ```
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            /// Tracked by the context like any other attribute (observed, counted in `hasChanges`) but never
            /// stored: the store has no column for it, and a model read from the store starts with the
            /// property's default value (`nil` for an optional without one).
            public static let ephemeral = Option(name: "ephemeral")
            /// Adds the value to the system's Spotlight index on a device.
            ///
            /// Linux has no Spotlight, so the option changes nothing observable: the value is stored like any other.
            public static let spotlight = Option(name: "spotlight")
            /// Not an option on Apple's platforms: SwiftData has no `.encrypt`, so code that names it does not
            /// compile for a device. Keep a secret in the keychain (`SecItemAdd`), or use
            /// `.allowsCloudEncryption` for a value CloudKit should keep encrypted.
            @available(
                *, unavailable,
                message:
                    "SwiftData has no '.encrypt' attribute option, so this does not compile on Apple's platforms either: keep a secret in the keychain (SecItemAdd), or use '.allowsCloudEncryption' to have CloudKit keep the value encrypted"
            )
            public static var encrypt: Option { Option(name: "encrypt") }
            /// Not an option on Apple's platforms: SwiftData indexes properties with the `#Index` macro in the
            /// model's body, not with an attribute option.
            @available(
                *, unavailable,
                message:
                    "SwiftData has no '.index' attribute option, so this does not compile on Apple's platforms either: declare the index in the model's body with '#Index<Model>([\\.property])' (iOS 18, macOS 15)"
            )
            public static var index: Option { Option(name: "index") }

            /// Stores the value as the `Data` an instance of `transformerType` makes of it, and reads it back
            /// with the transformer's `reverseTransformedValue(_:)`.
            ///
            /// ```swift
            /// final class ColorTransformer: ValueTransformer {
            ///     override func transformedValue(_ value: Any?) -> Any? { … Data … }
            ///     override func reverseTransformedValue(_ value: Any?) -> Any? { … ThemeColor … }
            /// }
            ///
            /// @Attribute(.transformable(by: ColorTransformer.self)) var themeColor: ThemeColor?
            /// ```
            ///
            /// - Parameter transformerType: The transformer class; the store makes an instance with `init()`.
            public static func transformable(by transformerType: ValueTransformer.Type) -> Option {
                Option(name: "transformable", transformer: .type(transformerType))
            }

            /// Stores the value through the transformer registered under `transformerName` with
            /// `ValueTransformer.setValueTransformer(_:forName:)`.
            ///
            /// - Parameter transformerName: The name the transformer is registered under; it is looked up
            ///   each time a value is stored or read, so register it before the first save or fetch.
            public static func transformable(by transformerName: String) -> Option {
                Option(name: "transformable", transformer: .name(transformerName))
            }

            /// The option's name, with the transformer of `.transformable(by:)`.
            public var description: String {
                guard let transformer else { return name }
                return "\(name)(by: \(transformer))"
            }
        }
    }

    /// Namespace for relationship options and delete rules.
    public enum Relationship {
        /// An option of a relationship.
        public struct Option: Hashable, Sendable {
            let name: String
            /// The relationship's value is unique among the entity's rows.
            public static let unique = Option(name: "unique")
        }

        /// What deleting a model does to the models a relationship links it to.
        public enum DeleteRule: String, Hashable, Sendable, Codable {
            /// Clears the link on the other side (the default).
            case nullify
            /// Deletes the linked models too.
            case cascade
            /// Refuses to delete while linked models exist: saving throws and nothing is deleted.
            case deny
            /// Leaves the other side as it is.
            case noAction
        }
    }

    /// A constraint or index declared with `#Unique` or `#Index`, as property names.
    public enum Constraint: Hashable, Sendable {
        /// The combined values of these properties are unique.
        case unique([String])
        /// The store keeps an index on these properties.
        case index([String])
    }
}

/// How a property is kept: as a value, or as links to other models.
package enum PropertyStorage {
    case attribute(AttributeKind)
    case relationship(RelationshipShape)
}

/// What an attribute holds, as far as the context needs to know: its type, and whether its values ever
/// need releasing. How a store keeps the values is the store's business.
package struct AttributeKind {
    package let valueType: Any.Type
    /// Whether every value is a plain value with nothing to release: a number, a Boolean, a date or a
    /// UUID, optional or not.
    package let holdsPlainValues: Bool

    init(_ valueType: Any.Type) {
        self.valueType = valueType
        let plainTypes: [Any.Type] = [
            Int.self, Int?.self, Bool.self, Bool?.self, Double.self, Double?.self, Date.self, Date?.self, UUID.self,
            UUID?.self,
        ]
        holdsPlainValues = plainTypes.contains { $0 == valueType }
    }
}

/// The shape of a relationship property: its destination and whether it holds one model or many.
package struct RelationshipShape {
    package let destination: any PersistentModel.Type
    package let isToMany: Bool
    package let isOptional: Bool
    let valueType: any RelationshipValue.Type

    init(_ type: any RelationshipValue.Type) {
        self.destination = type._destinationType
        self.isToMany = type._isToMany
        self.isOptional = type._isOptional
        self.valueType = type
    }

    /// The property value holding `models`, or `nil` when the type cannot hold them (a required to-one with none).
    package func makeValue(_ models: [any PersistentModel]) -> Any? {
        valueType._make(from: models)
    }

    /// The property value for each run of `positions`, which index `models`; `nil` where the type cannot
    /// hold the run's models.
    package func makeValues(from models: [any PersistentModel], positions: [Int], runs: [Range<Int>]) -> [Any?] {
        valueType._makeEach(from: models, positions: positions, runs: runs)
    }

    /// The models a value of the property holds; none when `value` is not of the property's type.
    package func relatedModels(in value: Any) -> [any PersistentModel] {
        valueType._models(in: value)
    }
}

extension RelationshipValue {
    /// The models `value` holds when it is of this type.
    ///
    /// A cast to the concrete type is a comparison of type metadata, where a cast to
    /// `any RelationshipValue` searches the conformances of the value's type.
    static func _models(in value: Any) -> [any PersistentModel] {
        models(inOpened: value)
    }

    /// ``_models(in:)`` with the value's type opened: the cast then finds the two types equal at once, where a
    /// cast from `Any` first unwraps the existential.
    private static func models<Stored>(inOpened value: Stored) -> [any PersistentModel] {
        (value as? Self)?._relatedModels ?? []
    }
}
