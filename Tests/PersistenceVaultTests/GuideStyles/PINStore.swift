// A Keychain helper in the style of Section 3: an enum of static functions that replaces an item by
// deleting it and adding it again. Nothing here is specific to Linux.
import Foundation
import PersistenceCore

enum PINStore {
    static func store(_ secret: Data, under name: String) throws {
        let lookup: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: name,
        ]

        // Replacing means removing whatever is there, then adding afresh.
        SecItemDelete(lookup as CFDictionary)

        var newItem = lookup
        newItem[kSecValueData as String] = secret
        let status = SecItemAdd(newItem as CFDictionary, nil)
        guard status == errSecSuccess else {
            throw PINStoreError.storeFailed(status)
        }
    }

    static func load(name: String) throws -> Data? {
        let lookup: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: name,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var result: AnyObject?
        let status = SecItemCopyMatching(lookup as CFDictionary, &result)
        if status == errSecItemNotFound {
            return nil
        }
        guard status == errSecSuccess else {
            throw PINStoreError.loadFailed(status)
        }
        return result as? Data
    }

    static func remove(name: String) throws {
        let lookup: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: name,
        ]
        let status = SecItemDelete(lookup as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw PINStoreError.removeFailed(status)
        }
    }
}

enum PINStoreError: LocalizedError {
    case storeFailed(OSStatus)
    case loadFailed(OSStatus)
    case removeFailed(OSStatus)

    var errorDescription: String? {
        switch self {
        case .storeFailed(let status): "Could not store the PIN (\(status))"
        case .loadFailed(let status): "Could not load the PIN (\(status))"
        case .removeFailed(let status): "Could not remove the PIN (\(status))"
        }
    }
}
