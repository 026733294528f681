import Foundation

/// Which transactions of a store's history to fetch or delete, and in which order (oldest first by default).
///
/// ```swift
/// var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
/// descriptor.predicate = #Predicate { $0.token > lastToken }
/// let transactions = try context.fetchHistory(descriptor)
/// ```
public struct HistoryDescriptor<T: HistoryTransaction> {
    /// Which transactions match; all of them when `nil`.
    public var predicate: Predicate<T>?
    /// The order of the results; oldest first when empty. Sorting happens in memory, before the limit.
    public var sortBy: [SortDescriptor<T>] = []
    /// The most transactions to return, the first ones in the descriptor's order; all of them when `nil`.
    public var fetchLimit: Int?

    /// Creates a descriptor for the transactions that match `predicate`.
    public init(predicate: Predicate<T>? = nil) {
        self.predicate = predicate
    }
}
