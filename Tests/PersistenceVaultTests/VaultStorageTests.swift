import Foundation
import PersistenceSandbox
import PersistenceVault
import Testing

@Suite("The vault on disk")
struct VaultStorageTests {
    let fixture = VaultFixture()
    let secret = "correct-horse-battery-staple"
    let account = "ada.lovelace@example.com"
    let service = "com.example.analytical-engine"

    private func addSecret(account: String? = nil) {
        fixture.run {
            let item = VaultFixture.password(account: account ?? self.account, service: service).adding([
                kSecValueData as String: Data(secret.utf8),
                kSecAttrLabel as String: "Engine login",
            ])
            _ = SecItemAdd(item as CFDictionary, nil)
        }
    }

    private func read(account: String? = nil) -> (OSStatus, Data?) {
        fixture.run {
            var result: AnyObject?
            let query = VaultFixture.password(account: account ?? self.account, service: service)
                .adding([kSecReturnData as String: true])
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            return (status, result as? Data)
        }
    }

    @Test("no file in the vault or device folder contains the secret, account, service or label in plain text")
    func noPlaintextOnDisk() throws {
        addSecret()
        let files = VaultFixture.files(under: fixture.sandbox.deviceRoot)
        #expect(!fixture.itemFiles.isEmpty)
        for file in files {
            let contents = try Data(contentsOf: file)
            for needle in [secret, account, service, "Engine login", "genp"] {
                #expect(contents.range(of: Data(needle.utf8)) == nil, "\(file.lastPathComponent) reveals a value")
            }
            // Item files are named by class ("genp-…"), as Apple's keychain keeps one table per class: the
            // class is no secret, the values are.
            for needle in [secret, account, service, "Engine login"] {
                #expect(!file.path.contains(needle))
            }
        }
    }

    @Test("vault folders are owner-only (0700) and vault files owner-only (0600)")
    func ownerOnlyPermissions() throws {
        addSecret()
        let manager = FileManager.default
        func mode(_ url: URL) throws -> Int {
            try #require(manager.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        }
        #expect(try mode(fixture.sandbox.vaultDirectory) == 0o700)
        #expect(try mode(fixture.sandbox.vaultDirectory.appending(path: "Items")) == 0o700)
        for file in VaultFixture.files(under: fixture.sandbox.vaultDirectory) {
            #expect(try mode(file) == 0o600)
        }
        #expect(try mode(fixture.sandbox.deviceRoot.appending(path: "DeviceKey")) == 0o600)
    }

    @Test("the device key is kept outside the vault folder")
    func deviceKeyIsApart() {
        addSecret()
        let vaultFiles = VaultFixture.files(under: fixture.sandbox.vaultDirectory)
        #expect(!vaultFiles.contains { $0.lastPathComponent == "DeviceKey" })
        #expect(FileManager.default.fileExists(atPath: fixture.sandbox.deviceRoot.appending(path: "DeviceKey").path))
    }

    @Test("a changed byte in one item's file gives errSecDecode for that item while the others stay readable")
    func tamperedItem() throws {
        addSecret(account: "first")
        let firstFile = try #require(fixture.itemFiles.first)
        addSecret(account: "second")
        var bytes = try Data(contentsOf: firstFile)
        bytes[bytes.count - 20] ^= 0x01
        try bytes.write(to: firstFile)

        #expect(read(account: "first").0 == errSecDecode)
        #expect(read(account: "second") == (errSecSuccess, Data(secret.utf8)))
    }

    @Test("a truncated item file gives errSecDecode, and deleting it lets the app add the item again")
    func truncatedItem() throws {
        addSecret()
        let file = try #require(fixture.itemFiles.first)
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(bytes.count / 2).write(to: file)

        #expect(read().0 == errSecDecode)
        fixture.run {
            #expect(
                SecItemDelete(VaultFixture.password(account: account, service: service) as CFDictionary)
                    == errSecSuccess)
        }
        addSecret()
        #expect(read() == (errSecSuccess, Data(secret.utf8)))
    }

    @Test("an item file copied over another item's file does not decrypt as that item")
    func swappedFiles() throws {
        addSecret(account: "first")
        let firstFile = try #require(fixture.itemFiles.first)
        addSecret(account: "second")
        let secondFile = try #require(fixture.itemFiles.first { $0 != firstFile })
        try FileManager.default.removeItem(at: secondFile)
        try FileManager.default.copyItem(at: firstFile, to: secondFile)

        #expect(read(account: "second").0 == errSecDecode)
        #expect(read(account: "first") == (errSecSuccess, Data(secret.utf8)))
    }

    @Test("items survive a reinstall that wipes the app container")
    func survivesReinstall() throws {
        addSecret()
        try Data("draft".utf8).write(to: fixture.sandbox.directory(.documents).appending(path: "draft.txt"))
        try fixture.sandbox.reinstall()
        #expect(
            !FileManager.default.fileExists(
                atPath: fixture.sandbox.documentsDirectory.appending(path: "draft.txt").path))

        let reinstalled = Vault(sandbox: fixture.sandbox, device: VaultDevice())
        let data = try reinstalled.password(service: service, account: account)
        #expect(data == Data(secret.utf8))
    }

    @Test("another device cannot read this device's vault files")
    func otherDeviceCannotDecrypt() throws {
        addSecret()
        let otherDevice = AppSandbox.temporary(appIdentifier: fixture.sandbox.appIdentifier)
        defer { try? FileManager.default.removeItem(at: otherDevice.deviceRoot) }
        try FileManager.default.createDirectory(at: otherDevice.deviceRoot, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture.sandbox.vaultDirectory, to: otherDevice.vaultDirectory)

        let stolen = Vault(sandbox: otherDevice, device: VaultDevice())
        #expect(throws: VaultError.self) {
            let data = try stolen.copyMatching([
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecReturnData as String: true,
            ])
            Issue.record("found \(String(describing: data))")
        }
    }
}
