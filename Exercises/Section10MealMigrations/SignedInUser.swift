// Section 10 — Schema migrations
// Who is signed in, kept in the vault. You do not need to change this file.

import PersistenceCore

/// The id of the user signed in to the meal tracker, kept in the vault as a generic password that can be
/// read only while the device is unlocked.
///
/// ```swift
/// try SignedInUser.signIn(as: "user-42")
/// let id = try SignedInUser.id()    // "user-42"
/// ```
public enum SignedInUser {
    /// The item's service.
    public static let service = "com.example.MealTracker"
    /// The item's account.
    public static let account = "signedInUserID"

    /// The signed-in user's id.
    ///
    /// - Throws: ``SignedInUserError/vaultLocked`` while the device is locked,
    ///   ``SignedInUserError/notSignedIn`` when nobody is signed in, and
    ///   ``SignedInUserError/unreadable(_:)`` for any other failure of the vault.
    public static func id() throws(SignedInUserError) -> String {
        var query = itemQuery
        query[kSecReturnData as String] = true
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data, let id = String(data: data, encoding: .utf8), !id.isEmpty else {
                throw .unreadable(errSecDecode)
            }
            return id
        case errSecItemNotFound:
            throw .notSignedIn
        case errSecInteractionNotAllowed:
            throw .vaultLocked
        default:
            throw .unreadable(status)
        }
    }

    /// Signs `id` in, replacing whoever was signed in.
    ///
    /// - Throws: ``SignedInUserError`` when the vault refuses the item.
    public static func signIn(as id: String) throws(SignedInUserError) {
        try signOut()
        var item = itemQuery
        item[kSecValueData as String] = Data(id.utf8)
        item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else {
            throw status == errSecInteractionNotAllowed ? .vaultLocked : .unreadable(status)
        }
    }

    /// Signs the user out; signing out when nobody is signed in does nothing.
    ///
    /// - Throws: ``SignedInUserError`` when the vault refuses the delete.
    public static func signOut() throws(SignedInUserError) {
        let status = SecItemDelete(itemQuery as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw status == errSecInteractionNotAllowed ? .vaultLocked : .unreadable(status)
        }
    }

    private static var itemQuery: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }
}

/// Why the signed-in user's id cannot be read.
public enum SignedInUserError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device is locked, so the vault keeps the item closed; it opens once the device is unlocked.
    case vaultLocked
    /// Nobody is signed in.
    case notSignedIn
    /// The vault answered with another status.
    case unreadable(OSStatus)

    /// What went wrong and what helps.
    public var description: String {
        switch self {
        case .vaultLocked: "The signed-in user's id cannot be read while the device is locked — unlock it and open the app again"
        case .notSignedIn: "Nobody is signed in — sign in, then open the app again"
        case .unreadable(let status): "The signed-in user's id cannot be read: the vault answered \(status)"
        }
    }
}
