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
        let reminderTime = calendar.date(bySettingHour: WaterRules.reminderHour, minute: 0, second: 0, of: now)!
        guard total < goal, now < reminderTime else { return nil }
        let content = UNMutableNotificationContent()
        content.title = "Behind your water goal"
        content.body = "\(total) of \(goal) ml so far today: \(goal - total) ml to go."
        var components = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: reminderTime)
        components.calendar = calendar
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
        return UNNotificationRequest(identifier: WaterLogKeys.reminderIdentifier, content: content, trigger: trigger)
    }

    /// Adds the reminder for `total` of `goal` ml at `now`, replacing the pending one, or removes it
    /// when none is due. Returns whether a reminder is pending.
    @discardableResult
    public func update(total: Int, goal: Int, now: Date = .now) throws -> Bool {
        guard let request = request(total: total, goal: goal, now: now) else {
            center.removePendingNotificationRequests(withIdentifiers: [WaterLogKeys.reminderIdentifier])
            return false
        }
        try center.add(request, at: now)
        return true
    }
}
