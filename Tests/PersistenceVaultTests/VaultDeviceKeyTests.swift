import Foundation
import PersistenceVault
import Testing

/// What happens to the device key file after items were sealed under it.
enum DeviceKeyDamage: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case swapped, deleted, truncated

    var testDescription: String { "a \(rawValue) device key" }

    /// Applies the damage to the fixture's key file.
    func apply(to fixture: VaultFixture) throws {
        switch self {
        case .swapped: try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: fixture.deviceKeyURL)
        case .deleted: try FileManager.default.removeItem(at: fixture.deviceKeyURL)
        case .truncated: try Data(contentsOf: fixture.deviceKeyURL).prefix(16).write(to: fixture.deviceKeyURL)
        }
    }

    /// What the error's reason says of the key.
    var expectedCause: String {
        switch self {
        case .swapped: "does not match this vault"
        case .deleted: "is missing"
        case .truncated: "is damaged (16 bytes where a key has 32)"
        }
    }
}

@Suite("A device key that does not fit the vault")
struct VaultDeviceKeyTests {
    let fixture = VaultFixture()

    init() throws {
        try fixture.addPassword(account: "pin", value: "4096")
    }

    @Test("every operation answers errSecDecode and says how to recover", arguments: DeviceKeyDamage.allCases)
    func everyOperationFails(damage: DeviceKeyDamage) throws {
        let backup = try fixture.vault.makeBackup()
        try damage.apply(to: fixture)
        let vault = fixture.vault
        let pin = VaultFixture.password(account: "pin", service: "app")

        let errors: [VaultError?] = [
            fixture.vaultError { _ = try vault.copyMatching(pin) },
            fixture.vaultError { _ = try vault.copyMatching(VaultFixture.password(account: "never-added")) },
            fixture.vaultError { try vault.add(VaultFixture.password(account: "new")) },
            fixture.vaultError { try vault.update(pin, with: [kSecValueData as String: Data("1".utf8)]) },
            fixture.vaultError { try vault.delete(pin) },
            fixture.vaultError { _ = try vault.makeBackup() },
            fixture.vaultError { try vault.restore(backup) },
        ]
        for error in errors {
            #expect(error?.code == .decode, "\(String(describing: error))")
            #expect(error?.reason.contains("the device key") == true)
            #expect(error?.reason.contains(damage.expectedCause) == true, "\(String(describing: error))")
            #expect(
                error?.reason.contains("put back the original device key file at \(fixture.deviceKeyURL.path)") == true)
            #expect(error?.reason.contains("or erase the vault with Vault.erase()") == true)
        }
        fixture.run {
            #expect(SecItemCopyMatching(pin as CFDictionary, nil) == errSecDecode)
            #expect(SecItemAdd(VaultFixture.password(account: "new") as CFDictionary, nil) == errSecDecode)
        }
    }

    @Test("a missing device key is not silently recreated while the vault holds items")
    func missingKeyIsNotRecreated() throws {
        try DeviceKeyDamage.deleted.apply(to: fixture)
        _ = fixture.vaultError { try fixture.vault.add(VaultFixture.password(account: "new")) }
        #expect(!FileManager.default.fileExists(atPath: fixture.deviceKeyURL.path))
    }

    @Test("after erase() the vault is empty and works again", arguments: DeviceKeyDamage.allCases)
    func eraseRecovers(damage: DeviceKeyDamage) throws {
        try damage.apply(to: fixture)
        try fixture.vault.erase()

        #expect(try fixture.passwordData(account: "pin") == nil)
        try fixture.addPassword(account: "pin", value: "1234")
        #expect(try fixture.passwordData(account: "pin") == Data("1234".utf8))
        #expect(fixture.itemFiles.count == 1)
    }

    @Test("putting the original device key back makes the items readable again")
    func originalKeyRestores() throws {
        let original = try Data(contentsOf: fixture.deviceKeyURL)
        try DeviceKeyDamage.swapped.apply(to: fixture)
        #expect(fixture.vaultError { _ = try fixture.passwordData(account: "pin") }?.code == .decode)

        try original.write(to: fixture.deviceKeyURL)
        #expect(try fixture.passwordData(account: "pin") == Data("4096".utf8))
    }

    @Test("erase() removes every item and the integrity record even when the key is fine")
    func eraseRemovesEverything() throws {
        try fixture.addPassword(account: "counter")
        try fixture.vault.erase()

        #expect(fixture.itemFiles.isEmpty)
        #expect(try fixture.passwordData(account: "pin") == nil)
        #expect(try fixture.passwordData(account: "counter") == nil)
    }

    @Test("erase() of a device without a vault creates nothing")
    func eraseOfNothing() throws {
        let empty = VaultFixture()
        try empty.vault.erase()
        #expect(!FileManager.default.fileExists(atPath: empty.sandbox.deviceRoot.path))
    }
}
