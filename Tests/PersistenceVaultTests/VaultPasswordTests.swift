import Foundation
import PersistenceVault
import Testing

@Suite("Vault's Swift API")
struct VaultPasswordTests {
    @Test("setPassword adds, then replaces; password reads it; removePassword deletes it")
    func passwordRoundTrip() throws {
        let fixture = VaultFixture()
        let vault = fixture.vault
        #expect(try vault.password(service: "app", account: "pin") == nil)
        try vault.setPassword(Data("1234".utf8), service: "app", account: "pin")
        try vault.setPassword(Data("5678".utf8), service: "app", account: "pin")
        #expect(try vault.password(service: "app", account: "pin") == Data("5678".utf8))
        try vault.removePassword(service: "app", account: "pin")
        #expect(try vault.password(service: "app", account: "pin") == nil)
        try vault.removePassword(service: "app", account: "pin")
    }

    @Test("the Swift methods throw the same status the C functions return")
    func methodsThrowStatus() {
        let fixture = VaultFixture()
        #expect {
            try fixture.vault.copyMatching([kSecClass as String: kSecClassGenericPassword])
        } throws: { error in
            (error as? VaultError)?.status == errSecItemNotFound
        }
    }

    @Test("withCurrent scopes the Security functions to one vault without touching the default")
    func withCurrentIsScoped() throws {
        let first = VaultFixture()
        let second = VaultFixture()
        try first.vault.setPassword(Data("a".utf8), service: "s", account: "only-in-first")
        let query = VaultFixture.password(account: "only-in-first") as CFDictionary
        #expect(Vault.withCurrent(first.vault) { SecItemCopyMatching(query, nil) } == errSecSuccess)
        #expect(Vault.withCurrent(second.vault) { SecItemCopyMatching(query, nil) } == errSecItemNotFound)
    }
}
