import Foundation
import Observation

/// Turns a class into a persistent model: its stored properties become columns of a table in the store.
///
/// ```swift
/// @Model
/// final class Note {
///     var title: String
///     var isPinned = false
///     init(title: String) { self.title = title }
/// }
/// ```
///
/// A model class may inherit from another model class; the subclass adds its own properties to the
/// ones it inherits, and a fetch of the superclass returns the subclass's models too:
///
/// ```swift
/// @Model
/// final class Photo: MediaItem {
///     var width: Int
///     init(title: String, width: Int) {
///         self.width = width
///         super.init(title: title)
///     }
/// }
/// ```
@attached(
    member,
    conformances: PersistentModel,
    names: arbitrary, named(_$backingData), named(persistentBackingData), named(_$observationRegistrar),
    named(schemaMetadata), named(init(backingData:)), named(_$withObservedMutation), named(schemaConstraints)
)
@attached(memberAttribute)
@attached(extension, conformances: PersistentModel, RelationshipValue, Observable)
public macro Model() = #externalMacro(module: "PersistenceMacros", type: "ModelMacro")

/// Routes a model property through the model's backing data; `@Model` adds it to every persisted property.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro _PersistedProperty() = #externalMacro(module: "PersistenceMacros", type: "PersistedPropertyMacro")

/// Keeps a model property out of the store; give it a default value.
@attached(peer)
public macro Transient() = #externalMacro(module: "PersistenceMacros", type: "PropertyMarkerMacro")

/// Customises how a model attribute is stored.
///
/// - Parameters:
///   - options: Storage options such as `.unique` or `.externalStorage`.
///   - originalName: The column's previous name, so an existing store keeps its data after a rename.
///   - hashModifier: A version marker for the attribute; accepted and recorded.
@attached(peer)
public macro Attribute(
    _ options: Schema.Attribute.Option...,
    originalName: String? = nil,
    hashModifier: String? = nil
) = #externalMacro(module: "PersistenceMacros", type: "PropertyMarkerMacro")

/// Customises a relationship: its delete rule and, optionally, its inverse.
@attached(peer)
public macro Relationship(
    _ options: Schema.Relationship.Option...,
    deleteRule: Schema.Relationship.DeleteRule = .nullify,
    minimumModelCount: Int? = 0,
    maximumModelCount: Int? = 0,
    originalName: String? = nil,
    hashModifier: String? = nil
) = #externalMacro(module: "PersistenceMacros", type: "PropertyMarkerMacro")

/// Customises a relationship and names its inverse, a relationship property of the destination model.
@attached(peer)
public macro Relationship<Destination: PersistentModel, InverseValue: RelationshipValue>(
    _ options: Schema.Relationship.Option...,
    deleteRule: Schema.Relationship.DeleteRule = .nullify,
    minimumModelCount: Int? = 0,
    maximumModelCount: Int? = 0,
    originalName: String? = nil,
    inverse: KeyPath<Destination, InverseValue>,
    hashModifier: String? = nil
) = #externalMacro(module: "PersistenceMacros", type: "PropertyMarkerMacro")

/// Declares sets of properties whose combined values are unique among a model's rows; a collision at save updates the stored row.
@freestanding(declaration)
public macro Unique<T: PersistentModel>(_ constraints: [PartialKeyPath<T>]...) =
    #externalMacro(module: "PersistenceMacros", type: "SchemaConstraintMacro")

/// Declares store indexes on one or more properties of a model.
@freestanding(declaration)
public macro Index<T: PersistentModel>(_ indices: [PartialKeyPath<T>]...) =
    #externalMacro(module: "PersistenceMacros", type: "SchemaConstraintMacro")
