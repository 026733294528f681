// The simulated notification center: Apple's names and shapes, requests kept per app on the device.
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

@Suite("UNUserNotificationCenter on one machine")
struct UserNotificationsTests {
    /// Runs `body` on a throwaway device whose app is current for the task.
    func onDevice(_ body: (AppSandbox) async throws -> Void) async throws {
        let sandbox = AppSandbox.temporary(appIdentifier: "com.example.Reminders")
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        try await AppSandbox.withCurrent(sandbox) { try await body(sandbox) }
    }

    func request(_ identifier: String, body: String, trigger: UNNotificationTrigger?) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = "Reminder"
        content.body = body
        return UNNotificationRequest(identifier: identifier, content: content, trigger: trigger)
    }

    @Test("A request added is pending, and adding one with the same identifier replaces it")
    func addAndReplace() async throws {
        try await onDevice { _ in
            let center = UNUserNotificationCenter.current()
            try await center.add(
                request(
                    "a", body: "first", trigger: UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)))
            try await center.add(
                request(
                    "b", body: "other", trigger: UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)))
            try await center.add(
                request(
                    "a", body: "second", trigger: UNTimeIntervalNotificationTrigger(timeInterval: 900, repeats: false)))
            let pending = await center.pendingNotificationRequests()
            #expect(pending.map(\.identifier) == ["b", "a"])
            #expect(pending.map(\.content.body) == ["other", "second"])
            #expect((pending.last?.trigger as? UNTimeIntervalNotificationTrigger)?.timeInterval == 900)
        }
    }

    @Test(
        "Pending requests outlive the app's process: another center of the same app on the device sees them, another app's does not"
    )
    func keptOnTheDevice() async throws {
        try await onDevice { sandbox in
            try await UNUserNotificationCenter.current().add(request("a", body: "kept", trigger: nil))
            let again = await UNUserNotificationCenter.current().pendingNotificationRequests()
            #expect(again.map(\.content.body) == ["kept"])
            let other = AppSandbox(appIdentifier: "com.example.Other", deviceRoot: sandbox.deviceRoot)
            let others = await AppSandbox.withCurrent(other) {
                await UNUserNotificationCenter.current().pendingNotificationRequests()
            }
            #expect(others.isEmpty)
        }
    }

    @Test("Removing pending requests by identifier leaves the others, and an unknown identifier is ignored")
    func removeByIdentifier() async throws {
        try await onDevice { _ in
            let center = UNUserNotificationCenter.current()
            for id in ["a", "b", "c"] { try await center.add(request(id, body: id, trigger: nil)) }
            center.removePendingNotificationRequests(withIdentifiers: ["a", "c", "zzz"])
            #expect(await center.pendingNotificationRequests().map(\.identifier) == ["b"])
            center.removeAllPendingNotificationRequests()
            #expect(await center.pendingNotificationRequests().isEmpty)
        }
    }

    @Test(
        "Delivery: a calendar trigger fires at its time and is then delivered, not pending; a time interval counts from when the request was added"
    )
    func delivery() async throws {
        try await onDevice { _ in
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let morning = utc.date(from: DateComponents(year: 2026, month: 5, day: 5, hour: 9))!
            let center = UNUserNotificationCenter.current()
            let sixPM = DateComponents(calendar: utc, year: 2026, month: 5, day: 5, hour: 18, minute: 0)
            try center.add(
                request(
                    "evening", body: "drink",
                    trigger: UNCalendarNotificationTrigger(dateMatching: sixPM, repeats: false)), at: morning)
            try center.add(
                request(
                    "soon", body: "soon",
                    trigger: UNTimeIntervalNotificationTrigger(timeInterval: 3_600, repeats: false)), at: morning)
            let byNoon = try center.deliverPendingNotifications(until: morning.addingTimeInterval(3 * 3_600))
            #expect(byNoon.map(\.request.identifier) == ["soon"])
            #expect(byNoon.first?.date == morning.addingTimeInterval(3_600))
            try center.deliverPendingNotifications(until: morning.addingTimeInterval(10 * 3_600))
            let delivered = await center.deliveredNotifications()
            #expect(delivered.map(\.request.identifier) == ["soon", "evening"])
            #expect(delivered.last?.date == utc.date(from: DateComponents(year: 2026, month: 5, day: 5, hour: 18)))
            #expect(await center.pendingNotificationRequests().isEmpty)
            center.removeDeliveredNotifications(withIdentifiers: ["soon"])
            #expect(await center.deliveredNotifications().map(\.request.identifier) == ["evening"])
        }
    }

    @Test("A repeating trigger is delivered each time it fires and stays pending")
    func repeating() async throws {
        try await onDevice { _ in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let center = UNUserNotificationCenter.current()
            try center.add(
                request(
                    "hourly", body: "sip",
                    trigger: UNTimeIntervalNotificationTrigger(timeInterval: 3_600, repeats: true)), at: start)
            let fired = try center.deliverPendingNotifications(until: start.addingTimeInterval(3 * 3_600 + 60))
            #expect(fired.map(\.date) == [1, 2, 3].map { start.addingTimeInterval(Double($0) * 3_600) })
            #expect(await center.pendingNotificationRequests().map(\.identifier) == ["hourly"])
            let next = try center.deliverPendingNotifications(until: start.addingTimeInterval(3 * 3_600 + 120))
            #expect(next.isEmpty)
        }
    }

    @Test("The content is copied when the request is made: changing the mutable content afterwards changes nothing")
    func contentCopied() async throws {
        let content = UNMutableNotificationContent()
        content.body = "before"
        let request = UNNotificationRequest(identifier: "x", content: content, trigger: nil)
        content.body = "after"
        #expect(request.content.body == "before")
        #expect(try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound]))
    }
}
