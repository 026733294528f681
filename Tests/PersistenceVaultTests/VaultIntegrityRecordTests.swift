import Foundation
import PersistenceVault
import Testing

@Suite("The vault's record of its item files")
struct VaultIntegrityRecordTests {
    let fixture = VaultFixture()
    let internetPassword: [String: Any] = [
        kSecClass as String: kSecClassInternetPassword,
        kSecAttrServer as String: "example.com",
        kSecAttrAccount as String: "ada",
        kSecReturnData as String: true,
    ]

    private func addInternetPassword() throws {
        try fixture.vault.add(internetPassword.adding([kSecValueData as String: Data("web".utf8)]))
    }

    private func setWrongTries(_ value: String) throws {
        try fixture.vault.update(
            VaultFixture.password(account: "wrong-tries"), with: [kSecValueData as String: Data(value.utf8)])
    }

    private func readsInternetPassword() throws -> Bool {
        try fixture.vault.copyMatching(internetPassword) as? Data == Data("web".utf8)
    }

    @Test("deleting one item's file answers errSecDecode for its class while another class still reads")
    func deletedItemFile() throws {
        let counterFile = try fixture.addPassword(account: "wrong-tries", value: "3")
        try addInternetPassword()
        try FileManager.default.removeItem(at: counterFile)

        #expect(fixture.vaultError { _ = try fixture.passwordData(account: "wrong-tries") }?.code == .decode)
        #expect(fixture.vaultError { _ = try fixture.vault.copyMatching(VaultFixture.password()) }?.code == .decode)
        #expect(try readsInternetPassword())
    }

    @Test("an older copy put back over an item's file answers errSecDecode for its class")
    func olderCopyOverCurrentFile() throws {
        let oldFile = try fixture.addPassword(account: "wrong-tries", value: "3")
        try addInternetPassword()
        let oldBytes = try Data(contentsOf: oldFile)
        try setWrongTries("4")
        let currentFile = try #require(fixture.itemFiles.first { $0.lastPathComponent.hasPrefix("genp-") })

        try oldBytes.write(to: currentFile)

        #expect(fixture.vaultError { _ = try fixture.passwordData(account: "wrong-tries") }?.code == .decode)
        #expect(try readsInternetPassword())
    }

    @Test("an older copy put back under its old name does not bring the old value back")
    func olderCopyUnderOldName() throws {
        let oldFile = try fixture.addPassword(account: "wrong-tries", value: "3")
        let oldBytes = try Data(contentsOf: oldFile)
        try setWrongTries("4")
        #expect(!FileManager.default.fileExists(atPath: oldFile.path))

        try oldBytes.write(to: oldFile)

        #expect(try fixture.passwordData(account: "wrong-tries") == Data("4".utf8))
        try setWrongTries("5")
        #expect(!FileManager.default.fileExists(atPath: oldFile.path))
        #expect(try fixture.passwordData(account: "wrong-tries") == Data("5".utf8))
    }

    @Test("an item file newer than the manifest, as a writer killed before its commit leaves, is ignored, then removed")
    func uncommittedItemFile() throws {
        let file = try fixture.addPassword(account: "pin")
        let uncommitted = fixture.itemsDirectory.appending(path: "genp-\(String(repeating: "cd", count: 32))-999.item")
        try FileManager.default.copyItem(at: file, to: uncommitted)

        #expect(try fixture.passwordData(account: "pin") == Data("secret".utf8))
        let everything = VaultFixture.password().adding([kSecMatchLimit as String: kSecMatchLimitAll])
        #expect(fixture.vaultError { _ = try fixture.vault.copyMatching(everything) } == nil)
        try fixture.addPassword(account: "counter")
        #expect(!FileManager.default.fileExists(atPath: uncommitted.path))
    }

    @Test("an item file the vault did not write answers errSecDecode for its class")
    func foreignItemFile() throws {
        let file = try fixture.addPassword(account: "pin")
        try addInternetPassword()
        let foreign = fixture.itemsDirectory.appending(path: "genp-\(String(repeating: "ab", count: 32))-1.item")
        try FileManager.default.copyItem(at: file, to: foreign)

        #expect(fixture.vaultError { _ = try fixture.vault.copyMatching(VaultFixture.password()) }?.code == .decode)
        #expect(try readsInternetPassword())
        try fixture.vault.delete(VaultFixture.password())
        #expect(!FileManager.default.fileExists(atPath: foreign.path))
    }

    @Test("item files without a manifest answer errSecDecode and the message says to erase the vault")
    func missingManifest() throws {
        try fixture.addPassword(account: "pin")
        try FileManager.default.removeItem(at: fixture.manifestURL)

        let error = fixture.vaultError { _ = try fixture.passwordData(account: "pin") }
        #expect(error?.code == .decode)
        #expect(error?.reason.contains("the vault holds 1 item file but no manifest") == true)
        #expect(error?.reason.contains("written by an older version of the vault") == true)
        #expect(error?.reason.contains("erase the vault with Vault.erase()") == true)
        try fixture.vault.erase()
        #expect(try fixture.passwordData(account: "pin") == nil)
    }

    @Test("a damaged manifest makes every operation answer errSecDecode")
    func damagedManifest() throws {
        try fixture.addPassword(account: "pin")
        try VaultFixture.flipBit(in: fixture.manifestURL)

        #expect(fixture.vaultError { _ = try fixture.passwordData(account: "pin") }?.code == .decode)
        #expect(fixture.vaultError { try fixture.vault.add(VaultFixture.password(account: "other")) }?.code == .decode)
        #expect(fixture.vaultError { try fixture.vault.delete(VaultFixture.password()) }?.code == .decode)
    }

    @Test("an absent or empty vault folder is an empty vault")
    func emptyVaultFolder() throws {
        #expect(
            fixture.vaultError { _ = try fixture.vault.copyMatching(VaultFixture.password()) }?.code == .itemNotFound)
        try FileManager.default.createDirectory(at: fixture.itemsDirectory, withIntermediateDirectories: true)
        #expect(
            fixture.vaultError { _ = try fixture.vault.copyMatching(VaultFixture.password()) }?.code == .itemNotFound)
        try fixture.addPassword(account: "pin")
        #expect(try fixture.passwordData(account: "pin") == Data("secret".utf8))
    }

    @Test("an update writes the item under a new file name and removes the old file")
    func updateWritesNewFile() throws {
        let oldFile = try fixture.addPassword(account: "pin")
        try fixture.vault.update(
            VaultFixture.password(account: "pin"), with: [kSecValueData as String: Data("new".utf8)])

        #expect(fixture.itemFiles.count == 1)
        #expect(fixture.itemFiles.first != oldFile)
        #expect(try fixture.passwordData(account: "pin") == Data("new".utf8))
    }
}
