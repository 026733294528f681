// Section 15 — Bulk work and the app's files
// What the credential vault keeps, and the error it throws. You do not need to change this file.

import PersistenceCore

/// The sign-in a weather station's upload service gives the app.
public struct StationCredentials: Codable, Sendable, Hashable {
    /// The user's name at the service.
    public var username: String
    /// The key every upload is signed with.
    public var apiKey: String

    /// Credentials for `username`.
    public init(username: String, apiKey: String) {
        self.username = username
        self.apiKey = apiKey
    }
}

/// A Security function answered something other than success (or, for a search, "not found").
public struct CredentialVaultError: Error, Equatable, LocalizedError {
    /// The status the Security function returned, such as `errSecInteractionNotAllowed` (-25308).
    public let status: OSStatus
    /// What the vault was doing: "saving", "reading" or "deleting".
    public let operation: String

    /// An error for a call that returned `status` while `operation`.
    public init(status: OSStatus, operation: String) {
        self.status = status
        self.operation = operation
    }

    /// What failed, the system's sentence for the status, and what the vault was doing; never the item.
    public var errorDescription: String? {
        let sentence = SecCopyErrorMessageString(status, nil).map { String($0) } ?? "Unknown status."
        return "Keychain call failed: \(sentence) (OSStatus \(status)) — while \(operation) credentials"
    }
}
