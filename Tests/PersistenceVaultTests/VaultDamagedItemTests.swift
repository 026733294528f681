import Foundation
import PersistenceVault
import Testing

/// One of two generic passwords in service "app" has a bit flipped in its file: "pin" is damaged,
/// "counter" is not, and an internet password sits beside them.
@Suite("A damaged item fails closed")
struct VaultDamagedItemTests {
    let fixture = VaultFixture()
    let internetPassword: [String: Any] = [
        kSecClass as String: kSecClassInternetPassword,
        kSecAttrServer as String: "example.com",
        kSecAttrAccount as String: "ada",
    ]

    init() throws {
        let pinFile = try fixture.addPassword(account: "pin", value: "4096")
        try fixture.addPassword(account: "counter", value: "0")
        try fixture.vault.add(internetPassword.adding([kSecValueData as String: Data("web".utf8)]))
        try VaultFixture.flipBit(in: pinFile)
    }

    private func status(_ query: [String: Any]) -> OSStatus {
        fixture.run { SecItemCopyMatching(query as CFDictionary, nil) }
    }

    @Test("a query naming only the class and account answers errSecDecode, not errSecItemNotFound")
    func partialQuery() {
        #expect(status(VaultFixture.password(account: "pin")) == errSecDecode)
    }

    @Test("a kSecMatchLimitAll query answers errSecDecode when a damaged item could be among its matches")
    func matchLimitAll() {
        let query = VaultFixture.password().adding([
            kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnAttributes as String: true,
        ])
        #expect(status(query) == errSecDecode)
    }

    @Test("a kSecMatchLimitOne query answers errSecDecode even when a readable item matches too")
    func matchLimitOneWithReadableMatch() {
        let query = VaultFixture.password(service: "app").adding([kSecMatchLimit as String: kSecMatchLimitOne])
        #expect(status(query) == errSecDecode)
    }

    @Test("a query that names another item's primary key in full still reads that item")
    func otherItemStillReads() throws {
        #expect(try fixture.passwordData(account: "counter") == Data("0".utf8))
    }

    @Test("a damaged item of another class does not affect queries of this class")
    func otherClassUnaffected() {
        #expect(status(internetPassword) == errSecSuccess)
    }

    @Test("an update that could reach the damaged item fails with errSecDecode and changes nothing")
    func updateFailsClosed() throws {
        let error = fixture.vaultError {
            try fixture.vault.update(
                VaultFixture.password(service: "app"), with: [kSecValueData as String: Data("9".utf8)])
        }
        #expect(error?.code == .decode)
        #expect(try fixture.passwordData(account: "counter") == Data("0".utf8))
    }

    @Test("an update that would move an item onto the damaged item's primary key fails with errSecDecode")
    func updateOntoDamagedKey() throws {
        let error = fixture.vaultError {
            try fixture.vault.update(
                VaultFixture.password(account: "counter", service: "app"), with: [kSecAttrAccount as String: "pin"]
            )
        }
        #expect(error?.code == .decode)
        #expect(try fixture.passwordData(account: "counter") == Data("0".utf8))
    }

    @Test("adding an item with the damaged item's primary key fails with errSecDecode and adds nothing")
    func addFailsClosed() {
        let before = fixture.itemFiles.count
        let error = fixture.vaultError {
            try fixture.vault.add(
                VaultFixture.password(account: "pin", service: "app").adding([
                    kSecValueData as String: Data("1234".utf8)
                ]))
        }
        #expect(error?.code == .decode)
        #expect(fixture.itemFiles.count == before)
    }

    @Test("setPassword over a damaged item fails with errSecDecode instead of hiding it")
    func setPasswordFailsClosed() {
        let error = fixture.vaultError {
            try fixture.vault.setPassword(Data("1234".utf8), service: "app", account: "pin")
        }
        #expect(error?.code == .decode)
    }

    @Test("a delete naming the damaged item's primary key removes it, and the item can then be added again")
    func deleteByPrimaryKeyThenAdd() throws {
        let pin = VaultFixture.password(account: "pin", service: "app")
        try fixture.vault.delete(pin)

        #expect(status(VaultFixture.password(account: "pin")) == errSecItemNotFound)
        try fixture.vault.add(pin.adding([kSecValueData as String: Data("1234".utf8)]))
        #expect(try fixture.passwordData(account: "pin") == Data("1234".utf8))
        #expect(try fixture.passwordData(account: "counter") == Data("0".utf8))
    }

    @Test("a delete naming only the class removes the damaged item with the rest of the class")
    func deleteByClass() {
        fixture.run {
            #expect(SecItemDelete(VaultFixture.password() as CFDictionary) == errSecSuccess)
            #expect(SecItemCopyMatching(VaultFixture.password() as CFDictionary, nil) == errSecItemNotFound)
            #expect(SecItemCopyMatching(internetPassword as CFDictionary, nil) == errSecSuccess)
        }
    }

    @Test("a delete naming only the class and the app's access group removes the damaged item")
    func deleteByClassAndAccessGroup() {
        let query = VaultFixture.password().adding([kSecAttrAccessGroup as String: fixture.sandbox.appIdentifier])
        #expect(fixture.vaultError { try fixture.vault.delete(query) } == nil)
        #expect(status(VaultFixture.password()) == errSecItemNotFound)
    }

    @Test("a delete that could reach the damaged item without naming it fails with errSecDecode and deletes nothing")
    func partialDeleteFailsClosed() throws {
        let error = fixture.vaultError { try fixture.vault.delete(VaultFixture.password(service: "app")) }
        #expect(error?.code == .decode)
        #expect(try fixture.passwordData(account: "counter") == Data("0".utf8))
    }

    @Test("a backup fails with errSecDecode instead of leaving the damaged item out")
    func backupFailsClosed() {
        let error = fixture.vaultError { _ = try fixture.vault.makeBackup() }
        #expect(error?.code == .decode)
        #expect(error?.reason.contains("1 stored item (1 of class genp)") == true)
    }

    @Test("the error counts the damaged items, says how to delete them, and names no value")
    func errorExplainsRecovery() throws {
        let query = VaultFixture.password(account: "pin")
        let error = try #require(fixture.vaultError { _ = try fixture.vault.copyMatching(query) })
        #expect(
            error.reason.hasPrefix("1 stored item of class genp cannot be read (damaged, or changed outside the vault)")
        )
        #expect(error.reason.contains("delete it with SecItemDelete naming its class and primary-key attributes"))
        #expect(error.reason.contains("or delete every item of the class with a query naming only the class"))
        #expect(
            error.description.hasPrefix(
                "Searching the vault failed: 1 stored item of class genp cannot be read (damaged, or changed outside the vault) "
                    + "— errSecDecode (-26275); delete it with SecItemDelete"
            ))
        #expect(error.description.hasSuffix(" — while searching for a genp item"))
        for value in ["pin", "app", "4096", "counter"] {
            #expect(!error.description.contains("\"\(value)\"") && !error.description.contains(" \(value) "))
        }
    }
}
