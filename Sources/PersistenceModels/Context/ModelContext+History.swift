import Foundation

extension ModelContext {
    /// The transactions of the store's history that match a descriptor, oldest first unless it sorts them.
    ///
    /// The default store runs a predicate over `token`, `transactionIdentifier`, `timestamp` and
    /// `author` (with comparisons, `==`, `!=`, `&&`, `||`, `!`) in SQLite, any other predicate in memory
    /// over every transaction, with the same result. Each transaction's changes are read with it. Custom
    /// stores keep no history.
    ///
    /// ```swift
    /// var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
    /// descriptor.predicate = #Predicate { $0.token > lastToken }
    /// for transaction in try context.fetchHistory(descriptor) { … }
    /// ```
    ///
    /// - Parameter descriptor: Which transactions, in which order, and at most how many.
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    public func fetchHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws
        -> [DefaultHistoryTransaction]
    {
        try container.stores.compactMap(\.engine).flatMap { try $0.fetchHistory(descriptor) }
    }

    /// Deletes the transactions of the store's history that match a descriptor (all of them without a predicate).
    ///
    /// The models the transactions changed are not affected; tokens of deleted transactions are never reused.
    ///
    /// ```swift
    /// try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token < oldestNeeded }))
    /// ```
    ///
    /// - Parameter descriptor: Which transactions to delete; with a `fetchLimit`, only the first ones in its order.
    /// - Throws: ``SwiftDataError`` when the store cannot be written or the predicate fails to evaluate.
    public func deleteHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws {
        for engine in container.stores.compactMap(\.engine) {
            guard engine.allowsSave else {
                throw SwiftDataError(
                    .saveNotAllowed, reason: "the configuration was created with allowsSave: false",
                    context: "deleting history")
            }
            try engine.deleteHistory(descriptor)
        }
    }
}
