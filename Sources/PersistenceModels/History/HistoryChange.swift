import Foundation

/// One change a transaction made to one model.
///
/// ```swift
/// for change in transaction.changes {
///     switch change {
///     case .insert(let insert): print("inserted", insert.changedPersistentIdentifier)
///     case .update(let update): print("updated", update.changedPersistentIdentifier)
///     case .delete(let delete): print("deleted", delete.changedPersistentIdentifier)
///     }
/// }
/// ```
public enum HistoryChange: Sendable {
    /// A model was inserted.
    case insert(any HistoryInsert)
    /// Attributes or relationships of a stored model were changed.
    case update(any HistoryUpdate)
    /// A model was deleted.
    case delete(any HistoryDelete)

    /// The identifier of the model the change is about, whatever its kind.
    public var changedPersistentIdentifier: PersistentIdentifier {
        switch self {
        case .insert(let insert): insert.changedPersistentIdentifier
        case .update(let update): update.changedPersistentIdentifier
        case .delete(let delete): delete.changedPersistentIdentifier
        }
    }
}

/// The insert of a model, as recorded in the history.
public protocol HistoryInsert<Model>: Sendable {
    /// The type of the inserted model.
    associatedtype Model: PersistentModel
    /// The identifier of the inserted model.
    var changedPersistentIdentifier: PersistentIdentifier { get }
    /// The transaction that made the change.
    var transactionIdentifier: Int64 { get }
}

/// A change to a stored model, as recorded in the history.
public protocol HistoryUpdate<Model>: Sendable {
    /// The type of the changed model.
    associatedtype Model: PersistentModel
    /// The identifier of the changed model.
    var changedPersistentIdentifier: PersistentIdentifier { get }
    /// The transaction that made the change.
    var transactionIdentifier: Int64 { get }
    /// The key paths of the attributes and relationships the save wrote.
    var updatedAttributes: [PartialKeyPath<Model>] { get }
}

/// The delete of a model, as recorded in the history.
public protocol HistoryDelete<Model>: Sendable {
    /// The type of the deleted model.
    associatedtype Model: PersistentModel
    /// The identifier the deleted model had.
    var changedPersistentIdentifier: PersistentIdentifier { get }
    /// The transaction that made the change.
    var transactionIdentifier: Int64 { get }
    /// The values the model's `.preserveValueOnDeletion` attributes held when it was deleted.
    var tombstone: HistoryTombstone<Model> { get }
}

/// The insert of a model of type `Model`.
public struct DefaultHistoryInsert<Model: PersistentModel>: HistoryInsert {
    /// The identifier of the inserted model.
    public let changedPersistentIdentifier: PersistentIdentifier
    /// The transaction that made the change.
    public let transactionIdentifier: Int64

    package init(changedPersistentIdentifier: PersistentIdentifier, transactionIdentifier: Int64) {
        self.changedPersistentIdentifier = changedPersistentIdentifier
        self.transactionIdentifier = transactionIdentifier
    }
}

/// A change to a stored model of type `Model`.
///
/// ```swift
/// if let update = change as? DefaultHistoryUpdate<Note>, update.updatedAttributes.contains(\Note.title) { … }
/// ```
public struct DefaultHistoryUpdate<Model: PersistentModel>: HistoryUpdate {
    /// The identifier of the changed model.
    public let changedPersistentIdentifier: PersistentIdentifier
    /// The transaction that made the change.
    public let transactionIdentifier: Int64
    // Key paths are immutable values; the standard library only lacks the Sendable annotation.
    /// The key paths of the attributes and relationships the save wrote, in the order the model declares them.
    public nonisolated(unsafe) let updatedAttributes: [PartialKeyPath<Model>]

    package init(
        changedPersistentIdentifier: PersistentIdentifier, transactionIdentifier: Int64,
        updatedAttributes: [PartialKeyPath<Model>]
    ) {
        self.changedPersistentIdentifier = changedPersistentIdentifier
        self.transactionIdentifier = transactionIdentifier
        self.updatedAttributes = updatedAttributes
    }
}

/// The delete of a model of type `Model`.
///
/// ```swift
/// if case .delete(let deleted as DefaultHistoryDelete<Trip>) = change {
///     print(deleted.tombstone[\.destination] ?? "no destination kept")
/// }
/// ```
public struct DefaultHistoryDelete<Model: PersistentModel>: HistoryDelete {
    /// The identifier the deleted model had.
    public let changedPersistentIdentifier: PersistentIdentifier
    /// The transaction that made the change.
    public let transactionIdentifier: Int64
    /// The values the model's `.preserveValueOnDeletion` attributes held when it was deleted, recorded in
    /// the same store transaction as the delete.
    public let tombstone: HistoryTombstone<Model>

    package init(
        changedPersistentIdentifier: PersistentIdentifier, transactionIdentifier: Int64,
        tombstone: HistoryTombstone<Model> = .init()
    ) {
        self.changedPersistentIdentifier = changedPersistentIdentifier
        self.transactionIdentifier = transactionIdentifier
        self.tombstone = tombstone
    }
}
