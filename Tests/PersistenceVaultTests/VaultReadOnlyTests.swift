import CoreTestSupport
import Foundation
import PersistenceSandbox
import PersistenceVault
import Testing

/// The vault's folders lose their write permission, and a second process, as an unprivileged user, uses
/// the vault: the superuser ignores permission bits, so the probe then runs as "nobody", who owns the device.
@Suite("A vault this process cannot write")
struct VaultReadOnlyTests {
    let fixture = VaultFixture()
    var root: String { fixture.sandbox.deviceRoot.path }
    var app: String { fixture.sandbox.appIdentifier }

    init() throws {
        try fixture.addPassword(account: "pin", service: "read-only", value: "4096")
    }

    /// Takes the write bits off the vault's folders; as the superuser, first hands the device to "nobody".
    private func makeVaultReadOnly() throws {
        if geteuid() == 0 {
            for path in [""] + (FileManager.default.subpaths(atPath: root) ?? []) {
                guard lchown(fixture.sandbox.deviceRoot.appending(path: path).path, 65534, 65534) == 0 else {
                    throw FixtureFailure("chown failed: errno \(errno)")
                }
            }
        }
        for folder in [fixture.sandbox.vaultDirectory, fixture.itemsDirectory] {
            guard chmod(folder.path, 0o500) == 0 else { throw FixtureFailure("chmod failed: errno \(errno)") }
        }
    }

    /// Gives the folders their write bits back, so that the fixture can delete them.
    private func makeVaultWritable() {
        chmod(fixture.sandbox.vaultDirectory.path, 0o700)
        chmod(fixture.itemsDirectory.path, 0o700)
    }

    @Test("a search in a read-only vault folder finds the item and creates or changes nothing")
    func searchWorks() throws {
        try makeVaultReadOnly()
        defer { makeVaultWritable() }
        let before = VaultFixture.listing(under: fixture.sandbox.deviceRoot)

        let result = try ProbeProcess.run(["vault-unprivileged", root, app, "search", "pin"])

        #expect(result.output == "\(errSecSuccess)\n4096\n")
        #expect(VaultFixture.listing(under: fixture.sandbox.deviceRoot) == before)
    }

    @Test("a search in a read-only vault folder without a lock file reads without one and creates none")
    func searchWithoutLockFile() throws {
        try FileManager.default.removeItem(at: fixture.sandbox.vaultDirectory.appending(path: "Vault.lock"))
        try makeVaultReadOnly()
        defer { makeVaultWritable() }
        let before = VaultFixture.listing(under: fixture.sandbox.deviceRoot)

        let result = try ProbeProcess.run(["vault-unprivileged", root, app, "search", "pin"])

        #expect(result.output == "\(errSecSuccess)\n4096\n")
        #expect(VaultFixture.listing(under: fixture.sandbox.deviceRoot) == before)
    }

    @Test("an add in a read-only vault folder fails with errSecIO naming the folder and saying it is read-only")
    func addFails() throws {
        try makeVaultReadOnly()
        defer { makeVaultWritable() }
        let before = VaultFixture.listing(under: fixture.sandbox.deviceRoot)

        let result = try ProbeProcess.run(["vault-unprivileged", root, app, "add", "new", "1234"])

        let lines = result.output.split(separator: "\n", maxSplits: 1).map(String.init)
        #expect(lines.first == "\(errSecIO)")
        let description = lines.last ?? ""
        let folder = fixture.sandbox.vaultDirectory.path
        #expect(description.hasPrefix("Adding a vault item failed: the vault folder \(folder) is read-only"))
        #expect(description.contains("errSecIO (-36)"))
        #expect(VaultFixture.listing(under: fixture.sandbox.deviceRoot) == before)
    }

    @Test("a delete in a read-only vault folder fails with errSecIO and deletes nothing")
    func deleteFails() throws {
        try makeVaultReadOnly()
        defer { makeVaultWritable() }
        let before = VaultFixture.listing(under: fixture.sandbox.deviceRoot)

        let result = try ProbeProcess.run(["vault-unprivileged", root, app, "delete", "pin"])

        #expect(result.output.hasPrefix("\(errSecIO)\nDeleting vault items failed: the vault folder "))
        #expect(result.output.contains("is read-only"))
        #expect(VaultFixture.listing(under: fixture.sandbox.deviceRoot) == before)
    }

    @Test("a search on a device without a vault creates no folder, no device key and no lock file")
    func searchOfNothingCreatesNothing() {
        let empty = VaultFixture()
        let error = empty.vaultError { _ = try empty.vault.copyMatching(VaultFixture.password(account: "pin")) }
        _ = empty.vaultError { _ = try empty.vault.makeBackup() }

        #expect(error?.code == .itemNotFound)
        #expect(!FileManager.default.fileExists(atPath: empty.sandbox.deviceRoot.path))
    }

    @Test("a search and a backup change no file of a vault")
    func searchChangesNothing() throws {
        let before = VaultFixture.listing(under: fixture.sandbox.deviceRoot)
        _ = try fixture.vault.copyMatching(
            VaultFixture.password(account: "pin").adding([kSecReturnData as String: true]))
        _ = try fixture.vault.makeBackup()
        #expect(VaultFixture.listing(under: fixture.sandbox.deviceRoot) == before)
    }
}
