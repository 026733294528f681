import Foundation

/// Which transactions of a store's history to fetch or delete, oldest first.
///
/// ```swift
/// var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
/// descriptor.predicate = #Predicate { $0.token > lastToken }
/// let transactions = try context.fetchHistory(descriptor)
/// ```
public struct HistoryDescriptor<T: HistoryTransaction> {
    /// Which transactions match; all of them when `nil`.
    public var predicate: Predicate<T>?
    /// The most transactions to return, the oldest ones first; all of them when `nil`.
    public var fetchLimit: Int?

    /// Creates a descriptor for the transactions that match `predicate`.
    public init(predicate: Predicate<T>? = nil) {
        self.predicate = predicate
    }
}
