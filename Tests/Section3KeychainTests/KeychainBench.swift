import Foundation
import PersistenceCore
import Section3Keychain
import Testing
import PersistenceWorkbench

/// A throwaway device for one check: its own app sandbox, lock state and vault, made current for the
/// check's task only, so checks running in parallel never see each other's items or preferences.
struct KeychainBench {
    /// The app's container and the device folder around it.
    let sandbox: AppSandbox
    /// The simulated lock state the vault honours.
    let device: VaultDevice
    /// The vault the Security functions use inside ``run(_:)``.
    let vault: Vault

    /// Runs `body` on a fresh device, with the sandbox and vault current, then deletes the device folder.
    static func run(_ body: (KeychainBench) throws -> Void) throws {
        let sandbox = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker")
        try sandbox.createContainerDirectories()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        let device = VaultDevice()
        let bench = KeychainBench(sandbox: sandbox, device: device, vault: Vault(sandbox: sandbox, device: device))
        try AppSandbox.withCurrent(sandbox) {
            try Vault.withCurrent(bench.vault) {
                try body(bench)
            }
        }
    }

    /// Makes every later Security call fail with errSecIO: a plain file takes the vault folder's place.
    func breakVaultStorage() throws {
        try? FileManager.default.removeItem(at: sandbox.vaultDirectory)
        try Data("not a folder".utf8).write(to: sandbox.vaultDirectory)
    }

    /// The contents of every regular file on the device: the app's container and the vault.
    func everyFileOnDevice() -> [(path: String, contents: Data)] {
        let root = sandbox.deviceRoot.resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        var files: [(path: String, contents: Data)] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                  let contents = try? Data(contentsOf: url) else { continue }
            files.append((url.path, contents))
        }
        return files
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
        Issue.record("\(action) should succeed: expected no error, found \(describe(error)).", sourceLocation: sourceLocation)
        return nil
    }
}

/// The error `body` throws, or nil when it returns normally.
func thrownError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
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

/// A token as a learner reads it: nil or quoted.
func describe(_ token: String?) -> String {
    token.map { "\"\($0)\"" } ?? "nil"
}

/// A status as a learner reads it: its `errSec…` meaning and number.
func describe(status: OSStatus) -> String {
    let sentence = SecCopyErrorMessageString(status, nil).map { String($0) } ?? "unknown status"
    return "\(status) (\(sentence))"
}
