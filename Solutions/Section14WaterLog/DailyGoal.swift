// Section 14 — The health mini-challenge: WaterLog
// The daily goal, kept in the vault. See WaterEntry.swift for the goal of the exercise.
//
// The goal is the user's own setting and must survive a reinstall that deletes the preferences, so it
// lives in the vault as a generic password under `WaterLogKeys.goalAccount`, stored as digits.

import PersistenceCore

public struct DailyGoal {
    public init() {}

    /// The stored goal, or `WaterRules.defaultGoal` when none is stored. Throws `vaultFailed` when the
    /// vault cannot be read.
    public func goal() throws -> Int {
        var query = itemQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            let digits = String(decoding: result as? Data ?? Data(), as: UTF8.self)
            return Int(digits) ?? WaterRules.defaultGoal
        case errSecItemNotFound:
            return WaterRules.defaultGoal
        default:
            throw WaterLogError.vaultFailed(status)
        }
    }

    /// Keeps `goal` in the vault. Throws `goalOutOfRange` for a goal outside `WaterRules.goalRange`,
    /// keeping the stored one, and `vaultFailed` when the vault refuses it.
    public func setGoal(_ goal: Int) throws {
        guard WaterRules.goalRange.contains(goal) else { throw WaterLogError.goalOutOfRange(goal) }
        let contents: [String: Any] = [kSecValueData as String: Data(String(goal).utf8)]
        let status = SecItemUpdate(itemQuery as CFDictionary, contents as CFDictionary)
        switch status {
        case errSecSuccess:
            return
        case errSecItemNotFound:
            let added = SecItemAdd(itemQuery.merging(contents) { _, new in new } as CFDictionary, nil)
            guard added == errSecSuccess else { throw WaterLogError.vaultFailed(added) }
        default:
            throw WaterLogError.vaultFailed(status)
        }
    }

    private var itemQuery: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: WaterLogKeys.goalAccount]
    }
}
