import Foundation

/// One save recorded in the history of a container's store.
///
/// ```swift
/// for transaction in try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()) {
///     print(transaction.author ?? "unknown", transaction.changes.count)
/// }
/// ```
public struct DefaultHistoryTransaction: HistoryTransaction {
    /// The inserts, updates and deletes of the save, inserts first, then updates, then deletes.
    public let changes: [HistoryChange]
    /// A number that identifies the transaction within its store.
    public let transactionIdentifier: Int64
    /// The identifier of the store that recorded the transaction.
    public let storeIdentifier: String
    /// The bundle identifier (or, without one, the name) of the program that saved.
    public let bundleIdentifier: String
    /// The process identifier of the program that saved.
    public let processIdentifier: String
    /// The saving context's ``ModelContext/author``, if it had one.
    public let author: String?
    /// When the save happened.
    public let timestamp: Date
    /// The transaction's place in the history.
    public let token: DefaultHistoryToken

    package init(
        changes: [HistoryChange], transactionIdentifier: Int64, storeIdentifier: String, bundleIdentifier: String,
        processIdentifier: String, author: String?, timestamp: Date, token: DefaultHistoryToken
    ) {
        self.changes = changes
        self.transactionIdentifier = transactionIdentifier
        self.storeIdentifier = storeIdentifier
        self.bundleIdentifier = bundleIdentifier
        self.processIdentifier = processIdentifier
        self.author = author
        self.timestamp = timestamp
        self.token = token
    }

    /// The transaction's identifier.
    public var id: Int64 { transactionIdentifier }

    /// Transactions are the same when they are the same save of the same store.
    public static func == (lhs: DefaultHistoryTransaction, rhs: DefaultHistoryTransaction) -> Bool {
        lhs.token == rhs.token
    }

    /// Hashes the transaction's token.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(token)
    }
}
