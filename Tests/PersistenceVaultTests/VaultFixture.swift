import Foundation
import PersistenceSandbox
import PersistenceVault

/// A fresh device with its own vault for one test; the folders go away when the test ends.
final class VaultFixture {
    let sandbox: AppSandbox
    let device = VaultDevice()
    let vault: Vault

    init(appIdentifier: String = "com.example.NoteTaker") {
        sandbox = AppSandbox.temporary(appIdentifier: appIdentifier)
        vault = Vault(sandbox: sandbox, device: device)
    }

    deinit {
        try? FileManager.default.removeItem(at: sandbox.deviceRoot)
    }

    /// Runs `body` with this fixture's vault behind `SecItemAdd` and the other Security functions.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Vault.withCurrent(vault, operation: body)
    }

    /// A generic-password query for `account`, optionally in `service`.
    static func password(account: String? = nil, service: String? = nil) -> [String: Any] {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        if let account { query[kSecAttrAccount as String] = account }
        if let service { query[kSecAttrService as String] = service }
        return query
    }

    /// Every regular file under `folder`, recursively.
    static func files(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { url in
            (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    /// The item files of the vault.
    var itemFiles: [URL] {
        Self.files(under: sandbox.vaultDirectory.appending(path: "Items")).filter { $0.pathExtension == "item" }
    }
}

extension [String: Any] {
    /// The dictionary with `other`'s entries added, replacing any with the same key.
    func adding(_ other: [String: Any]) -> [String: Any] {
        merging(other) { $1 }
    }
}
