// Section 15 — Bulk work and the app's files
//
// Goal: keep each upload service's credentials in the keychain, as Codable values, behind an actor.
//
//   - Every item is a generic password whose key is the pair (service, account): `kSecAttrService` is
//     the vault's `service`, `kSecAttrAccount` the account. Both go into every query — add, search,
//     update and delete — so two services may keep the same account without touching each other.
//   - The value is the item's data, encoded as JSON; `value(_:account:)` decodes it, or returns nil
//     when the pair holds nothing.
//   - `save(_:account:)` replaces an earlier value. Items are stored as
//     `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: a background upload reads them while the
//     phone is locked, and they never move to another device through a backup.
//   - `delete(account:)` removes the item; deleting nothing is fine.
//   - Any other status is thrown as `CredentialVaultError` (see StationCredentials.swift).

import PersistenceCore

/// Codable values in the keychain, filed under one service.
public actor CredentialVault {
    /// The service every item of this vault is filed under, such as "com.example.upload".
    public let service: String

    /// A vault for the items of `service`.
    public init(service: String) {
        self.service = service
    }

    /// Stores `value` under `account`, replacing any earlier value.
    ///
    /// - Throws: `EncodingError`, or `CredentialVaultError` with the status of the call that failed.
    public func save<Value: Encodable>(_ value: Value, account: String) throws {
        let data = try JSONEncoder().encode(value)
        let query = itemQuery(account: account)
        let contents: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        let updateStatus = SecItemUpdate(query as CFDictionary, contents as CFDictionary)
        switch updateStatus {
        case errSecSuccess:
            return
        case errSecItemNotFound:
            let item = query.merging(contents) { _, new in new }
            let addStatus = SecItemAdd(item as CFDictionary, nil)
            guard addStatus == errSecSuccess else {
                throw CredentialVaultError(status: addStatus, operation: "saving")
            }
        default:
            throw CredentialVaultError(status: updateStatus, operation: "saving")
        }
    }

    /// The value stored under `account`, or nil when there is none.
    ///
    /// - Throws: `DecodingError`, or `CredentialVaultError` with the status of the search.
    public func value<Value: Decodable>(_ type: Value.Type, account: String) throws -> Value? {
        var query = itemQuery(account: account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            return try JSONDecoder().decode(type, from: result as? Data ?? Data())
        case errSecItemNotFound:
            return nil
        default:
            throw CredentialVaultError(status: status, operation: "reading")
        }
    }

    /// Removes the value stored under `account`; removing nothing is not an error.
    ///
    /// - Throws: `CredentialVaultError` with the status of the call.
    public func delete(account: String) throws {
        let status = SecItemDelete(itemQuery(account: account) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw CredentialVaultError(status: status, operation: "deleting")
        }
    }

    /// The attributes that name one item: its class, service and account.
    private func itemQuery(account: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }
}
