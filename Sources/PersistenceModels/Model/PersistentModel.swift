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
    /// One `[Self]` (or `[Self]?` when `optional` is set) for each run: run `i` holds the models of `models`
    /// that `positions[runs[i]]` name, in order, leaving out any that are not a `Self`.
    static func _makeArrays(
        from models: [any PersistentModel], positions: [Int], runs: [Range<Int>], optional: Bool
    ) -> [Any?]
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

    /// One `[Self]`, or `[Self]?` when `optional` is set, for each run of `positions`, which index `models`.
    ///
    /// A prefetch gives every owner of a to-many relationship its array at once. Inlinable, so that each
    /// model type's conformance holds a copy made for its own type: unspecialized, making an array and
    /// boxing it each look up generic metadata, which cost more than the rest of the work. Each model is
    /// cast once, however many owners link to it.
    @inlinable
    public static func _makeArrays(
        from models: [any PersistentModel], positions: [Int], runs: [Range<Int>], optional: Bool
    ) -> [Any?] {
        var elements: [Self] = []
        elements.reserveCapacity(models.count)
        var elementOfModel = [Int](repeating: -1, count: models.count)
        for (index, model) in models.enumerated() {
            guard let element = model as? Self else { continue }
            elementOfModel[index] = elements.count
            elements.append(element)
        }
        return runs.map { run -> Any? in
            var array: [Self] = []
            array.reserveCapacity(run.count)
            for position in positions[run] where elementOfModel[position] >= 0 {
                array.append(elements[elementOfModel[position]])
            }
            // An optional array goes into its `Any` as an optional, as a lazy load makes it.
            if optional { return [Self]?.some(array) as Any }
            return array as Any
        }
    }

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
    /// One value for each run: run `i` holds the models of `models` that `positions[runs[i]]` name, in
    /// order; each element is a `Self`, or `nil` when the type cannot hold those models.
    static func _makeEach(from models: [any PersistentModel], positions: [Int], runs: [Range<Int>]) -> [Any?]
    /// The models the value holds.
    var _relatedModels: [any PersistentModel] { get }
}

extension RelationshipValue {
    /// One value for each run of `positions`, each made by ``_make(from:)``.
    public static func _makeEach(from models: [any PersistentModel], positions: [Int], runs: [Range<Int>]) -> [Any?] {
        makeEachByItself(from: models, positions: positions, runs: runs)
    }

    /// One value for each run of `positions`, each made by ``_make(from:)`` from its own array of models.
    static func makeEachByItself(
        from models: [any PersistentModel], positions: [Int], runs: [Range<Int>]
    ) -> [Any?] {
        runs.map { run in _make(from: positions[run].map { models[$0] }) }
    }
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
    /// The wrapped value for each run of `positions`; an optional array of models is made as its array is.
    public static func _makeEach(from models: [any PersistentModel], positions: [Int], runs: [Range<Int>]) -> [Any?] {
        guard Wrapped._isToMany else { return makeEachByItself(from: models, positions: positions, runs: runs) }
        return Wrapped._destinationType._makeArrays(from: models, positions: positions, runs: runs, optional: true)
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
    /// One array for each run of `positions`, of the models of this type they name.
    public static func _makeEach(from models: [any PersistentModel], positions: [Int], runs: [Range<Int>]) -> [Any?] {
        Element._makeArrays(from: models, positions: positions, runs: runs, optional: false)
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
