import Foundation
import PersistenceVault
import Testing

@Suite("Backup and restore")
struct VaultBackupTests {
    let fixture = VaultFixture()

    init() throws {
        try fixture.vault.setPassword(
            Data("portable".utf8), service: "s", account: "portable", accessibility: .afterFirstUnlock)
        try fixture.vault.setPassword(
            Data("local".utf8), service: "s", account: "local", accessibility: .whenUnlockedThisDeviceOnly)
    }

    @Test("restoring to another device leaves out ThisDeviceOnly items")
    func otherDeviceSkipsThisDeviceOnly() throws {
        let backup = try fixture.vault.makeBackup()
        #expect(backup.itemCount == 2)

        let newPhone = VaultFixture()
        #expect(try newPhone.vault.restore(backup) == 1)
        #expect(try newPhone.vault.password(service: "s", account: "portable") == Data("portable".utf8))
        #expect(try newPhone.vault.password(service: "s", account: "local") == nil)
    }

    @Test("restoring to the same device brings back every item")
    func sameDeviceRestoresEverything() throws {
        let backup = try fixture.vault.makeBackup()
        try fixture.vault.removePassword(service: "s", account: "portable")
        try fixture.vault.removePassword(service: "s", account: "local")

        #expect(try fixture.vault.restore(backup) == 2)
        #expect(try fixture.vault.password(service: "s", account: "local") == Data("local".utf8))
        #expect(try fixture.vault.password(service: "s", account: "portable") == Data("portable".utf8))
    }
}
