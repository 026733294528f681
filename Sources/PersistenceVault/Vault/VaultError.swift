import Foundation

/// A vault operation that failed, with the Security status code Apple's keychain reports for the same failure.
///
/// The description never contains item values, accounts or services:
/// "Adding a vault item failed: an item with the same primary key already exists — while adding a genp item".
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
    public let reason: String

    /// Creates an error for a failed vault operation.
    public init(_ code: Code, _ reason: String, during operation: VaultOperation) {
        self.code = code
        self.reason = reason
        self.operation = operation
    }

    /// The Security status code Apple's keychain returns for the same failure.
    public var status: OSStatus { code.status }

    /// "<what failed>: <reason> — while <context>".
    public var description: String {
        "\(operation.failureSummary): \(reason) — while \(operation.context)"
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

    var failureSummary: String {
        switch self {
        case .add: "Adding a vault item failed"
        case .search: "Searching the vault failed"
        case .update: "Updating vault items failed"
        case .delete: "Deleting vault items failed"
        case .backup: "Backing up the vault failed"
        case .restore: "Restoring a vault backup failed"
        }
    }

    var context: String {
        switch self {
        case .add: "adding an item to the vault"
        case .search: "searching the vault with a query"
        case .update: "updating the items a query matches"
        case .delete: "deleting the items a query matches"
        case .backup: "reading every vault item for a backup"
        case .restore: "writing backed-up items into the vault"
        }
    }
}
