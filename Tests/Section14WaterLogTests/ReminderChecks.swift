import Foundation
import PersistenceCore
import Section14WaterLog
import Testing

@Suite("Section 14: the behind-your-goal reminder")
struct ReminderChecks {
    @Test("behind the goal before 6 pm, one reminder is pending for 6 pm saying how much is left")
    func reminderPending() throws {
        try WaterBench.run { bench in
            let reminder = GoalReminder(center: bench.center, calendar: utc)
            let pending = try reminder.update(total: 1_200, goal: 2_000, now: day(0, 14))
            #expect(pending, "update(total: 1200, goal: 2000) at 14:00: expected true, found false.")
            let requests = bench.center.pendingRequests()
            #expect(
                requests.map(\.identifier) == [WaterLogKeys.reminderIdentifier],
                "The pending requests: expected one, \"\(WaterLogKeys.reminderIdentifier)\", found \(requests.map(\.identifier))."
            )
            let request = try #require(requests.first)
            #expect(
                request.content.title == "Behind your water goal",
                "The reminder's title: found \"\(request.content.title)\".")
            #expect(
                request.content.body == "1200 of 2000 ml so far today: 800 ml to go.",
                "The reminder's body: found \"\(request.content.body)\".")
            let trigger = request.trigger as? UNCalendarNotificationTrigger
            let fires = trigger.flatMap {
                utc.nextDate(after: day(0, 14), matching: $0.dateComponents, matchingPolicy: .nextTime)
            }
            #expect(
                fires == day(0, 18),
                "The reminder's calendar trigger fires at: expected \(day(0, 18)), found \(describe(fires)).")
            #expect(trigger?.repeats == false, "The reminder's trigger repeats: expected false.")
        }
    }

    @Test("a new total replaces the pending reminder instead of adding another")
    func reminderReplaced() throws {
        try WaterBench.run { bench in
            let reminder = GoalReminder(center: bench.center, calendar: utc)
            try reminder.update(total: 300, goal: 2_000, now: day(0, 9))
            try reminder.update(total: 1_900, goal: 2_000, now: day(0, 16))
            let bodies = bench.center.pendingRequests().map(\.content.body)
            #expect(
                bodies == ["1900 of 2000 ml so far today: 100 ml to go."],
                "The pending reminders after a second update: expected only the newer, found \(bodies).")
        }
    }

    @Test("reaching the goal, or the reminder's hour passing, removes the pending reminder")
    func reminderRemoved() throws {
        try WaterBench.run { bench in
            let reminder = GoalReminder(center: bench.center, calendar: utc)
            for (total, hour, label) in [
                (2_000, 16, "the goal reached exactly at 16:00"), (2_600, 11, "the goal passed at 11:00"),
                (1_000, 18, "1,000 ml at 18:00"), (1_000, 19, "1,000 ml at 19:00"),
            ] {
                try reminder.update(total: 500, goal: 2_000, now: day(0, 9))
                let before = bench.center.pendingRequests().map(\.identifier)
                #expect(
                    before == [WaterLogKeys.reminderIdentifier],
                    "After update(total: 500, goal: 2000) at 09:00: expected the reminder pending, found \(before).")
                let pending = try reminder.update(total: total, goal: 2_000, now: day(0, hour))
                let left = bench.center.pendingRequests().map(\.identifier)
                #expect(
                    !pending && left.isEmpty,
                    "After \(label): expected no reminder pending, found \(pending) and \(left).")
            }
        }
    }

    @Test("the reminder is delivered at 6 pm by the simulated notification center, on the app's calendar")
    func reminderDelivered() throws {
        try WaterBench.run { bench in
            // The app's calendar is twelve hours or more from the device's, so a trigger read on the
            // device's calendar would fire at another hour.
            let calendar = farFromTheDevice()
            let zone = calendar.timeZone.identifier
            func at(_ hour: Int, _ minute: Int = 0) -> Date {
                calendar.date(from: DateComponents(year: 2026, month: 3, day: 2, hour: hour, minute: minute))!
            }
            let reminder = GoalReminder(center: bench.center, calendar: calendar)
            try reminder.update(total: 750, goal: 2_500, now: at(10))
            let early = try bench.center.deliverPendingNotifications(until: at(17, 59))
            #expect(
                early.isEmpty,
                "Delivered by 17:59 in \(zone), for a reminder on a calendar in \(zone), on a device in \(TimeZone.current.identifier): expected nothing, found \(early.map(\.request.content.body))."
            )
            try bench.center.deliverPendingNotifications(until: at(18, 30))
            let delivered = bench.center.delivered().map { "\($0.date): \($0.request.content.body)" }
            #expect(
                delivered == ["\(at(18)): 750 of 2500 ml so far today: 1750 ml to go."],
                "Delivered by 18:30 in \(zone): expected the reminder at 18:00 there (\(at(18))), found \(delivered). A trigger's date components are read on their own calendar, or the device's when they name none."
            )
            #expect(bench.center.pendingRequests().isEmpty, "A delivered reminder is no longer pending.")
        }
    }
}

@Suite("Section 14: a notification center that fails")
struct ReminderFailureChecks {
    @Test("a reminder the notification center cannot keep is reported")
    func centerFailureReported() throws {
        try WaterBench.run { bench in
            let folder = bench.center.fileURL.deletingLastPathComponent()
            try? FileManager.default.removeItem(at: folder)
            guard FileManager.default.createFile(atPath: folder.path, contents: Data("not a folder".utf8)) else {
                Issue.record("could not put a file in place of \(folder.path)")
                return
            }
            let reminder = GoalReminder(center: bench.center, calendar: utc)
            let error = thrownError { try reminder.update(total: 500, goal: 2_000, now: day(0, 9)) }
            #expect(
                error != nil,
                "update(total: 500, goal: 2000) when the center cannot write its requests: expected its error, found none."
            )
        }
    }
}
