// A Keychain manager in the style of the persistence reference: an actor whose save falls back to an
// update, plus Codable helpers. Nothing here is specific to Linux.
import Foundation
import PersistenceCore

actor SessionVault {
    enum Failure: Error, Equatable {
        case notFound
        case unexpected(OSStatus)
    }

    func save(_ payload: Data, as label: String) throws {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: label,
            kSecValueData as String: payload,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
        ]
        let status = SecItemAdd(item as CFDictionary, nil)
        if status == errSecDuplicateItem {
            try replace(payload, as: label)
        } else if status != errSecSuccess {
            throw Failure.unexpected(status)
        }
    }

    func load(_ label: String) throws -> Data {
        let match: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: label,
            kSecReturnData as String: true,
        ]
        var result: AnyObject?
        let status = SecItemCopyMatching(match as CFDictionary, &result)
        guard status == errSecSuccess, let payload = result as? Data else {
            throw Failure.notFound
        }
        return payload
    }

    func remove(_ label: String) throws {
        let match: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: label,
        ]
        let status = SecItemDelete(match as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw Failure.unexpected(status)
        }
    }

    private func replace(_ payload: Data, as label: String) throws {
        let match: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: label,
        ]
        let changes: [String: Any] = [kSecValueData as String: payload]
        let status = SecItemUpdate(match as CFDictionary, changes as CFDictionary)
        guard status == errSecSuccess else {
            throw Failure.unexpected(status)
        }
    }
}

extension SessionVault {
    func save<Value: Codable>(_ value: Value, as label: String) throws {
        try save(try JSONEncoder().encode(value), as: label)
    }

    func load<Value: Codable>(_ label: String) throws -> Value {
        try JSONDecoder().decode(Value.self, from: try load(label))
    }
}
