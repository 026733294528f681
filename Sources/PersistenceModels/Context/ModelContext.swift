import Foundation

/// A working set of models: it tracks inserts, changes and deletes and writes them to the store on save.
///
/// Within one context a stored row is always the same object, however often it is fetched.
///
/// ```swift
/// let context = ModelContext(container)
/// context.insert(Note(title: "Groceries"))
/// try context.save()
/// ```
///
/// ## Topics
/// - ``insert(_:)``
/// - ``delete(_:)``
/// - ``save()``
/// - ``rollback()``
/// - ``fetch(_:)``
public final class ModelContext {
    /// The container whose store the context reads and writes.
    public let container: ModelContainer
    /// Whether the context saves on its own shortly after changes (on the main actor).
    public var autosaveEnabled = false {
        didSet { if autosaveEnabled { scheduleAutosave() } }
    }
    /// The name saved with the history of this context's saves, so readers of the history can tell writers apart.
    public var author: String?
    /// The last error an autosave ran into, if any; it is also written to standard error.
    @_spi(Workbench) public private(set) var workbenchAutosaveError: SwiftDataError?

    var isMainContext = false
    /// The identity map: one object per stored row. It does not keep models alive, so models nobody uses
    /// are released; models hold their context strongly, so a context lives as long as its models do.
    var registeredModels: [String: EntityRegistry] = [:]
    var pendingInserts = ModelSet()
    var pendingChanges = ModelSet()
    var pendingDeletes = ModelSet()
    /// Rows deleted by predicate since the last save, by entity name, that the context holds no model of;
    /// each list sorted and without repeats (``SortedKeys``).
    var pendingBatchDeletes: [String: [Int64]] = [:]
    /// The store's way to delete the rows of ``pendingBatchDeletes`` again as it scans them, while those rows
    /// are one `delete(model:where:)`'s whole selection (``BatchDeleteSelection/rescan``); `nil` otherwise.
    var pendingBatchRescan: StoreQueryToken?
    /// The number the identity map files each custom-store key under, by entity name.
    var customKeyNumbers: [String: [PrimaryKeyValue: Int64]] = [:]
    var nextCustomKeyNumber: Int64 = 0
    private var autosaveScheduled = false
    /// Work on a store's mirror tables that the next save commits with its rows; see
    /// ``save(to:mirrorBookkeeping:)``.
    var pendingMirrorBookkeeping: (store: ObjectIdentifier, work: MirrorBookkeeping)?
    /// Unsaved changes not yet processed for live queries.
    let pendingChangeDelivery: PendingChangeDelivery
    /// Who the context is to its stores, and the author its saves are recorded under.
    public var editingState: EditingState { EditingState(id: editingIdentity, author: author) }
    private let editingIdentity = UUID()

    /// Creates a context for a container's stores.
    public init(_ container: ModelContainer) {
        self.container = container
        self.pendingChangeDelivery = PendingChangeDelivery(signal: container.changeSignal)
    }

    /// Whether there are unsaved inserts, changes or deletes.
    public var hasChanges: Bool {
        !pendingInserts.isEmpty || !pendingChanges.isEmpty || !pendingDeletes.isEmpty || !pendingBatchDeletes.isEmpty
    }

    /// The models inserted since the last save.
    public var insertedModelsArray: [any PersistentModel] { pendingInserts.models }
    /// The stored models changed since the last save.
    public var changedModelsArray: [any PersistentModel] { pendingChanges.models }
    /// The models deleted since the last save.
    public var deletedModelsArray: [any PersistentModel] { pendingDeletes.models }

    /// Adds a model, and every model reachable through its relationships, to the context; saving stores them.
    public func insert<T: PersistentModel>(_ model: T) {
        insert(model as any PersistentModel)
    }

    func insert(_ model: any PersistentModel) {
        var queue: [any PersistentModel] = [model]
        var newlyInserted: [any PersistentModel] = []
        while let next = queue.popLast() {
            let backing = next.persistentBackingData
            if backing.context === self {
                if backing.isDeleted, pendingDeletes.contains(next) {
                    pendingDeletes.remove(next)
                    backing.isDeleted = false
                }
                continue
            }
            guard backing.context == nil else { continue }
            backing.context = self
            backing.modelType = type(of: next)
            if backing.isNew {
                pendingInserts.insert(next)
                newlyInserted.append(next)
            } else {
                register(next)
            }
            // Each value is read through its property's shape: a cast to its concrete type costs less than
            // one to `any RelationshipValue`.
            for property in ModelTypeCache.relationships(of: type(of: next)) {
                if let shape = property.relationshipShape, let value = backing.values[property.name] {
                    queue.append(contentsOf: shape.relatedModels(in: value))
                }
            }
        }
        for inserted in newlyInserted {
            RelationshipMaintainer.linkInitialRelationships(of: inserted)
        }
        if !newlyInserted.isEmpty { pendingChangeDelivery.noteChange() }
        scheduleAutosave()
    }

    /// Marks a model for deletion; saving removes it and applies its relationships' delete rules.
    public func delete<T: PersistentModel>(_ model: T) {
        delete(model as any PersistentModel)
    }

    func delete(_ model: any PersistentModel) {
        guard markDeleted(model) else { return }
        didMarkDeletions()
    }

    /// Tells observers, and autosave, about models marked with ``markDeleted(_:)``.
    func didMarkDeletions() {
        pendingChangeDelivery.noteChange()
        scheduleAutosave()
    }

    /// Marks a model for deletion without telling observers; returns whether it belonged to a context.
    func markDeleted(_ model: any PersistentModel) -> Bool {
        let backing = model.persistentBackingData
        if backing.context == nil { return false }
        if pendingInserts.contains(model) {
            pendingInserts.remove(model)
            backing.isDeleted = true
            detachRelationships(of: model)
            backing.context = nil
        } else {
            pendingChanges.remove(model)
            pendingDeletes.insert(model)
            backing.isDeleted = true
        }
        return true
    }

    /// Discards every unsaved insert, change and delete.
    public func rollback() {
        for model in pendingInserts.models {
            model.persistentBackingData.context = nil
        }
        for model in pendingChanges.models + pendingDeletes.models {
            model.persistentBackingData.isDeleted = false
            let keys = model.persistentBackingData.changedKeys
            model.persistentBackingData.discardChanges()
            for key in keys {
                model._$withObservedMutation(forKey: key) {}
            }
        }
        pendingInserts.removeAll()
        pendingChanges.removeAll()
        pendingDeletes.removeAll()
        pendingBatchDeletes.removeAll()
        pendingBatchRescan = nil
        pendingChangeDelivery.noteChange()
    }

    /// Runs `block`, then saves; if `block` throws, its changes are rolled back.
    ///
    /// - Throws: What `block` throws, or ``SwiftDataError`` when saving fails.
    public func transaction(block: () throws -> Void) throws {
        do {
            try block()
        } catch {
            rollback()
            throw error
        }
        try save()
    }

    /// Hands the context's unsaved inserts, deletes and edits to live queries now, rather than at the end
    /// of the current turn.
    ///
    /// A `@Query` keeps its results until the context's changes are processed: at the end of the
    /// current turn of the main actor (for changes made on it), on ``save()``, or here. Code that is not
    /// driven by the main actor, such as a test, calls this (or ``ModelEnvironment/endTurn()``) where an
    /// app would let the view update.
    public func processPendingChanges() {
        pendingChangeDelivery.deliver()
    }

    /// Called by backing data when a property of `model` changed.
    func modelDidChange(_ model: any PersistentModel) {
        // The key first: a new model, changed most while it is made, skips the two lookups.
        if model.persistentBackingData.primaryKey != nil, !pendingInserts.contains(model),
            !pendingDeletes.contains(model)
        {
            pendingChanges.insert(model)
        }
        pendingChangeDelivery.noteChange()
        scheduleAutosave()
    }

    /// Removes a model that is deleted before its first save from the relationships that hold it.
    private func detachRelationships(of model: any PersistentModel) {
        for property in ModelTypeCache.relationships(of: type(of: model)) {
            guard let inverse = ModelTypeCache.inverse(of: property, in: type(of: model)),
                let inverseShape = inverse.relationshipShape
            else { continue }
            for other in model.persistentBackingData.relatedModels(forKey: property.name, of: model) {
                RelationshipMaintainer.unlink(other, through: inverse, inverseShape: inverseShape, from: model)
            }
        }
    }

    private func scheduleAutosave() {
        guard autosaveEnabled, !autosaveScheduled, hasChanges else { return }
        autosaveScheduled = true
        let transfer = ContextTransfer(context: self)
        Task { @MainActor in
            transfer.context.runAutosave()
        }
    }

    private func runAutosave() {
        autosaveScheduled = false
        guard autosaveEnabled, hasChanges else { return }
        do {
            try save()
            workbenchAutosaveError = nil
        } catch {
            let failure =
                error as? SwiftDataError
                ?? SwiftDataError(.storeOperationFailed, reason: "\(error)", context: "saving automatically")
            workbenchAutosaveError = failure
            FileHandle.standardError.write(Data("[PersistenceModels] autosave failed: \(failure)\n".utf8))
        }
    }
}

/// Carries the context into the main actor's autosave task; contexts that autosave are used from the main actor.
// Unchecked Sendable: contexts that autosave are used from the main actor; this only carries one into the main actor's autosave task.
private struct ContextTransfer: @unchecked Sendable {
    let context: ModelContext
}

/// An insertion-ordered set of models, compared by identity.
struct ModelSet {
    /// The members in the order they were inserted, read as they are by every save.
    private(set) var models: [any PersistentModel] = []
    private var members: Set<ObjectIdentifier> = []

    var isEmpty: Bool { members.isEmpty }

    func contains(_ model: any PersistentModel) -> Bool { members.contains(ObjectIdentifier(model)) }

    mutating func insert(_ model: any PersistentModel) {
        guard members.insert(ObjectIdentifier(model)).inserted else { return }
        models.append(model)
    }

    mutating func remove(_ model: any PersistentModel) {
        let id = ObjectIdentifier(model)
        guard members.remove(id) != nil else { return }
        models.removeAll { ObjectIdentifier($0) == id }
    }

    mutating func removeAll() {
        models.removeAll()
        members.removeAll()
    }
}
