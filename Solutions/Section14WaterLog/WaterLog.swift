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
        guard amount > 0 else { throw WaterLogError.amountNotPositive(amount) }
        guard amount <= WaterRules.maxAmount else { throw WaterLogError.amountTooLarge(amount) }
    }

    /// Logs `amount` ml drunk at `date` and saves it; a refused amount stores nothing.
    @discardableResult
    public func log(amount: Int, at date: Date = .now) throws -> WaterEntry {
        try Self.validate(amount: amount)
        let entry = WaterEntry(amount: amount, date: date)
        context.insert(entry)
        try context.save()
        return entry
    }

    /// The entries of the day `date` falls on, oldest first.
    public func entries(on date: Date) throws -> [WaterEntry] {
        let start = calendar.startOfDay(for: date)
        let end = calendar.date(byAdding: .day, value: 1, to: start)!
        let descriptor = FetchDescriptor<WaterEntry>(
            predicate: #Predicate { $0.date >= start && $0.date < end },
            sortBy: [SortDescriptor(\.date)]
        )
        return try context.fetch(descriptor)
    }

    /// The millilitres logged on the day `date` falls on.
    public func total(on date: Date) throws -> Int {
        try entries(on: date).reduce(0) { $0 + $1.amount }
    }

    /// The day `date` falls on, measured against `goal`.
    public func summary(on date: Date, goal: Int) throws -> DaySummary {
        DaySummary(day: calendar.startOfDay(for: date), total: try total(on: date), goal: goal)
    }

    /// The seven days ending on the day `date` falls on, oldest first, each summed by its own fetch.
    public func week(endingOn date: Date, goal: Int) throws -> [DaySummary] {
        try (0..<7).reversed().map { daysBefore in
            try summary(on: calendar.date(byAdding: .day, value: -daysBefore, to: date)!, goal: goal)
        }
    }
}
