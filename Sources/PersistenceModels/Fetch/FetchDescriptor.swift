import Foundation

/// What to fetch: which models (a predicate), in which order, and how many.
///
/// ```swift
/// var descriptor = FetchDescriptor<Note>(
///     predicate: #Predicate { $0.isPinned },
///     sortBy: [SortDescriptor(\.createdAt, order: .reverse)]
/// )
/// descriptor.fetchLimit = 10
/// ```
public struct FetchDescriptor<T: PersistentModel> {
    /// The condition models must meet; `nil` fetches every model.
    public var predicate: Predicate<T>?
    /// The order of the results, most significant first.
    public var sortBy: [SortDescriptor<T>]
    /// The most models to return; `nil` returns them all.
    public var fetchLimit: Int?
    /// How many matching models to skip first; `nil` skips none.
    public var fetchOffset: Int?
    /// Whether unsaved inserts, changes and deletes of the context are reflected in the results.
    public var includePendingChanges = true
    /// Accepted for source compatibility; every attribute is fetched.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// Relationships to load together with the results.
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    /// Creates a descriptor.
    ///
    /// - Parameters:
    ///   - predicate: The condition models must meet; `nil` for all.
    ///   - sortBy: The order of the results.
    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
