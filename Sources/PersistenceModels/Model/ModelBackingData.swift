import Foundation

/// The values of one model and its place in a context: the storage behind every `@Model` property.
///
/// A new model's backing data holds the values its initializer set. A fetched model's backing data
/// holds the row's attributes; its relationships load on first access.
public final class ModelBackingData: BackingData {
    // The stored properties an initializer sets have no default value: a default followed by an
    // assignment in the initializer would make the assignment a checked access on every fetched row.
    //
    // Accesses to the stored properties are not checked for exclusivity at run time: backing data
    // belongs to one thread or actor, like its context, and every access in this module is a short read
    // or write that never overlaps another. The checks cost two runtime calls per access, several per
    // fetched row.

    // The context and the identity map come first, beside the reference count: a fetch decodes all its
    // rows before it makes their models, and making a model sets both and retains its backing data, which
    // then touches one cache line rather than two or three.

    /// The context that manages the model; held strongly so a model can load its relationships as long as it lives.
    @exclusivity(unchecked) package var context: ModelContext?
    /// The identity map that registered the model, which this backing data leaves when it goes; retained.
    ///
    /// Held as an unmanaged reference retained by hand, so that leaving it, once for every model a fetch
    /// made, uses it without the retain and release a strong property's read costs.
    @exclusivity(unchecked) private var retainedIdentityMap: Unmanaged<EntityRegistry>?
    /// The identity map that registered the model, which this backing data leaves when it goes.
    var identityMap: EntityRegistry? {
        get { retainedIdentityMap?.takeUnretainedValue() }
        set {
            let replaced = retainedIdentityMap
            retainedIdentityMap = newValue.map { Unmanaged.passRetained($0) }
            replaced?.release()
        }
    }
    /// Values as of the last save or fetch, by property name; rollback restores them.
    package var committedValues: ModelValues { edits?.committedSnapshot ?? values }
    /// The current value of the property `key`, or `nil` when it has none yet.
    ///
    /// Other modules read values through it rather than through ``values``: there, an access to the
    /// property in place is checked for exclusivity at run time, which this module's accesses are not.
    package func currentValue(forKey key: String) -> Any? {
        values[key]
    }

    /// The current value of the property `key`, searched for from `hint`, as
    /// ``ModelValues/value(forKey:hint:)`` describes.
    package func currentValue(forKey key: String, hint: inout Int) -> Any? {
        values.value(forKey: key, hint: &hint)
    }

    /// The value of the property `key` as of the last save or fetch, read without copying the values.
    func committedValue(forKey key: String) -> Any? {
        guard let edits, edits.committedSnapshot != nil else { return values[key] }
        return edits.committedSnapshot?[key] ?? nil
    }
    /// The names of the properties changed since the last save or fetch.
    package var changedKeys: Set<String> { edits?.changedKeys ?? [] }
    /// What a new or changed model tracks; `nil` for a model as fetched or saved, which keeps its
    /// backing data small.
    @exclusivity(unchecked) private var edits: EditState?
    /// Primary keys of to-one relationships as read from the row, before they are loaded.
    @exclusivity(unchecked) package var foreignKeys: [String: Int64]
    /// The row's primary key once the model is saved.
    @exclusivity(unchecked) package var primaryKey: Int64?
    // The two flags follow the optional key, in the room its alignment leaves: a fetch makes one backing
    // data per row, and their size is much of the memory it takes.
    /// Whether the model is deleted (pending or saved).
    @exclusivity(unchecked) package var isDeleted = false
    /// Whether the values came from a stored row rather than an initializer.
    private let isMaterialized: Bool
    /// The store that holds the row, once known.
    @exclusivity(unchecked) package var storeIdentifier: String?
    /// The model type, once the model is in a context; a snapshot needs it to name the entity.
    @exclusivity(unchecked) package var modelType: (any PersistentModel.Type)?
    /// What only a model of a custom store keeps; `nil` for the default store's models, so that the many
    /// models a fetch makes stay small.
    @exclusivity(unchecked) private var customStore: CustomStoreState?
    // The values come last: a small model type's slots are stored in them, after the fields above.
    /// Current values by property name.
    @exclusivity(unchecked) package var values: ModelValues

    /// The primary key a custom store chose, when it is not an integer; ``primaryKey`` then only files
    /// the model in its context's identity map.
    var customKey: PrimaryKeyValue? {
        get { customStore?.key }
        set {
            if customStore == nil, newValue == nil { return }
            customStoreState.key = newValue
        }
    }

    /// For a model of a custom store, the identifiers its relationships held in the store's snapshot,
    /// by property name; read when a relationship is first used.
    var snapshotLinks: [String: [PersistentIdentifier]]? {
        get { customStore?.links }
        set {
            if customStore == nil, newValue == nil { return }
            customStoreState.links = newValue
        }
    }

    /// Creates empty backing data for a new model.
    public init() {
        values = ModelValues()
        // A model never saved has no committed values.
        edits = EditState(committedSnapshot: ModelValues())
        foreignKeys = [:]
        isMaterialized = false
    }

    /// Creates backing data for a stored row whose slot values `initialize` writes in place, as
    /// ``ModelValues/init(layout:initializingSlotsWith:)`` describes; the values are made where the backing
    /// data keeps them rather than moved there. The context that registers its model sets ``context``.
    @inline(__always)
    init(
        rowLaidOutBy layout: ModelSlotLayout, foreignKeys: [String: Int64], primaryKey: Int64,
        storeIdentifier: String,
        initializingSlotsWith initialize: (UnsafeMutableBufferPointer<Any?>, inout Int) throws -> Void
    ) rethrows {
        self.values = ModelValues(slotsToFillOf: layout)
        self.edits = nil
        self.foreignKeys = foreignKeys
        self.primaryKey = primaryKey
        self.storeIdentifier = storeIdentifier
        self.context = nil
        self.isMaterialized = true
        try values.fillSlots(with: initialize)
    }

    deinit {
        guard let retainedIdentityMap else { return }
        if let primaryKey {
            let identity = ObjectIdentifier(self)
            retainedIdentityMap._withUnsafeGuaranteedRef { $0.backingDataDidEnd(identity, key: primaryKey) }
        }
        retainedIdentityMap.release()
    }

    /// Whether the model has never been saved.
    package var isNew: Bool { primaryKey == nil }

    func persistentModelID(for type: any PersistentModel.Type) -> PersistentIdentifier {
        let key: PersistentIdentifier.Key
        if let customKey {
            key = .custom(customKey)
        } else if let primaryKey {
            key = .permanent(primaryKey)
        } else {
            key = .temporary(editState.temporaryIdentifier)
        }
        return PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: Schema.entityName(of: type), key: key)
    }

    /// The identifier of the model, once its type is known to the backing data (in a context).
    public var persistentModelID: PersistentIdentifier? {
        modelType.map { persistentModelID(for: $0) }
    }

    /// Records the value a property's initializer or declaration gives it.
    ///
    /// Backing data read from a row ignores it: while a fetched model is created, Swift may still run
    /// the implicit `nil` initial value of an optional property, which must not hide the stored value.
    public func setInitialValue<Value>(_ value: Value, forKey key: String) {
        guard !isMaterialized else { return }
        // An initializer sets every property in turn: room for them at once spares the table's regrowth.
        if values.isEmpty { values.reserveCapacity(8) }
        values.setValue(value, forKey: key)
    }

    /// Takes the values a subclass's initializer set before `super.init` made this backing data; the
    /// subclass kept them in backing data of its own until then.
    public func takeInitialValues(of other: ModelBackingData) {
        guard !isMaterialized else { return }
        for (key, value) in other.values.entries where values[key] == nil { values[key] = value }
    }

    /// The current value of the property `key` of `model`, loading a relationship on first access.
    public func value<Model: PersistentModel, Value>(forKey key: String, of model: Model) -> Value {
        // A stored value is almost always of the property's own type. Reading it as that type, with the
        // value's type opened, spares the conditional cast from `Any`, for which this unspecialized code
        // looks up the metadata of `Value?` on every read; every other case goes the general way.
        if let stored = values[key], type(of: stored) == Value.self {
            return Self.value(stored, as: Value.self)
        }
        return generalValue(forKey: key, of: model)
    }

    /// `value`, whose type is `Value`.
    private static func value<Stored, Value>(_ value: Stored, as type: Value.Type) -> Value {
        value as! Value
    }

    /// ``value(forKey:of:)`` for a value of another type than the property's (a subclass's model, say) or
    /// one not loaded yet.
    @inline(never)
    private func generalValue<Model: PersistentModel, Value>(forKey key: String, of model: Model) -> Value {
        if let stored = values[key], let value = stored as? Value { return value }
        let loaded = anyValue(forKey: key, of: model)
        guard let value = loaded as? Value else {
            if Model.property(named: key)?.isEphemeral == true {
                preconditionFailure(
                    "The value of '\(key)' of \(Model.self) is missing: it is ephemeral, so a model read from the store has no value for it; "
                        + "give the property a default value or an optional type"
                )
            }
            preconditionFailure(
                "The value of '\(key)' of \(Model.self) is missing: the model was not initialised or its context is gone"
            )
        }
        return value
    }

    /// Changes the property `key` of `model`, keeping the inverse of a relationship in step.
    public func setValue<Model: PersistentModel, Value>(_ newValue: Value, forKey key: String, of model: Model) {
        // Attributes, the usual case, are told apart by the cached shapes without copying property metadata.
        guard let shape = ModelTypeCache.relationshipShape(of: Model.self, named: key),
            let property = Model.property(named: key)
        else {
            store(newValue, forKey: key, of: model)
            return
        }
        let oldModels = relatedModels(forKey: key, of: model)
        store(newValue, forKey: key, of: model)
        let newModels = shape.relatedModels(in: newValue)
        RelationshipMaintainer.relationship(property, shape: shape, of: model, changedFrom: oldModels, to: newModels)
    }

    /// The current value of `key`, loading it from the store when needed.
    func anyValue(forKey key: String, of model: any PersistentModel) -> Any? {
        if let value = values[key] { return value }
        guard let property = type(of: model).property(named: key) else { return nil }
        guard let shape = property.relationshipShape else {
            // An ephemeral attribute has no stored value: a model read from a store starts from its default.
            guard property.isEphemeral, let start = property.ephemeralStartValue else { return nil }
            setLoadedValue(start, forKey: key)
            return start
        }
        // A model without a context (deleted and saved) has nothing to load: its relationships read as empty.
        guard let context else { return shape.makeValue([]) }
        let models = context.loadRelationship(property, of: model)
        guard let value = shape.makeValue(models) else { return nil }
        setLoadedValue(value, forKey: key)
        return value
    }

    /// Sets a value read from the store, which is the committed value as well as the current one.
    package func setLoadedValue(_ value: Any?, forKey key: String) {
        values[key] = value
        edits?.committedSnapshot?[key] = value
    }

    /// Sets a value read from the store at a slot found once for many models; see ``setLoadedValue(_:forKey:)``.
    package func setLoadedValue(_ value: Any, at slot: ModelValues.Slot) {
        values.setValue(value, at: slot)
        edits?.committedSnapshot?.setValue(value, at: slot)
    }

    /// The models the relationship `key` holds now.
    package func relatedModels(forKey key: String, of model: any PersistentModel) -> [any PersistentModel] {
        guard let value = anyValue(forKey: key, of: model) else { return [] }
        if let shape = ModelTypeCache.relationshipShape(of: type(of: model), named: key) {
            return shape.relatedModels(in: value)
        }
        return (value as? any RelationshipValue)?._relatedModels ?? []
    }

    /// The primary keys of the models the relationship `key` held at the last save or fetch; empty when it
    /// was never loaded, since nothing can have changed it then.
    package func committedRelatedKeys(forKey key: String) -> [Int64] {
        guard let value = committedValue(forKey: key) as? any RelationshipValue else { return [] }
        return value._relatedModels.compactMap { $0.persistentBackingData.primaryKey }
    }

    /// Stores a value and reports the change to the context, without touching inverses.
    func store(_ value: Any, forKey key: String, of model: any PersistentModel) {
        let edits = editState
        // The first change sets the committed values apart before the current ones move on.
        if edits.committedSnapshot == nil { edits.committedSnapshot = values }
        values[key] = value
        edits.changedKeys.insert(key)
        context?.modelDidChange(model)
    }

    /// Restores the values of the last save or fetch.
    func discardChanges() {
        guard let edits else { return }
        for key in edits.changedKeys {
            if let committed = committedValue(forKey: key) {
                values[key] = committed
            } else if primaryKey != nil {
                values[key] = nil
            }
        }
        edits.changedKeys.removeAll()
    }

    /// Makes the current values the committed ones after a save.
    func commit(primaryKey: Int64, storeIdentifier: String) {
        self.primaryKey = primaryKey
        self.storeIdentifier = storeIdentifier
        // Saved values are the committed ones, and the permanent key replaces the temporary identifier.
        edits = nil
    }

    /// The edit state, made when first needed.
    private var editState: EditState {
        if let edits { return edits }
        let made = EditState(committedSnapshot: nil)
        edits = made
        return made
    }

    /// The custom store's state, made when first needed.
    private var customStoreState: CustomStoreState {
        if let customStore { return customStore }
        let made = CustomStoreState()
        customStore = made
        return made
    }
}

/// What only a model of a custom store keeps, kept apart from its backing data like ``EditState``.
private final class CustomStoreState {
    /// See ``ModelBackingData/customKey``.
    var key: PrimaryKeyValue?
    /// See ``ModelBackingData/snapshotLinks``.
    var links: [String: [PersistentIdentifier]]?
}

/// What only a new or changed model tracks, kept apart from its backing data so that the many models a
/// fetch makes stay small.
private final class EditState {
    /// The committed values once they differ from the current ones; `nil` while they are the same.
    var committedSnapshot: ModelValues?
    /// The names of the properties changed since the last save or fetch.
    var changedKeys: Set<String> = []
    /// The identifier of a model not saved yet, made on first use: a random UUID is not free.
    lazy var temporaryIdentifier = UUID()

    init(committedSnapshot: ModelValues?) {
        self.committedSnapshot = committedSnapshot
    }
}

extension PersistentModel {
    /// The persisted property named `name`.
    package static func property(named name: String) -> Schema.PropertyMetadata? {
        ModelTypeCache.properties(of: Self.self)[name]
    }
}
