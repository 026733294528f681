import ArgumentParser
import Foundation
import PersistenceCore
import PersistenceWorkbench

extension WaterLogCommand {
    struct Reminders: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Deliver the reminders that are due, and list pending and delivered ones."
        )

        @OptionGroup var options: DeviceOptions

        func run() throws {
            _ = options.selectSandbox()
            let center = UNUserNotificationCenter.current()
            try center.deliverPendingNotifications(until: .now)
            let pending = center.pendingRequests()
            print(pending.isEmpty ? "No reminder pending." : "Pending:")
            for request in pending {
                let when = (request.trigger as? UNCalendarNotificationTrigger)?.nextTriggerDate()
                let at = when?.formatted(date: .abbreviated, time: .shortened) ?? "now"
                print("  \(at)  \(request.content.title): \(request.content.body)")
            }
            let delivered = center.delivered()
            if !delivered.isEmpty { print("Delivered:") }
            for notification in delivered {
                let at = notification.date.formatted(date: .abbreviated, time: .shortened)
                print("  \(at)  \(notification.request.content.title): \(notification.request.content.body)")
            }
        }
    }
}
