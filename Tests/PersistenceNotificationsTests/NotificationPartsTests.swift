// The parts of a request on their own: content, triggers, the file the center keeps, what it does with a
// file it cannot read.
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Testing

@Suite("Notification content, triggers and the center's file")
struct NotificationPartsTests {
    /// Runs `body` on a throwaway device whose app is current for the task.
    func onDevice(_ body: (AppSandbox) throws -> Void) throws {
        let sandbox = AppSandbox.temporary(appIdentifier: "com.example.Reminders")
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        try AppSandbox.withCurrent(sandbox) { try body(sandbox) }
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    func request(_ identifier: String, trigger: UNNotificationTrigger? = nil) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = identifier
        return UNNotificationRequest(identifier: identifier, content: content, trigger: trigger)
    }

    @Test("Mutable content keeps every field a request copies, the badge as a number")
    func contentFields() {
        let content = UNMutableNotificationContent()
        content.title = "Water"
        content.subtitle = "Today"
        content.body = "500 ml to go"
        content.badge = 3

        let request = UNNotificationRequest(identifier: "r", content: content, trigger: nil)

        #expect(
            [request.content.title, request.content.subtitle, request.content.body] == [
                "Water", "Today", "500 ml to go",
            ])
        #expect(request.content.badge?.intValue == 3)
    }

    @Test("A calendar trigger's next date is the next time its components match")
    func calendarNextDate() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        let trigger = UNCalendarNotificationTrigger(
            dateMatching: DateComponents(calendar: utc, hour: 18, minute: 0), repeats: true)

        let next = try #require(trigger.nextTriggerDate())

        #expect(utc.component(.hour, from: next) == 18)
        #expect(next > .now && next <= Date.now.addingTimeInterval(86_400))
        #expect(trigger.repeats)
    }

    @Test("A request without a trigger is delivered at the moment it was added")
    func noTriggerDeliveredAtOnce() throws {
        try onDevice { _ in
            let center = UNUserNotificationCenter.current()
            try center.add(request("now"), at: Self.start)

            let delivered = try center.deliverPendingNotifications(until: Self.start)

            #expect(delivered.map(\.date) == [Self.start])
            #expect(center.pendingRequests().isEmpty)
        }
    }

    @Test(
        "Pending and delivered notifications are kept in the device's Notifications/<app>.json, which survives the center"
    )
    func keptInTheDeviceFile() throws {
        try onDevice { sandbox in
            let center = UNUserNotificationCenter.current()
            try center.add(
                request("soon", trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)),
                at: Self.start)
            try center.add(
                request("later", trigger: UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)),
                at: Self.start)
            try center.deliverPendingNotifications(until: Self.start.addingTimeInterval(120))

            let file = sandbox.deviceRoot.appending(path: "Notifications/com.example.Reminders.json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            let again = UNUserNotificationCenter.current()

            #expect((json["pending"] as? [Any])?.count == 1)
            #expect((json["delivered"] as? [Any])?.count == 1)
            #expect(again.pendingRequests().map(\.identifier) == ["later"])
            #expect(again.delivered().map(\.request.identifier) == ["soon"])
        }
    }

    @Test("Removing every delivered notification leaves the pending ones")
    func removeAllDelivered() throws {
        try onDevice { _ in
            let center = UNUserNotificationCenter.current()
            try center.add(request("now"), at: Self.start)
            try center.add(
                request("later", trigger: UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)),
                at: Self.start)
            try center.deliverPendingNotifications(until: Self.start)

            center.removeAllDeliveredNotifications()

            #expect(center.delivered().isEmpty)
            #expect(center.pendingRequests().map(\.identifier) == ["later"])
        }
    }

    @Test("A damaged notification file lists nothing, and adding reports the error to the completion handler")
    func damagedFile() throws {
        try onDevice { sandbox in
            let folder = sandbox.deviceRoot.appending(path: "Notifications")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("not json".utf8).write(to: folder.appending(path: "com.example.Reminders.json"))
            let center = UNUserNotificationCenter.current()
            var reported: (any Error)?

            center.add(request("r")) { reported = $0 }

            #expect(center.pendingRequests().isEmpty)
            #expect(reported != nil)
        }
    }
}
