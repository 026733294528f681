import Foundation
import PersistenceCore
import Section3Keychain
import Testing

/// Every check here replaces the vault's folder with a plain file, so each Security function answers
/// errSecIO (-36), and expects that status to arrive inside a `KeychainError`.
@Suite("Section 3: failures reach the caller")
struct ErrorChecks {
    @Test("a failing save throws KeychainError with the status")
    func saveFailure() throws {
        try KeychainBench.run { bench in
            try bench.breakVaultStorage()
            let error = thrownError { try KeychainHelper.save(Data("value".utf8), for: "key") }
            expectKeychainError(error, from: "Saving while the vault cannot be opened", expectedCase: "saveFailed")
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
            expectKeychainError(error, from: "Reading while the vault cannot be opened", expectedCase: "readFailed")
        }
    }

    @Test("a failing delete throws KeychainError with the status")
    func deleteFailure() throws {
        try KeychainBench.run { bench in
            try bench.breakVaultStorage()
            let error = thrownError { try KeychainHelper.delete(for: "key") }
            expectKeychainError(error, from: "Deleting while the vault cannot be opened", expectedCase: "deleteFailed")
        }
    }
}

/// Records a failure unless `error` is a `KeychainError` carrying errSecIO.
func expectKeychainError(
    _ error: (any Error)?,
    from action: String,
    expectedCase: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = "KeychainError.\(expectedCase)(\(errSecIO))"
    guard let error else {
        Issue.record("\(action) should throw: expected \(expected), found no error.", sourceLocation: sourceLocation)
        return
    }
    guard let keychainError = error as? KeychainError else {
        Issue.record("\(action) should throw a KeychainError: expected \(expected), found \(describe(error)).", sourceLocation: sourceLocation)
        return
    }
    #expect(
        keychainError.status == errSecIO,
        "\(action) should pass on the status the Security function returned: expected \(expected), found \(describe(keychainError)).",
        sourceLocation: sourceLocation
    )
}
