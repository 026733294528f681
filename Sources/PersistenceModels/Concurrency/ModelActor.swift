import Foundation

/// An actor that owns a model context and does its model work off the main actor.
///
/// Declare one with `@ModelActor`, which adds the executor, the container and `init(modelContainer:)`.
/// Models never leave the actor; pass their ``PersistentIdentifier`` instead and look them up again
/// with `modelContext.model(for:)` or `self[identifier, as: Note.self]`.
///
/// ```swift
/// @ModelActor
/// actor NoteImporter {
///     func importTitles(_ titles: [String]) throws {
///         for title in titles { modelContext.insert(Note(title: title)) }
///         try modelContext.save()
///     }
/// }
/// ```
///
/// ## Topics
/// - ``modelContainer``
/// - ``modelExecutor``
/// - ``modelContext``
public protocol ModelActor: Actor {
    /// The container whose store the actor's context reads and writes.
    nonisolated var modelContainer: ModelContainer { get }
    /// The executor that runs the actor's work and owns its context.
    nonisolated var modelExecutor: any ModelExecutor { get }
}

extension ModelActor {
    /// The actor runs on its model executor, so its context is only used by the actor's own jobs.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        guard let serial = modelExecutor as? any SerialModelExecutor else {
            preconditionFailure("the model executor of \(Self.self) must be a SerialModelExecutor to run an actor")
        }
        return serial.asUnownedSerialExecutor()
    }

    /// The context the actor reads and writes models through.
    public var modelContext: ModelContext {
        modelExecutor.modelContext
    }

    /// The model with an identifier, typed as `T`, from this actor's context; `nil` when there is no such model.
    ///
    /// ```swift
    /// guard let note = self[noteID, as: Note.self] else { return }
    /// ```
    public subscript<T: PersistentModel>(id: PersistentIdentifier, as as: T.Type) -> T? {
        if let registered: T = modelContext.registeredModel(for: id) { return registered }
        guard let model = modelContext.model(for: id) as? T, !model.persistentBackingData.isDeleted else { return nil }
        return model
    }
}
