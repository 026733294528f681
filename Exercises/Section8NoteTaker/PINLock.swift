// Section 8 — Practice project: NoteTaker
// The bonus: a PIN lock kept in the vault. See Note.swift for the goal.
//
// The PIN is a secret, so it lives in the vault as a generic password under `NoteTakerKeys.pinAccount`,
// never in preferences. The count of wrong PINs lives beside it under
// `NoteTakerKeys.wrongAttemptsAccount`, so deleting the preferences cannot reset it. Use the Security
// functions (`SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate`, `SecItemDelete`) as in Section 3.

import PersistenceCore

/// NoteTaker's launch lock: a 4-digit PIN and a limited number of wrong tries.
///
/// ```swift
/// let lock = PINLock()
/// try lock.setPIN("2580")
/// switch try lock.check(enteredPIN) {
/// case .unlocked: showNotes()
/// case .wrong(let attemptsLeft): askAgain(attemptsLeft)
/// case .lockedOut: explainLockout()
/// }
/// ```
public struct PINLock {
    /// A lock over the current vault.
    public init() {}

    // TODO: Write three private helpers over the Security functions, as in Section 3's KeychainHelper:
    // save (update, else add) a generic password for an account, read it (nil when errSecItemNotFound),
    // and delete it (errSecItemNotFound is fine). Throw NoteTakerError.vaultFailed(status) otherwise.

    /// Whether a PIN is set.
    ///
    /// - Throws: `NoteTakerError.vaultFailed` when the vault cannot be read.
    public func hasPIN() throws -> Bool {
        // TODO: Read the item under NoteTakerKeys.pinAccount.
        false
    }

    /// Sets (or replaces) the PIN and forgets any earlier wrong tries.
    ///
    /// - Throws: `NoteTakerError.malformedPIN` unless `pin` is 4 digits; `.vaultFailed` when the vault refuses it.
    public func setPIN(_ pin: String) throws {
        // TODO: Refuse a PIN that is not `PINRules.isWellFormed`; save it under NoteTakerKeys.pinAccount;
        // delete the count of wrong tries.
    }

    /// Checks an entered PIN: the right one unlocks and resets the count of wrong tries; a wrong one is
    /// counted; after `PINRules.maxWrongAttempts` wrong ones every PIN is refused, and each further wrong
    /// one is still counted (the right one is not). Without a PIN, unlocked.
    ///
    /// - Throws: `NoteTakerError.vaultFailed` when the vault cannot be read or written.
    public func check(_ pin: String) throws -> PINCheck {
        // TODO: No PIN: .unlocked. Right PIN: .lockedOut when already locked out, else reset the count
        // and .unlocked. Wrong PIN: count it in the vault, then .wrong(attemptsLeft:) or .lockedOut.
        .lockedOut
    }

    /// How many wrong PINs were entered since the PIN was set or last entered right.
    ///
    /// - Throws: `NoteTakerError.vaultFailed` when the vault cannot be read.
    public func wrongAttempts() throws -> Int {
        // TODO: Read the count under NoteTakerKeys.wrongAttemptsAccount; 0 when there is none.
        -1
    }

    /// Removes the PIN and the count of wrong tries; NoteTaker opens without a PIN afterwards.
    ///
    /// - Throws: `NoteTakerError.vaultFailed` when the vault refuses to delete them.
    public func removePIN() throws {
        // TODO: Delete both items.
    }
}
