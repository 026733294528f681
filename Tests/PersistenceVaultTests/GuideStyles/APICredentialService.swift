// A Keychain service in the style of the health-tracking chapter: add first, and update the existing
// item when the add reports a duplicate. Nothing here is specific to Linux.
import Foundation
import PersistenceCore

enum APICredentialService {
    static let service = "com.example.fitness"

    enum CredentialError: Error, Equatable {
        case missing
        case notData
        case status(OSStatus)
    }

    static func save(_ secret: Data, for name: String) throws {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: name,
            kSecValueData as String: secret,
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
        ]
        let addStatus = SecItemAdd(item as CFDictionary, nil)
        if addStatus == errSecDuplicateItem {
            let match: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: name,
            ]
            let changes: [String: Any] = [kSecValueData as String: secret]
            let updateStatus = SecItemUpdate(match as CFDictionary, changes as CFDictionary)
            guard updateStatus == errSecSuccess else {
                throw CredentialError.status(updateStatus)
            }
        } else if addStatus != errSecSuccess {
            throw CredentialError.status(addStatus)
        }
    }

    static func secret(for name: String) throws -> Data {
        let match: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: name,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var item: CFTypeRef?
        let status = SecItemCopyMatching(match as CFDictionary, &item)
        guard status != errSecItemNotFound else {
            throw CredentialError.missing
        }
        guard status == errSecSuccess else {
            throw CredentialError.status(status)
        }
        guard let secret = item as? Data else {
            throw CredentialError.notData
        }
        return secret
    }
}
