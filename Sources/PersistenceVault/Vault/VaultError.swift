import Foundation

/// A vault operation that failed, with the Security status code Apple's keychain reports for the same failure.
///
/// The description names the status both ways and never contains item values, accounts or services:
/// "Adding a vault item failed: an item with the same primary key already exists — errSecDuplicateItem
/// (-25299) — while adding a genp item".
public struct VaultError: Error, Equatable, CustomStringConvertible {
    /// Why an operation failed; each code maps to one `errSec…` status.
    public enum Code: Sendable, Equatable {
        /// A query key or value is invalid (`errSecParam`).
        case invalidParameter
        /// An attribute does not belong to the item's class (`errSecNoSuchAttr`).
        case noSuchAttribute
        /// The item class is unknown (`errSecNoSuchClass`).
        case noSuchClass
        /// The item class exists but the vault does not store it (`errSecUnimplemented`).
        case unimplemented
        /// An item with the same primary key exists (`errSecDuplicateItem`).
        case duplicateItem
        /// No item matches the query (`errSecItemNotFound`).
        case itemNotFound
        /// The device is locked and the item's accessibility requires it unlocked (`errSecInteractionNotAllowed`).
        case interactionNotAllowed
        /// The stored item cannot be decrypted: it was damaged or changed outside the vault (`errSecDecode`).
        case decode
        /// The app is not entitled to the access group (`errSecMissingEntitlement`).
        case missingEntitlement
        /// A read-only attribute was given a value (`errSecReadOnlyAttr`).
        case readOnlyAttribute
        /// The item's accessibility needs a device passcode and none is set (`errSecNotAvailable`).
        case notAvailable
        /// Reading or writing the vault's files failed (`errSecIO`).
        case io

        /// The Security status code for this failure.
        public var status: OSStatus {
            switch self {
            case .invalidParameter: errSecParam
            case .noSuchAttribute: errSecNoSuchAttr
            case .noSuchClass: errSecNoSuchClass
            case .unimplemented: errSecUnimplemented
            case .duplicateItem: errSecDuplicateItem
            case .itemNotFound: errSecItemNotFound
            case .interactionNotAllowed: errSecInteractionNotAllowed
            case .decode: errSecDecode
            case .missingEntitlement: errSecMissingEntitlement
            case .readOnlyAttribute: errSecReadOnlyAttr
            case .notAvailable: errSecNotAvailable
            case .io: errSecIO
            }
        }
    }

    /// Why the operation failed.
    public let code: Code
    /// The operation that failed.
    public let operation: VaultOperation
    /// What went wrong, in words that never include an item's values.
    public let cause: String
    /// What the app or the user can do about it, when there is something to do.
    public let recoverySuggestion: String?
    /// The item class the operation worked on (`genp`, `inet`), when the query named one.
    public let itemClass: String?

    /// Creates an error for a failed vault operation.
    /// - Parameters:
    ///   - code: Why it failed; decides the status code.
    ///   - cause: What went wrong, without item values, accounts or services.
    ///   - recoverySuggestion: How to recover, when there is a way.
    ///   - itemClass: The item class the operation worked on, for the error's context.
    ///   - operation: The operation that failed.
    public init(
        _ code: Code,
        _ cause: String,
        recoverySuggestion: String? = nil,
        itemClass: String? = nil,
        during operation: VaultOperation
    ) {
        self.code = code
        self.cause = cause
        self.recoverySuggestion = recoverySuggestion
        self.itemClass = itemClass
        self.operation = operation
    }

    /// The Security status code Apple's keychain returns for the same failure.
    public var status: OSStatus { code.status }

    /// What went wrong and, when there is a way, how to recover: "<cause>; <recovery suggestion>".
    public var reason: String {
        recoverySuggestion.map { "\(cause); \($0)" } ?? cause
    }

    /// "<what failed>: <cause> — <status name> (<status>); <recovery> — while <context>", such as
    /// "Searching the vault failed: no item matches the query — errSecItemNotFound (-25300) — while
    /// searching for a genp item".
    public var description: String {
        let statusName = SecStatusMessages.symbol(for: status) ?? "OSStatus"
        let recovery = recoverySuggestion.map { "; \($0)" } ?? ""
        return "\(operation.failureSummary): \(cause) — \(statusName) (\(status))\(recovery)"
            + " — while \(operation.context(itemClass: itemClass))"
    }

    /// This error, attributed to `itemClass` unless it already names a class.
    func naming(itemClass: String) -> VaultError {
        VaultError(
            code, cause, recoverySuggestion: recoverySuggestion, itemClass: self.itemClass ?? itemClass,
            during: operation
        )
    }
}

/// The vault operations, named for error messages.
public enum VaultOperation: Sendable, Equatable {
    /// Adding an item (`SecItemAdd`).
    case add
    /// Searching for items (`SecItemCopyMatching`).
    case search
    /// Updating items (`SecItemUpdate`).
    case update
    /// Deleting items (`SecItemDelete`).
    case delete
    /// Taking a backup of the vault.
    case backup
    /// Restoring a backup into the vault.
    case restore
    /// Erasing every item of the vault (``Vault/erase()``).
    case erase

    var failureSummary: String {
        switch self {
        case .add: "Adding a vault item failed"
        case .search: "Searching the vault failed"
        case .update: "Updating vault items failed"
        case .delete: "Deleting vault items failed"
        case .backup: "Backing up the vault failed"
        case .restore: "Restoring a vault backup failed"
        case .erase: "Erasing the vault failed"
        }
    }

    /// What the operation was doing, naming the item class when it is known.
    func context(itemClass: String?) -> String {
        switch (self, itemClass) {
        case (.add, let itemClass?): "adding \(Self.article(itemClass)) \(itemClass) item"
        case (.add, nil): "adding an item to the vault"
        case (.search, let itemClass?): "searching for \(Self.article(itemClass)) \(itemClass) item"
        case (.search, nil): "searching the vault with a query"
        case (.update, let itemClass?): "updating the \(itemClass) items a query matches"
        case (.update, nil): "updating the items a query matches"
        case (.delete, let itemClass?): "deleting the \(itemClass) items a query matches"
        case (.delete, nil): "deleting the items a query matches"
        case (.backup, _): "reading every vault item for a backup"
        case (.restore, _): "writing backed-up items into the vault"
        case (.erase, _): "removing every item and the vault's integrity record"
        }
    }

    /// "an" before a class read with a vowel ("an inet item"), "a" otherwise ("a genp item").
    private static func article(_ itemClass: String) -> String {
        itemClass.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
