import Foundation
import PersistenceCore
import Section3Keychain
import Testing

/// The token functions promise the helper's errors to their caller: a sign-in the vault refused must not
/// look like a success, and a vault that cannot be read must not look like a signed-out user.
@Suite("Section 3: the token's failures reach the caller")
struct TokenFailureChecks {
    @Test("a sign-in the vault refuses throws KeychainError.saveFailed")
    func saveTokenFailure() throws {
        try KeychainBench.run { bench in
            try bench.breakVaultStorage()
            let error = thrownError { try saveAuthToken(sampleToken) }
            expectKeychainError(
                error, from: "saveAuthToken(_:) while the vault cannot be opened", is: .saveFailed(errSecIO))
        }
    }

    @Test("reading the token from a broken vault throws KeychainError.readFailed")
    func readTokenFailure() throws {
        try KeychainBench.run { bench in
            try bench.breakVaultStorage()
            var returned: String?
            let error = thrownError { returned = try authToken() }
            if error == nil {
                Issue.record(
                    "authToken() while the vault cannot be opened should throw, since a signed-out user and a broken vault are different answers: expected KeychainError.readFailed(\(errSecIO)), found a returned \(describe(returned))."
                )
                return
            }
            expectKeychainError(error, from: "authToken() while the vault cannot be opened", is: .readFailed(errSecIO))
        }
    }

    @Test("a sign-out the vault refuses throws KeychainError.deleteFailed")
    func clearTokenFailure() throws {
        try KeychainBench.run { bench in
            try bench.breakVaultStorage()
            let error = thrownError { try clearAuthToken() }
            expectKeychainError(
                error, from: "clearAuthToken() while the vault cannot be opened", is: .deleteFailed(errSecIO))
        }
    }
}
