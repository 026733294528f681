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
        let query = itemQuery(for: key)
        let contents: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
        ]

        // Change the item in place when it exists; add it only when there is none yet.
        let updateStatus = SecItemUpdate(query as CFDictionary, contents as CFDictionary)
        switch updateStatus {
        case errSecSuccess:
            return
        case errSecItemNotFound:
            let newItem = query.merging(contents) { _, new in new }
            let addStatus = SecItemAdd(newItem as CFDictionary, nil)
            guard addStatus == errSecSuccess else { throw KeychainError.saveFailed(addStatus) }
        default:
            throw KeychainError.saveFailed(updateStatus)
        }
    }

    /// The bytes stored under `key`, or nil when there are none.
    ///
    /// - Parameter key: The account name the item is filed under.
    /// - Throws: `KeychainError.readFailed` with the status, for any failure other than errSecItemNotFound.
    public static func read(for key: String) throws -> Data? {
        var query = itemQuery(for: key)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne

        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data else { throw KeychainError.readFailed(errSecDecode) }
            return data
        case errSecItemNotFound:
            return nil
        default:
            throw KeychainError.readFailed(status)
        }
    }

    /// Removes the item stored under `key`; a key that holds nothing is left as it is, without an error.
    ///
    /// - Parameter key: The account name the item is filed under.
    /// - Throws: `KeychainError.deleteFailed` with the status, for any failure other than errSecItemNotFound.
    public static func delete(for key: String) throws {
        let status = SecItemDelete(itemQuery(for: key) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw KeychainError.deleteFailed(status)
        }
    }

    /// The attributes that name the item filed under `key`.
    private static func itemQuery(for key: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: key,
        ]
    }
}
