import Foundation
import Observation

/// A class whose instances live in a model store; `@Model` supplies the conformance.
///
/// Models are observable, identifiable by their ``persistentModelID``, and equal only to themselves.
///
/// ## Topics
/// - ``persistentModelID``
/// - ``modelContext``
/// - ``schemaMetadata``
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable, RelationshipValue {
    /// The storage holding this model's values and its link to a context.
    var persistentBackingData: ModelBackingData { get set }
    /// The persisted properties of the model, as `@Model` found them.
    static var schemaMetadata: [Schema.PropertyMetadata] { get }
    /// Creates a model over existing backing data; the store uses it to materialise rows.
    init(backingData: ModelBackingData)
    /// Runs `mutation`, reporting it to observers as a change of the property named `key`.
    func _$withObservedMutation(forKey key: String, _ mutation: () -> Void)
    /// The `#Unique` and `#Index` declarations of the model.
    static var schemaConstraints: [Schema.Constraint] { get }
}

extension PersistentModel {
    /// The model's identifier: temporary until the model's first save, permanent afterwards.
    public var persistentModelID: PersistentIdentifier {
        // The dynamic type: a model read through its superclass is still identified as its own entity.
        persistentBackingData.persistentModelID(for: type(of: self))
    }

    /// The model's identifier, so models can be used where `Identifiable` is expected.
    public var id: PersistentIdentifier { persistentModelID }

    /// The context that manages the model, or `nil` before it is inserted or after it is deleted and saved.
    public var modelContext: ModelContext? { persistentBackingData.context }

    /// Whether the model has been deleted from its context (pending or saved).
    public var isDeleted: Bool { persistentBackingData.isDeleted }

    /// Whether the model has unsaved changes.
    public var hasChanges: Bool { !persistentBackingData.changedKeys.isEmpty || persistentBackingData.isNew }

    /// Models are equal only to themselves.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }

    /// Hashes the model's object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// A schema entry for constraints declared with `#Unique` and `#Index`; none unless declared.
    public static var schemaConstraints: [Schema.Constraint] { [] }
}

/// A type that can be the value of a relationship: a model, an optional model, or an array of models.
public protocol RelationshipValue {
    /// The model type at the other end of the relationship.
    static var _destinationType: any PersistentModel.Type { get }
    /// Whether the value holds many models.
    static var _isToMany: Bool { get }
    /// Whether the value may hold no model.
    static var _isOptional: Bool { get }
    /// The value holding `models`.
    static func _make(from models: [any PersistentModel]) -> Self?
    /// The models the value holds.
    var _relatedModels: [any PersistentModel] { get }
}

extension Optional: RelationshipValue where Wrapped: RelationshipValue {}
extension Array: RelationshipValue where Element: PersistentModel {}

/// Occupies the storage slot of a persisted property; the value itself lives in the backing data.
public struct _PersistedPropertyPlaceholder: Sendable {
    /// Creates the placeholder.
    public init() {}
}

extension PersistentModel {
    /// The destination of a relationship holding this model type.
    public static var _destinationType: any PersistentModel.Type { Self.self }
    /// A single model is a to-one relationship.
    public static var _isToMany: Bool { false }
    /// A non-optional model must be present.
    public static var _isOptional: Bool { false }
    /// The first of `models`, if it is of this type.
    public static func _make(from models: [any PersistentModel]) -> Self? { models.first as? Self }
    /// The model itself.
    public var _relatedModels: [any PersistentModel] { [self] }
}

extension Optional where Wrapped: RelationshipValue {
    /// The destination model type of the wrapped relationship value.
    public static var _destinationType: any PersistentModel.Type { Wrapped._destinationType }
    /// An optional model is to-one; an optional array of models is to-many.
    public static var _isToMany: Bool { Wrapped._isToMany }
    /// An optional value may be absent.
    public static var _isOptional: Bool { true }
    /// The wrapped value holding `models`; `nil` for a to-one relationship without a model.
    public static func _make(from models: [any PersistentModel]) -> Self? {
        if !Wrapped._isToMany && models.isEmpty { return .some(nil) }
        return .some(Wrapped._make(from: models))
    }
    /// The models of the wrapped value, if present.
    public var _relatedModels: [any PersistentModel] { self?._relatedModels ?? [] }
}

extension Array where Element: PersistentModel {
    /// The element model type.
    public static var _destinationType: any PersistentModel.Type { Element.self }
    /// An array of models is a to-many relationship.
    public static var _isToMany: Bool { true }
    /// An array may be empty.
    public static var _isOptional: Bool { true }
    /// The models of this type among `models`.
    public static func _make(from models: [any PersistentModel]) -> Self? {
        // Written in place: this runs unspecialized for every owner of a prefetched relationship, where
        // `compactMap` paid for a generic iterator and a closure per element, and `append` for a generic call
        // and a capacity check per element.
        Array(unsafeUninitializedCapacity: models.count) { elements, count in
            for model in models {
                if let element = model as? Element {
                    (elements.baseAddress! + count).initialize(to: element)
                    count += 1
                }
            }
        }
    }
    /// The elements.
    public var _relatedModels: [any PersistentModel] {
        // A plain loop: the implicit conversion of `self` casts each element at run time, where this
        // uses the conformance the generic signature already gives.
        var models: [any PersistentModel] = []
        models.reserveCapacity(count)
        for element in self { models.append(element) }
        return models
    }
}
