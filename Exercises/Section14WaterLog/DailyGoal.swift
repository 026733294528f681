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
        // TODO: Read the item with SecItemCopyMatching (kSecReturnData); errSecItemNotFound means the default.
        WaterRules.defaultGoal
    }

    /// Keeps `goal` in the vault. Throws `goalOutOfRange` for a goal outside `WaterRules.goalRange`,
    /// keeping the stored one, and `vaultFailed` when the vault refuses it.
    public func setGoal(_ goal: Int) throws {
        // TODO: Check the range, then update the item, or add it when there is none yet.
    }
}
