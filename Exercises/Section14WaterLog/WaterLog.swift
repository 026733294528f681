// Section 14 — The health mini-challenge: WaterLog
// Logging, progress and the weekly summary. See WaterEntry.swift for the goal of the exercise.
//
// Every question about totals is asked of the store: a day's entries are fetched with a #Predicate on
// the day's range, from its start (included) to the next day's start (excluded), on `calendar`.

import PersistenceCore

public struct WaterLog {
    public let context: ModelContext
    public let calendar: Calendar

    public init(context: ModelContext, calendar: Calendar = .current) {
        self.context = context
        self.calendar = calendar
    }

    /// Throws `amountNotPositive` for 0 ml or less and `amountTooLarge` for more than `WaterRules.maxAmount`.
    public static func validate(amount: Int) throws {
        // TODO: Refuse what no glass holds, with the error that names the problem.
    }

    /// Logs `amount` ml drunk at `date` and saves it; a refused amount stores nothing.
    @discardableResult
    public func log(amount: Int, at date: Date = .now) throws -> WaterEntry {
        // TODO: Validate, insert and save.
        WaterEntry(amount: amount, date: date)
    }

    /// The entries of the day `date` falls on, oldest first.
    public func entries(on date: Date) throws -> [WaterEntry] {
        // TODO: Fetch with a #Predicate from the day's start (included) to the next day's (excluded).
        []
    }

    /// The millilitres logged on the day `date` falls on.
    public func total(on date: Date) throws -> Int {
        // TODO: Add up the day's entries.
        0
    }

    /// The day `date` falls on, measured against `goal`.
    public func summary(on date: Date, goal: Int) throws -> DaySummary {
        DaySummary(day: calendar.startOfDay(for: date), total: try total(on: date), goal: goal)
    }

    /// The seven days ending on the day `date` falls on, oldest first, each summed by its own fetch.
    public func week(endingOn date: Date, goal: Int) throws -> [DaySummary] {
        // TODO: One summary for each of the seven days, the oldest first.
        []
    }
}
