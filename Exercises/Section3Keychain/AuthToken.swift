// Section 3 — The vault: Keychain basics
//
// Goal: keep the app's sign-in token in the vault, through your `KeychainHelper`, under the key
// "authToken". Signing in saves it, launching reads it, signing out clears it. The token must never
// reach preferences or any file in the app's container, and it must survive a reinstall.
//
// The token is read by a background refresh that may run while the phone is locked, so it is stored
// as `kSecAttrAccessibleAfterFirstUnlock`: readable once the user has unlocked the device after it
// started, locked again or not.

import PersistenceCore

/// Saves the sign-in token after a successful login, replacing any earlier one.
///
/// - Throws: `KeychainError` when the vault refuses the token.
public func saveAuthToken(_ token: String) throws {
    // TODO: Turn the token into UTF-8 bytes and save them with KeychainHelper under "authToken".
    throw KeychainError.saveFailed(errSecUnimplemented)
}

/// The sign-in token, or nil when the user is signed out.
///
/// - Throws: `KeychainError` when the vault cannot be read, for example right after a restart.
public func authToken() throws -> String? {
    // TODO: Read "authToken" with KeychainHelper and decode the bytes as UTF-8.
    throw KeychainError.readFailed(errSecUnimplemented)
}

/// Forgets the sign-in token on sign-out; signing out twice is fine.
///
/// - Throws: `KeychainError` when the vault refuses to delete the token.
public func clearAuthToken() throws {
    // TODO: Delete "authToken" with KeychainHelper.
    throw KeychainError.deleteFailed(errSecUnimplemented)
}
