// Section 3 — The vault: Keychain basics
// The error your keychain helper throws. You do not need to change this file.

import PersistenceCore

/// A Security function returned something other than success; the case says which helper call failed.
///
/// ```swift
/// let status = SecItemAdd(query as CFDictionary, nil)
/// guard status == errSecSuccess else { throw KeychainError.saveFailed(status) }
/// ```
public enum KeychainError: Error, Equatable, LocalizedError {
    /// Saving an item failed with this status.
    case saveFailed(OSStatus)
    /// Reading an item failed with this status (never `errSecItemNotFound`: a missing item reads as nil).
    case readFailed(OSStatus)
    /// Deleting an item failed with this status (never `errSecItemNotFound`: deleting nothing is fine).
    case deleteFailed(OSStatus)

    /// The status the Security function returned, such as `errSecDuplicateItem` (-25299).
    public var status: OSStatus {
        switch self {
        case .saveFailed(let status), .readFailed(let status), .deleteFailed(let status): status
        }
    }

    /// What failed, the system's sentence for the status, and what the helper was doing; never the item's data.
    public var errorDescription: String? {
        let sentence = SecCopyErrorMessageString(status, nil).map { String($0) } ?? "Unknown status."
        let reason = "\(sentence) (OSStatus \(status))"
        switch self {
        case .saveFailed: return "Keychain save failed: \(reason) — while storing an item in the vault"
        case .readFailed: return "Keychain read failed: \(reason) — while searching the vault for an item"
        case .deleteFailed: return "Keychain delete failed: \(reason) — while removing an item from the vault"
        }
    }
}
