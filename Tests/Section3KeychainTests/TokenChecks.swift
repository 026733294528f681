import Foundation
import PersistenceCore
import Section3Keychain
import Testing

/// Foundation's own `UserDefaults` is imported here too; this module means the workbench's.
typealias UserDefaults = PersistenceCore.UserDefaults

/// A token long and unusual enough that finding its bytes anywhere is no coincidence.
let sampleToken = "eyJhbGciOiJIUzI1NiJ9.notetaker-session-7c1f2e9a4b.Q2hlY2twb2ludDM"

@Suite("Section 3: the auth token")
struct TokenChecks {
    @Test("a saved auth token reads back unchanged")
    func tokenRoundTrip() throws {
        try KeychainBench.run { _ in
            _ = succeeds("saveAuthToken(_:)") { try saveAuthToken(sampleToken) }
            let found = succeeds("authToken()") { try authToken() } ?? nil
            #expect(
                found == sampleToken,
                "After saveAuthToken, authToken() should return the token: expected \(describe(sampleToken)), found \(describe(found))."
            )
        }
    }

    @Test("a token beyond ASCII is kept as its UTF-8 bytes and reads back unchanged")
    func unicodeToken() throws {
        try KeychainBench.run { bench in
            let token = "sesión-ключ-🔑-7c1f"
            _ = succeeds("saveAuthToken(_:) with a token beyond ASCII") { try saveAuthToken(token) }
            let stored = bench.storedPasswords().contains { ($0[kSecValueData as String] as? Data) == Data(token.utf8) }
            let found = succeeds("authToken()") { try authToken() } ?? nil
            #expect(
                stored,
                "The vault item should hold the token's UTF-8 bytes: expected a generic password holding its \(token.utf8.count) bytes, found none."
            )
            #expect(
                found == token,
                "A token beyond ASCII should read back unchanged: expected \(describe(token)), found \(describe(found))."
            )
        }
    }

    @Test("a fresh install has no auth token")
    func noTokenAtFirstLaunch() throws {
        try KeychainBench.run { _ in
            do {
                let found = try authToken()
                #expect(
                    found == nil,
                    "Before anyone signs in, authToken() should return nil: expected nil, found \(describe(found)).")
            } catch {
                Issue.record(
                    "Before anyone signs in, authToken() should return nil without throwing: expected nil, found a thrown \(describe(error))."
                )
            }
        }
    }

    @Test("signing in again replaces the auth token")
    func newTokenReplacesOld() throws {
        try KeychainBench.run { _ in
            _ = succeeds("Saving the first token") { try saveAuthToken("first-session") }
            _ = succeeds("Saving a second token (it must replace the first)") { try saveAuthToken(sampleToken) }
            let found = succeeds("authToken()") { try authToken() } ?? nil
            #expect(
                found == sampleToken,
                "After signing in twice, only the latest token should remain: expected \(describe(sampleToken)), found \(describe(found))."
            )
        }
    }

    @Test("signing out removes the auth token, and signing out twice is fine")
    func signOut() throws {
        try KeychainBench.run { _ in
            _ = succeeds("saveAuthToken(_:)") { try saveAuthToken(sampleToken) }
            _ = succeeds("clearAuthToken()") { try clearAuthToken() }
            let found = succeeds("authToken() after signing out") { try authToken() } ?? "(read failed)"
            #expect(
                found == nil,
                "After clearAuthToken(), authToken() should return nil: expected nil, found \(describe(found)).")
            if let error = thrownError({ try clearAuthToken() }) {
                Issue.record(
                    "Signing out a second time, with no token stored, should not throw: expected no error, found \(describe(error))."
                )
            }
        }
    }

    @Test("the auth token never appears in preferences or in any file on the device")
    func tokenOnlyInVault() throws {
        try KeychainBench.run { bench in
            UserDefaults.standard.set("newestFirst", forKey: "sortOrder")
            _ = succeeds("saveAuthToken(_:)") { try saveAuthToken(sampleToken) }
            let stored = bench.storedPasswords().contains {
                ($0[kSecValueData as String] as? Data) == Data(sampleToken.utf8)
            }
            #expect(
                stored,
                "The token should be a vault item (SecItemAdd with kSecValueData): expected a generic password holding it, found none."
            )

            let inPreferences = UserDefaults.standard.dictionaryRepresentation()
                .filter { "\($0.value)".contains(sampleToken) }.map(\.key)
            #expect(
                inPreferences.isEmpty,
                "Preferences are a plaintext file, never the place for a token: expected no preference holding it, found it under \(inPreferences)."
            )

            let tokenBytes = Data(sampleToken.utf8)
            let leaks = bench.everyFileOnDevice().filter { $0.contents.range(of: tokenBytes) != nil }.map(\.path)
            #expect(
                leaks.isEmpty,
                "The token's bytes should exist only encrypted inside the vault: expected no readable copy, found one in \(leaks)."
            )
        }
    }

    @Test("the auth token survives a reinstall, a preference does not")
    func tokenSurvivesReinstall() throws {
        try KeychainBench.run { bench in
            UserDefaults.standard.set("dark", forKey: "theme")
            _ = succeeds("saveAuthToken(_:)") { try saveAuthToken(sampleToken) }
            try bench.sandbox.reinstall()
            let found = succeeds("authToken() after a reinstall") { try authToken() } ?? nil
            #expect(
                found == sampleToken,
                "Vault items live outside the app container, so the token survives a reinstall: expected \(describe(sampleToken)), found \(describe(found))."
            )
            let theme = UserDefaults.standard.string(forKey: "theme")
            #expect(
                theme == nil,
                "A reinstall deletes the container and its preferences: expected the theme preference to be nil, found \(describe(theme))."
            )
        }
    }

    @Test("the auth token is stored as kSecAttrAccessibleAfterFirstUnlock")
    func tokenAccessibility() throws {
        try KeychainBench.run { bench in
            _ = succeeds("saveAuthToken(_:)") { try saveAuthToken(sampleToken) }
            _ = succeeds("Saving the token a second time") { try saveAuthToken(sampleToken) }
            let item = bench.storedPasswords().first {
                ($0[kSecValueData as String] as? Data) == Data(sampleToken.utf8)
            }
            let found = item?[kSecAttrAccessible as String] as? String
            let expected = kSecAttrAccessibleAfterFirstUnlock as String
            #expect(
                found == expected,
                "The token must stay readable for a background refresh on a locked phone: expected kSecAttrAccessible \(accessibilityName(expected)), found \(found.map(accessibilityName) ?? "no token item")."
            )
        }
    }

    @Test("the auth token can be read while the device is locked")
    func tokenReadableWhileLocked() throws {
        try KeychainBench.run { bench in
            _ = succeeds("saveAuthToken(_:)") { try saveAuthToken(sampleToken) }
            bench.vaultDevice.lock()
            let found =
                succeeds("authToken() on a locked device (AfterFirstUnlock items stay readable)") { try authToken() }
                ?? nil
            #expect(
                found == sampleToken,
                "A background refresh reads the token while the phone is locked: expected \(describe(sampleToken)), found \(describe(found))."
            )
        }
    }

    @Test("after a restart the auth token waits for the first unlock")
    func tokenAfterRestart() throws {
        try KeychainBench.run { bench in
            _ = succeeds("saveAuthToken(_:)") { try saveAuthToken(sampleToken) }
            bench.vaultDevice.reboot()
            var early: String?
            let error = thrownError { early = try authToken() }
            if let error {
                #expect(
                    (error as? KeychainError) == .readFailed(errSecInteractionNotAllowed),
                    "Before the first unlock since a restart, reading the token should throw: expected KeychainError.readFailed carrying \(describe(status: errSecInteractionNotAllowed)), found \(describe(error))."
                )
            } else {
                Issue.record(
                    "Before the first unlock since a restart, an AfterFirstUnlock token cannot be read: expected a KeychainError carrying \(describe(status: errSecInteractionNotAllowed)), found \(describe(early))."
                )
            }
            bench.vaultDevice.unlock()
            let found = succeeds("authToken() once the device is unlocked") { try authToken() } ?? nil
            #expect(
                found == sampleToken,
                "After the first unlock the token is readable again: expected \(describe(sampleToken)), found \(describe(found))."
            )
        }
    }

    @Test("the auth token is filed under the account \"authToken\"")
    func tokenAccount() throws {
        try KeychainBench.run { bench in
            _ = succeeds("saveAuthToken(_:)") { try saveAuthToken(sampleToken) }
            let item = bench.storedPasswords().first {
                ($0[kSecValueData as String] as? Data) == Data(sampleToken.utf8)
            }
            let account = item?[kSecAttrAccount as String] as? String
            #expect(
                account == "authToken",
                "Other code finds the token by its account: expected a generic password with the account \"authToken\" holding it, found \(item == nil ? "no generic password holding it" : "the account \(account.map { "\"\($0)\"" } ?? "missing")")."
            )
        }
    }

    @Test("authToken() reads the item filed under \"authToken\"")
    func tokenReadFromItsKey() throws {
        try KeychainBench.run { _ in
            _ = succeeds("KeychainHelper.save(_:for: \"authToken\")") {
                try KeychainHelper.save(Data(sampleToken.utf8), for: "authToken")
            }
            let found = succeeds("authToken()") { try authToken() } ?? nil
            #expect(
                found == sampleToken,
                "With a token saved under \"authToken\", authToken() should return it: expected \(describe(sampleToken)), found \(describe(found))."
            )
        }
    }

    @Test("signing out leaves the other vault items alone")
    func signOutKeepsOtherItems() throws {
        try KeychainBench.run { _ in
            _ = succeeds("Saving \"refreshToken\"") {
                try KeychainHelper.save(Data("refresh".utf8), for: "refreshToken")
            }
            _ = succeeds("saveAuthToken(_:)") { try saveAuthToken(sampleToken) }
            _ = succeeds("clearAuthToken()") { try clearAuthToken() }
            let refresh =
                succeeds("Reading \"refreshToken\" after signing out") { try KeychainHelper.read(for: "refreshToken") }
                ?? nil
            #expect(
                refresh == Data("refresh".utf8),
                "clearAuthToken() removes only \"authToken\": expected \"refreshToken\" to still hold \"refresh\", found \(describe(refresh))."
            )
        }
    }
}

/// The constant's name for a `kSecAttrAccessible` value, so messages read like code.
func accessibilityName(_ value: String) -> String {
    let names: [CFString: String] = [
        kSecAttrAccessibleWhenUnlocked: "kSecAttrAccessibleWhenUnlocked",
        kSecAttrAccessibleAfterFirstUnlock: "kSecAttrAccessibleAfterFirstUnlock",
        kSecAttrAccessibleAlways: "kSecAttrAccessibleAlways",
        kSecAttrAccessibleWhenUnlockedThisDeviceOnly: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
        kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
        kSecAttrAccessibleAlwaysThisDeviceOnly: "kSecAttrAccessibleAlwaysThisDeviceOnly",
        kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
    ]
    return names.first { $0.key as String == value }?.value ?? "\"\(value)\""
}
