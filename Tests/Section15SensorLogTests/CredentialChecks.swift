import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section15SensorLog
import Testing

@Suite("Section 15: the credential vault")
struct CredentialChecks {
    static let upload = "com.example.upload"
    static let weather = "com.example.weather"
    static let ada = StationCredentials(username: "ada", apiKey: "key-ada-1")
    static let grace = StationCredentials(username: "grace", apiKey: "key-grace-2")

    /// Runs `body` on a fresh station device, awaiting the vault's actor.
    static func run(_ body: (ThrowawayDevice) async throws -> Void) async throws {
        try await ThrowawayDevice.run(app: ThrowawayDevice.stationApp, body)
    }

    /// What `vault` holds for `account`, as a learner reads it.
    static func read(_ vault: CredentialVault, _ account: String) async -> String {
        do {
            guard let found = try await vault.value(StationCredentials.self, account: account) else { return "nil" }
            return "\(found.username)/\(found.apiKey)"
        } catch {
            return "error \(error.localizedDescription)"
        }
    }

    @Test(
        "credentials saved under an account are read back by a new vault after a relaunch, and other accounts hold nothing"
    )
    func roundTrip() async throws {
        try await Self.run { _ in
            try await CredentialVault(service: Self.upload).save(Self.ada, account: "station-1")
            let relaunched = CredentialVault(service: Self.upload)
            let found = [await Self.read(relaunched, "station-1"), await Self.read(relaunched, "station-2")]
            #expect(
                found == ["ada/key-ada-1", "nil"],
                "value(StationCredentials.self, account:) from a new vault after saving ada's credentials under \"station-1\", for \"station-1\" and \"station-2\": expected [\"ada/key-ada-1\", \"nil\"], found \(describe(found))."
            )
        }
    }

    @Test("saving an account again replaces its credentials in the one item it has")
    func saveAgainReplaces() async throws {
        try await Self.run { device in
            let vault = CredentialVault(service: Self.upload)
            try await vault.save(Self.ada, account: "station-1")
            try await vault.save(Self.grace, account: "station-1")
            let found = await Self.read(CredentialVault(service: Self.upload), "station-1")
            let items = device.vault.genericPasswordCount()
            #expect(
                found == "grace/key-grace-2" && items == 1,
                "After saving ada's and then grace's credentials under \"station-1\": expected grace/key-grace-2 in 1 keychain item, found \(found) in \(items) items."
            )
        }
    }

    @Test("two services keep the same account apart: each reads, replaces and deletes only its own")
    func servicesAreApart() async throws {
        try await Self.run { _ in
            let upload = CredentialVault(service: Self.upload)
            let weather = CredentialVault(service: Self.weather)
            try await upload.save(Self.ada, account: "station-1")
            try await weather.save(Self.grace, account: "station-1")
            var found = [await Self.read(upload, "station-1"), await Self.read(weather, "station-1")]
            #expect(
                found == ["ada/key-ada-1", "grace/key-grace-2"],
                "After \(Self.upload) saved ada's and \(Self.weather) grace's credentials under the same account: expected each service to read its own, [\"ada/key-ada-1\", \"grace/key-grace-2\"]; found \(describe(found)). kSecAttrService is part of every query."
            )

            try await upload.save(StationCredentials(username: "ada", apiKey: "key-ada-3"), account: "station-1")
            try await weather.delete(account: "station-1")
            found = [await Self.read(upload, "station-1"), await Self.read(weather, "station-1")]
            #expect(
                found == ["ada/key-ada-3", "nil"],
                "After \(Self.upload) saved ada's new key and \(Self.weather) deleted the same account: expected [\"ada/key-ada-3\", \"nil\"], found \(describe(found))."
            )
        }
    }

    @Test("deleting an account's credentials forgets them, and deleting again is fine")
    func deleteForgets() async throws {
        try await Self.run { _ in
            let vault = CredentialVault(service: Self.upload)
            try await vault.save(Self.ada, account: "station-1")
            try await vault.save(Self.grace, account: "station-2")
            try await vault.delete(account: "station-1")
            let again = await thrownError { try await vault.delete(account: "station-1") }
            let found = [await Self.read(vault, "station-1"), await Self.read(vault, "station-2")]
            #expect(
                found == ["nil", "grace/key-grace-2"] && again == nil,
                "After deleting \"station-1\" twice: expected [\"nil\", \"grace/key-grace-2\"] and no error, found \(describe(found)) and \(again.map { $0.localizedDescription } ?? "no error")."
            )
        }
    }

    @Test("a background upload reads the credentials while the phone is locked")
    func readableWhileLocked() async throws {
        try await Self.run { device in
            try await CredentialVault(service: Self.upload).save(Self.ada, account: "station-1")
            device.vaultDevice.lock()
            let found = await Self.read(CredentialVault(service: Self.upload), "station-1")
            #expect(
                found == "ada/key-ada-1",
                "Reading the credentials with the phone locked after its first unlock: expected ada/key-ada-1, found \(found)."
            )
        }
    }

    @Test("credentials never leave the device: a backup restores them on the same phone, not on a new one")
    func staysOnThisDevice() async throws {
        try await Self.run { device in
            try await CredentialVault(service: Self.upload).save(Self.ada, account: "station-1")
            let backup = try device.vault.makeBackup()
            try await CredentialVault(service: Self.upload).delete(account: "station-1")
            try device.vault.restore(backup)
            let sameDevice = await Self.read(CredentialVault(service: Self.upload), "station-1")
            let newDevice = try await ThrowawayDevice.run(app: ThrowawayDevice.stationApp) { other in
                try await CredentialVault(service: Self.upload).save(Self.grace, account: "station-9")
                try other.vault.restore(backup)
                return await Self.read(CredentialVault(service: Self.upload), "station-1")
            }
            #expect(
                [sameDevice, newDevice] == ["ada/key-ada-1", "nil"],
                "A backup of ada's credentials restored to the same phone and to a new one: expected [\"ada/key-ada-1\", \"nil\"] (a ThisDeviceOnly item), found \(describe([sameDevice, newDevice]))."
            )
        }
    }

    @Test("a keychain that refuses a call makes the vault throw its status and what it was doing")
    func failuresAreThrown() async throws {
        try await Self.run { device in
            let vault = CredentialVault(service: Self.upload)
            try await vault.save(Self.ada, account: "station-1")
            var found: [String] = []
            device.vaultDevice.reboot()
            let beforeUnlock = await thrownError { try await vault.save(Self.grace, account: "station-3") }
            let refused = beforeUnlock as? CredentialVaultError
            found.append(
                "adding before the first unlock: \(refused.map { "\($0.status) \($0.operation)" } ?? "no CredentialVaultError")"
            )
            device.vaultDevice.unlock()
            try device.makeVaultRefuseChanges()
            for (call, body) in [
                ("saving a new account", { try await vault.save(Self.grace, account: "station-2") }),
                ("saving again", { try await vault.save(Self.grace, account: "station-1") }),
                ("deleting", { try await vault.delete(account: "station-1") }),
            ] as [(String, () async throws -> Void)] {
                let error = await thrownError(body) as? CredentialVaultError
                found.append("\(call): \(error.map { "\($0.status) \($0.operation)" } ?? "no CredentialVaultError")")
            }
            try device.breakVaultStorage()
            let readError = await thrownError {
                _ = try await vault.value(StationCredentials.self, account: "station-1")
            }
            let reading = readError as? CredentialVaultError
            found.append("reading: \(reading.map { "\($0.status) \($0.operation)" } ?? "no CredentialVaultError")")
            let expected = [
                "adding before the first unlock: \(errSecInteractionNotAllowed) saving",
                "saving a new account: \(errSecIO) saving", "saving again: \(errSecIO) saving",
                "deleting: \(errSecIO) deleting", "reading: \(errSecIO) reading",
            ]
            #expect(
                found == expected,
                "With a phone not unlocked since it restarted, a keychain that refuses every change, then one that cannot be read at all: expected each call to throw CredentialVaultError with the keychain's status and its operation, \(describe(expected)); found \(describe(found))."
            )
        }
    }
}

extension Vault {
    /// How many generic passwords the vault holds, whichever service they belong to.
    func genericPasswordCount() -> Int {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecReturnAttributes as String: true,
            kSecMatchLimit as String: kSecMatchLimitAll,
        ]
        var result: AnyObject?
        guard
            Vault.withCurrent(self, operation: { SecItemCopyMatching(query as CFDictionary, &result) }) == errSecSuccess
        else { return 0 }
        return (result as? [[String: Any]])?.count ?? 0
    }
}

/// Runs `body`, which awaits, and returns the error it threw, or nil when it threw none.
func thrownError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
