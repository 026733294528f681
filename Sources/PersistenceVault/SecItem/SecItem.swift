import Foundation

// The Security framework's item functions, working on `Vault.current`. They never throw: like Apple's,
// they report every outcome as an `OSStatus`; the throwing `Vault` methods also say why.

/// Adds an item to the vault.
///
/// ```swift
/// let status = SecItemAdd(query as CFDictionary, nil)
/// ```
/// - Parameters:
///   - attributes: The item's class, attributes and `kSecValueData`, plus any return keys.
///   - result: Receives what the return keys ask for; pass nil when you need nothing back.
/// - Returns: `errSecSuccess`, or `errSecDuplicateItem`, `errSecParam`, `errSecInteractionNotAllowed`, ….
@discardableResult
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    SecItemCall.run(attributes) { dictionary throws(VaultError) in
        let value = try Vault.current.add(dictionary)
        if let result, let value { result.pointee = SecItemCall.object(value) }
    }
}

/// Searches the vault and returns the matches in the shape the return keys and match limit ask for.
///
/// ```swift
/// var result: AnyObject?
/// let status = SecItemCopyMatching(query as CFDictionary, &result)
/// ```
/// - Parameters:
///   - query: The class, attributes to match, return keys and `kSecMatchLimit`.
///   - result: Receives the matches; left untouched when the search fails.
/// - Returns: `errSecSuccess`, or `errSecItemNotFound`, `errSecParam`, `errSecInteractionNotAllowed`,
///   `errSecDecode` when an item the query could match cannot be read, ….
@discardableResult
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    SecItemCall.run(query) { dictionary throws(VaultError) in
        let value = try Vault.current.copyMatching(dictionary)
        if let result { result.pointee = value.map(SecItemCall.object) }
    }
}

/// Changes every item that matches a query.
///
/// ```swift
/// let status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
/// ```
/// - Parameters:
///   - query: The class and attributes to match; no return keys or match limit.
///   - attributesToUpdate: The attributes and `kSecValueData` to set.
/// - Returns: `errSecSuccess`, or `errSecItemNotFound`, `errSecDuplicateItem`, `errSecParam`, ….
@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    guard let changes = SecItemCall.swiftDictionary(attributesToUpdate) else { return errSecParam }
    return SecItemCall.run(query) { dictionary throws(VaultError) in
        try Vault.current.update(dictionary, with: changes)
    }
}

/// Deletes every item that matches a query.
///
/// ```swift
/// SecItemDelete(query as CFDictionary)
/// ```
/// - Parameter query: The class and attributes to match; no match limit.
/// - Returns: `errSecSuccess`, or `errSecItemNotFound`, `errSecParam`, `errSecInteractionNotAllowed`, ….
@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    SecItemCall.run(query) { dictionary throws(VaultError) in
        try Vault.current.delete(dictionary)
    }
}

/// A misspelling of `SecItemCopyMatching` found in some guides; Apple's SDK has no such function either.
@available(*, unavailable, renamed: "SecItemCopyMatching")
public func SecCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError("unavailable")
}

/// Bridges between the Core Foundation shapes of the C functions and the vault's Swift API.
enum SecItemCall {
    static func run(_ dictionary: CFDictionary, _ body: ([String: Any]) throws(VaultError) -> Void) -> OSStatus {
        guard let swiftDictionary = swiftDictionary(dictionary) else { return errSecParam }
        do {
            try body(swiftDictionary)
            return errSecSuccess
        } catch {
            return error.status
        }
    }

    /// The dictionary with String keys, or nil when a key is not a string (Apple answers errSecParam).
    static func swiftDictionary(_ dictionary: CFDictionary) -> [String: Any]? {
        var result: [String: Any] = [:]
        for (key, value) in dictionary {
            guard let key = QueryValueReader.string(key) else { return nil }
            result[key] = value
        }
        return result
    }

    /// A result value as the object Apple hands back: `Data`, a dictionary, or an array of either.
    static func object(_ value: Any) -> CFTypeRef {
        switch value {
        case let data as Data: data as NSData
        case let dictionary as [String: Any]: dictionary as NSDictionary
        case let array as [Any]: array as NSArray
        default: value as AnyObject
        }
    }
}
