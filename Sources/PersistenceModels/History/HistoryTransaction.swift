import Foundation

/// A marker in a store's history: everything saved after it has a greater token.
///
/// Tokens are `Codable`, so an app can keep the last one it processed and ask for what came after it.
public protocol HistoryToken: Codable, Comparable, Hashable, Sendable {}

/// One save recorded in a store's history, with the changes it made.
///
/// ## Topics
/// - ``token``
/// - ``changes``
/// - ``author``
public protocol HistoryTransaction: Hashable, Identifiable, Sendable {
    /// The kind of token that marks the transaction's place in the history.
    associatedtype TokenType: HistoryToken

    /// The inserts, updates and deletes of the save.
    var changes: [HistoryChange] { get }
    /// A number that identifies the transaction within its store.
    var transactionIdentifier: Int64 { get }
    /// The identifier of the store that recorded the transaction.
    var storeIdentifier: String { get }
    /// The bundle identifier (or, without one, the name) of the program that saved.
    var bundleIdentifier: String { get }
    /// The process identifier of the program that saved.
    var processIdentifier: String { get }
    /// The saving context's ``ModelContext/author``, if it had one.
    var author: String? { get }
    /// When the save happened.
    var timestamp: Date { get }
    /// The transaction's place in the history.
    var token: TokenType { get }
}
