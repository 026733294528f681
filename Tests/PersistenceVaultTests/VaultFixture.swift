import Foundation
import PersistenceSandbox
import PersistenceVault
import Testing

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
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { url in
            (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    /// The item files of the vault.
    var itemFiles: [URL] {
        Self.files(under: itemsDirectory).filter { $0.pathExtension == "item" }
    }

    /// The vault's item folder.
    var itemsDirectory: URL { sandbox.vaultDirectory.appending(path: "Items") }
    /// The file that holds the device key.
    var deviceKeyURL: URL { sandbox.deviceRoot.appending(path: "DeviceKey") }
    /// The vault's sealed record of its item files.
    var manifestURL: URL { sandbox.vaultDirectory.appending(path: "Manifest") }

    /// Adds the generic password `account` in `service` holding `value`, and returns the file that holds it.
    @discardableResult
    func addPassword(account: String, service: String = "app", value: String = "secret") throws -> URL {
        let before = Set(itemFiles)
        try vault.add(
            Self.password(account: account, service: service).adding([kSecValueData as String: Data(value.utf8)]))
        let added = Set(itemFiles).subtracting(before)
        guard added.count == 1, let file = added.first else {
            throw FixtureFailure("the add made \(added.count) files")
        }
        return file
    }

    /// The data of the generic password `account` in `service`, nil when there is none; throws the vault's error.
    func passwordData(account: String, service: String = "app") throws(VaultError) -> Data? {
        try vault.password(service: service, account: account)
    }

    /// The vault error `body` throws, or nil when it succeeds.
    func vaultError(_ body: () throws -> Void) -> VaultError? {
        do {
            try body()
            return nil
        } catch let error as VaultError {
            return error
        } catch {
            Issue.record("expected a VaultError, found \(error)")
            return nil
        }
    }

    /// Flips one bit in the middle of `file`.
    static func flipBit(in file: URL) throws {
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: file)
    }

    /// Every file and folder under `folder`, by relative path, with its size, mode and modification time:
    /// two listings are equal when nothing was created, removed or changed.
    static func listing(under folder: URL) -> [String: String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        var listing: [String: String] = [:]
        while let path = enumerator.nextObject() as? String {
            var status = stat()
            guard lstat(folder.appending(path: path).path, &status) == 0 else { continue }
            let modified = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
            listing[path] = "\(status.st_size) \(String(status.st_mode, radix: 8)) \(modified)"
        }
        return listing
    }
}

/// A test's own setup went wrong.
struct FixtureFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension [String: Any] {
    /// The dictionary with `other`'s entries added, replacing any with the same key.
    func adding(_ other: [String: Any]) -> [String: Any] {
        merging(other) { $1 }
    }
}
