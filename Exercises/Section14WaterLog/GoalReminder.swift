// Section 14 — The health mini-challenge: WaterLog
// The "behind your goal" reminder. See WaterEntry.swift for the goal of the exercise.
//
// After every change, WaterLog asks for one local notification at `WaterRules.reminderHour` today while
// the day's total is below the goal, saying how much is left; once the goal is met, or the hour has
// passed, no reminder is pending. Adding a request with the same identifier replaces the pending one.

import PersistenceCore
import PersistenceWorkbench

public struct GoalReminder {
    public let center: UNUserNotificationCenter
    public let calendar: Calendar

    public init(center: UNUserNotificationCenter = .current(), calendar: Calendar = .current) {
        self.center = center
        self.calendar = calendar
    }

    /// The reminder for a day with `total` of `goal` ml at `now`, or nil when none is due.
    public func request(total: Int, goal: Int, now: Date) -> UNNotificationRequest? {
        // TODO: Behind the goal before `WaterRules.reminderHour`: a request identified by
        // `WaterLogKeys.reminderIdentifier`, titled "Behind your water goal", whose body reads
        // "<total> of <goal> ml so far today: <goal - total> ml to go.", with a calendar trigger at that
        // hour today (year, month, day, hour and minute, and the calendar), not repeating.
        nil
    }

    /// Adds the reminder for `total` of `goal` ml at `now`, replacing the pending one, or removes it
    /// when none is due. Returns whether a reminder is pending.
    @discardableResult
    public func update(total: Int, goal: Int, now: Date = .now) throws -> Bool {
        // TODO: Add the request with `center.add(_:at:)`, or remove the pending one by its identifier.
        false
    }
}
