@_exported import DeviceBench
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section3Keychain
import Testing

/// The device a check runs on: a fresh NoteTaker device with its own sandbox and vault (see
/// `ThrowawayDevice` in Tests/DeviceBench), with this section's helpers below.
typealias KeychainBench = ThrowawayDevice

extension ThrowawayDevice {
    /// Runs `body` on a fresh NoteTaker device, with its sandbox and vault current.
    static func run(_ body: (ThrowawayDevice) throws -> Void) throws {
        try run(app: "com.example.NoteTaker", body)
    }

    /// Every generic password in the vault, with its attributes and data, as `SecItemCopyMatching` returns them.
    func storedPasswords() -> [[String: Any]] {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecReturnAttributes as String: true,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitAll,
        ]
        var result: AnyObject?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return [] }
        return (result as? [[String: Any]]) ?? []
    }
}

// MARK: - Describing what was found

/// Runs `body`; when it throws, records "<action> should succeed: expected no error, found <error>" and returns nil.
func succeeds<Value>(
    _ action: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Value
) -> Value? {
    do {
        return try body()
    } catch {
        Issue.record(
            "\(action) should succeed: expected no error, found \(describe(error)).", sourceLocation: sourceLocation)
        return nil
    }
}

/// An error as a learner reads it: its description and, for a `KeychainError`, its case and status.
func describe(_ error: any Error) -> String {
    guard let keychainError = error as? KeychainError else {
        return "\(type(of: error)) (\(error.localizedDescription))"
    }
    return "KeychainError.\(keychainError) — \"\(keychainError.errorDescription ?? "")\""
}

/// A value as a learner reads it: nil, its text when it is UTF-8, or its size.
func describe(_ data: Data?) -> String {
    guard let data else { return "nil" }
    if let text = String(data: data, encoding: .utf8), !text.contains("\0") { return "\"\(text)\"" }
    return "\(data.count) bytes that are not text"
}

/// A status as a learner reads it: its `errSec…` meaning and number.
func describe(status: OSStatus) -> String {
    let sentence = SecCopyErrorMessageString(status, nil).map { String($0) } ?? "unknown status"
    return "\(status) (\(sentence))"
}
