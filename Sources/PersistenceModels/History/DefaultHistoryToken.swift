import Foundation

/// The place of a transaction in the history of a store.
///
/// Tokens of one store grow with every save and are never reused, even after ``ModelContext/deleteHistory(_:)``.
///
/// ```swift
/// let data = try JSONEncoder().encode(transaction.token)
/// let saved = try JSONDecoder().decode(DefaultHistoryToken.self, from: data)
/// ```
public struct DefaultHistoryToken: HistoryToken, CustomStringConvertible {
    /// The store whose history the token belongs to.
    package let storeIdentifier: String
    /// The number of the transaction within that store.
    package let transactionNumber: Int64

    package init(storeIdentifier: String, transactionNumber: Int64) {
        self.storeIdentifier = storeIdentifier
        self.transactionNumber = transactionNumber
    }

    /// Orders tokens of one store by when their transactions were saved; tokens of different stores by store.
    public static func < (lhs: DefaultHistoryToken, rhs: DefaultHistoryToken) -> Bool {
        if lhs.storeIdentifier != rhs.storeIdentifier { return lhs.storeIdentifier < rhs.storeIdentifier }
        return lhs.transactionNumber < rhs.transactionNumber
    }

    /// A readable form such as `history/12`.
    public var description: String { "history/\(transactionNumber)" }
}
