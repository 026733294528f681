// Section 3 — The vault: Keychain basics
//
// Goal: a small helper over the Security functions, so the rest of the app never builds a query
// dictionary by hand. Every item is a generic password (`kSecClassGenericPassword`) whose account
// (`kSecAttrAccount`) is the key:
//
//   - `save(_:for:)` stores the bytes, replacing whatever the key held before; the caller never sees
//     errSecDuplicateItem. Store items as `kSecAttrAccessibleAfterFirstUnlock`.
//   - `read(for:)` returns the bytes, or nil when the key holds nothing (errSecItemNotFound).
//   - `delete(for:)` removes the item; deleting a key that holds nothing is not an error.
//   - Any other status is thrown as a `KeychainError` (see KeychainError.swift) carrying that status.
//
// Use `SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate` and `SecItemDelete`, not the `Vault` type's
// convenience methods: the Security functions are what you will write on Apple platforms.
// Run `swift test --filter Section3` (or `swift run coach check 3`) to see which checks pass.

import PersistenceCore

/// Stores small secrets in the vault as generic passwords, one per key.
public enum KeychainHelper {
    /// Stores `data` under `key`, replacing any earlier value.
    ///
    /// - Parameters:
    ///   - data: The bytes to keep secret.
    ///   - key: The account name the item is filed under.
    /// - Throws: `KeychainError.saveFailed` with the status of the call that failed.
    public static func save(_ data: Data, for key: String) throws {
        // TODO: Build the query that names the item (class and account).
        // TODO: Remove any existing item first (or update it), so a second save never fails with errSecDuplicateItem.
        // TODO: Add the item with its data and kSecAttrAccessibleAfterFirstUnlock; throw on any status but success.
        throw KeychainError.saveFailed(errSecUnimplemented)
    }

    /// The bytes stored under `key`, or nil when there are none.
    ///
    /// - Parameter key: The account name the item is filed under.
    /// - Throws: `KeychainError.readFailed` with the status, for any failure other than errSecItemNotFound.
    public static func read(for key: String) throws -> Data? {
        // TODO: Ask SecItemCopyMatching for one item's data (kSecReturnData, kSecMatchLimitOne).
        // TODO: Answer nil for errSecItemNotFound, throw for any other failure, else return the Data.
        throw KeychainError.readFailed(errSecUnimplemented)
    }

    /// Removes the item stored under `key`; a key that holds nothing is left as it is, without an error.
    ///
    /// - Parameter key: The account name the item is filed under.
    /// - Throws: `KeychainError.deleteFailed` with the status, for any failure other than errSecItemNotFound.
    public static func delete(for key: String) throws {
        // TODO: Call SecItemDelete with the query that names the item.
        // TODO: Accept errSecSuccess and errSecItemNotFound; throw for anything else.
        throw KeychainError.deleteFailed(errSecUnimplemented)
    }
}
