// Section 14 — The health mini-challenge: WaterLog
// The contract: the rules, errors and names every part of WaterLog shares. Given; do not change it.

import PersistenceCore

/// The rules a logged amount and the daily goal follow.
public enum WaterRules {
    /// The most one entry may hold: more than 5 litres at once is a typing mistake, not a drink.
    public static let maxAmount = 5_000
    /// The goal with nothing in the vault.
    public static let defaultGoal = 2_000
    /// The goals a user may set, in millilitres.
    public static let goalRange = 500...10_000
    /// The hour of the "behind your goal" reminder, on the app's calendar.
    public static let reminderHour = 18
}

/// Where WaterLog keeps what it keeps.
public enum WaterLogKeys {
    /// The vault account (`kSecAttrAccount`) of the daily goal, stored as digits.
    public static let goalAccount = "dailyGoal"
    /// The identifier of the "behind your goal" notification request.
    public static let reminderIdentifier = "behind-goal"
    /// The store file in Application Support.
    public static let storeFilename = "WaterLog.store"
    /// The iCloud container entries sync through.
    public static let containerIdentifier = "iCloud.com.example.WaterLog"
}

/// What WaterLog refuses or fails at. Each message names the problem and the way to fix it.
public enum WaterLogError: Error, Equatable, LocalizedError {
    /// An amount of zero or less.
    case amountNotPositive(Int)
    /// An amount over ``WaterRules/maxAmount``.
    case amountTooLarge(Int)
    /// A goal outside ``WaterRules/goalRange``.
    case goalOutOfRange(Int)
    /// The vault answered with this status.
    case vaultFailed(OSStatus)

    public var errorDescription: String? {
        switch self {
        case let .amountNotPositive(amount):
            "\(amount) ml is not an amount of water: log an amount greater than 0 ml, such as 250."
        case let .amountTooLarge(amount):
            "\(amount) ml is more than one entry can hold (\(WaterRules.maxAmount) ml at most): check for an extra digit, or log it as several entries."
        case let .goalOutOfRange(goal):
            "\(goal) ml is not a daily goal WaterLog accepts: choose a goal from \(WaterRules.goalRange.lowerBound) to \(WaterRules.goalRange.upperBound) ml."
        case let .vaultFailed(status):
            "The vault refused to read or keep the daily goal (status \(status)): unlock the device and try again."
        }
    }
}

/// One day of the weekly summary.
public struct DaySummary: Equatable, Sendable, CustomStringConvertible {
    /// The start of the day, on the summary's calendar.
    public let day: Date
    /// The millilitres logged that day.
    public let total: Int
    /// The goal the day is measured against.
    public let goal: Int

    public init(day: Date, total: Int, goal: Int) {
        self.day = day
        self.total = total
        self.goal = goal
    }

    /// The share of the goal reached, from 0; 1 or more means the goal was met.
    public var progress: Double { Double(total) / Double(goal) }

    public var description: String { "\(day.formatted(.iso8601.year().month().day())): \(total) of \(goal) ml" }
}
