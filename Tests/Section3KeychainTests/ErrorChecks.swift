import Foundation
import PersistenceCore
import Section3Keychain
import Testing

/// Each check makes a Security function fail, by replacing the vault's folder with a plain file (errSecIO, -36)
/// or through the device's lock state (errSecInteractionNotAllowed), and expects that status to arrive
/// inside the `KeychainError` case of the helper call that failed.
@Suite("Section 3: failures reach the caller")
struct ErrorChecks {
    @Test("a failing save throws KeychainError with the status")
    func saveFailure() throws {
        try KeychainBench.run { bench in
            try bench.breakVaultStorage()
            let error = thrownError { try KeychainHelper.save(Data("value".utf8), for: "key") }
            expectKeychainError(error, from: "Saving while the vault cannot be opened", is: .saveFailed(errSecIO))
        }
    }

    @Test("a failing read throws KeychainError instead of returning nil")
    func readFailure() throws {
        try KeychainBench.run { bench in
            try bench.breakVaultStorage()
            var returned: Data?
            let error = thrownError { returned = try KeychainHelper.read(for: "key") }
            if error == nil {
                Issue.record(
                    "Reading while the vault cannot be opened should throw KeychainError.readFailed(\(errSecIO)), since only errSecItemNotFound means \"nothing stored\": expected an error, found a returned \(describe(returned))."
                )
                return
            }
            expectKeychainError(error, from: "Reading while the vault cannot be opened", is: .readFailed(errSecIO))
        }
    }

    @Test("a failing delete throws KeychainError with the status")
    func deleteFailure() throws {
        try KeychainBench.run { bench in
            try bench.breakVaultStorage()
            let error = thrownError { try KeychainHelper.delete(for: "key") }
            expectKeychainError(error, from: "Deleting while the vault cannot be opened", is: .deleteFailed(errSecIO))
        }
    }

    @Test("a save the vault refuses before the first unlock throws saveFailed with the status")
    func saveRefusedAfterRestart() throws {
        try KeychainBench.run { bench in
            bench.vaultDevice.reboot()
            let error = thrownError { try KeychainHelper.save(Data("value".utf8), for: "newKey") }
            expectKeychainError(
                error, from: "Saving a new item before the first unlock since a restart",
                is: .saveFailed(errSecInteractionNotAllowed)
            )
        }
    }

    @Test("a save that cannot change a locked item throws saveFailed and keeps the old value")
    func saveOverLockedItem() throws {
        try KeychainBench.run { bench in
            _ = succeeds("KeychainHelper.save(_:for: \"pin\")") {
                try KeychainHelper.save(Data("1234".utf8), for: "pin")
            }
            let name: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "pin"]
            let onlyWhenUnlocked: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked]
            let made = SecItemUpdate(name as CFDictionary, onlyWhenUnlocked as CFDictionary)
            try #require(
                made == errSecSuccess,
                "The check could not make \"pin\" a WhenUnlocked item: SecItemUpdate answered \(describe(status: made))."
            )
            bench.vaultDevice.lock()

            let error = thrownError { try KeychainHelper.save(Data("5678".utf8), for: "pin") }
            expectKeychainError(
                error, from: "Replacing a WhenUnlocked item while the device is locked",
                is: .saveFailed(errSecInteractionNotAllowed)
            )
            bench.vaultDevice.unlock()
            let kept =
                succeeds("Reading \"pin\" once the device is unlocked") { try KeychainHelper.read(for: "pin") } ?? nil
            #expect(
                kept == Data("1234".utf8),
                "A save that failed must leave the stored value as it was: expected \"1234\", found \(describe(kept))."
            )
        }
    }
}

/// Records a failure unless `error` is exactly `expected`: the case that names the helper call, and its status.
func expectKeychainError(
    _ error: (any Error)?,
    from action: String,
    is expected: KeychainError,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let wanted = "KeychainError.\(expected)"
    guard let error else {
        Issue.record("\(action) should throw: expected \(wanted), found no error.", sourceLocation: sourceLocation)
        return
    }
    guard let keychainError = error as? KeychainError else {
        Issue.record(
            "\(action) should throw a KeychainError: expected \(wanted), found \(describe(error)).",
            sourceLocation: sourceLocation)
        return
    }
    #expect(
        keychainError == expected,
        "\(action) should throw the case that names the helper call, carrying the status the Security function returned: expected \(wanted), found \(describe(keychainError)).",
        sourceLocation: sourceLocation
    )
}
