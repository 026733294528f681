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

    /// Whether a PIN is set.
    ///
    /// - Throws: `NoteTakerError.vaultFailed` when the vault cannot be read.
    public func hasPIN() throws -> Bool {
        try readItem(NoteTakerKeys.pinAccount) != nil
    }

    /// Sets (or replaces) the PIN and forgets any earlier wrong tries.
    ///
    /// - Throws: `NoteTakerError.malformedPIN` unless `pin` is 4 digits; `.vaultFailed` when the vault refuses it.
    public func setPIN(_ pin: String) throws {
        guard PINRules.isWellFormed(pin) else { throw NoteTakerError.malformedPIN }
        try saveItem(Data(pin.utf8), account: NoteTakerKeys.pinAccount)
        try deleteItem(NoteTakerKeys.wrongAttemptsAccount)
    }

    /// Checks an entered PIN: the right one unlocks and resets the count of wrong tries; a wrong one is
    /// counted; after `PINRules.maxWrongAttempts` wrong ones every PIN is refused, and each further wrong
    /// one is still counted (the right one is not). Without a PIN, unlocked.
    ///
    /// - Throws: `NoteTakerError.vaultFailed` when the vault cannot be read or written.
    public func check(_ pin: String) throws -> PINCheck {
        guard let stored = try readItem(NoteTakerKeys.pinAccount) else { return .unlocked }
        let wrong = try wrongAttempts()
        if stored == Data(pin.utf8) {
            if wrong >= PINRules.maxWrongAttempts { return .lockedOut }
            if wrong > 0 { try deleteItem(NoteTakerKeys.wrongAttemptsAccount) }
            return .unlocked
        }
        let nowWrong = wrong + 1
        try saveItem(Data(String(nowWrong).utf8), account: NoteTakerKeys.wrongAttemptsAccount)
        return nowWrong >= PINRules.maxWrongAttempts ? .lockedOut : .wrong(attemptsLeft: PINRules.maxWrongAttempts - nowWrong)
    }

    /// How many wrong PINs were entered since the PIN was set or last entered right.
    ///
    /// - Throws: `NoteTakerError.vaultFailed` when the vault cannot be read.
    public func wrongAttempts() throws -> Int {
        guard let data = try readItem(NoteTakerKeys.wrongAttemptsAccount) else { return 0 }
        return Int(String(decoding: data, as: UTF8.self)) ?? PINRules.maxWrongAttempts
    }

    /// Removes the PIN and the count of wrong tries; NoteTaker opens without a PIN afterwards.
    ///
    /// - Throws: `NoteTakerError.vaultFailed` when the vault refuses to delete them.
    public func removePIN() throws {
        try deleteItem(NoteTakerKeys.pinAccount)
        try deleteItem(NoteTakerKeys.wrongAttemptsAccount)
    }

    // MARK: The vault

    /// The attributes naming the generic password filed under `account`.
    private func itemQuery(_ account: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
        ]
    }

    /// Stores `data` under `account`, replacing what was there; kept on this device only.
    private func saveItem(_ data: Data, account: String) throws {
        let query = itemQuery(account)
        let contents: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        let updateStatus = SecItemUpdate(query as CFDictionary, contents as CFDictionary)
        switch updateStatus {
        case errSecSuccess:
            return
        case errSecItemNotFound:
            let addStatus = SecItemAdd(query.merging(contents) { _, new in new } as CFDictionary, nil)
            guard addStatus == errSecSuccess else { throw NoteTakerError.vaultFailed(addStatus) }
        default:
            throw NoteTakerError.vaultFailed(updateStatus)
        }
    }

    /// The data filed under `account`, or nil when there is none.
    private func readItem(_ account: String) throws -> Data? {
        var query = itemQuery(account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess: return result as? Data
        case errSecItemNotFound: return nil
        default: throw NoteTakerError.vaultFailed(status)
        }
    }

    /// Deletes what is filed under `account`; nothing there is fine.
    private func deleteItem(_ account: String) throws {
        let status = SecItemDelete(itemQuery(account) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw NoteTakerError.vaultFailed(status) }
    }
}
