import CoreTestSupport
import Foundation
import PersistenceNotifications
import PersistenceSandbox
import PersistenceWorkbench
import Testing

@Test("two processes adding notification requests to one app's center at once keep every request")
func twoProcessesKeepEveryNotificationRequest() throws {
    let sandbox = AppSandbox.temporary(appIdentifier: "com.example.Reminders")
    defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
    let count = 40

    let first = try ProbeProcess.start([
        "add-notifications", sandbox.deviceRoot.path, sandbox.appIdentifier, "first", "\(count)",
    ])
    let second = try ProbeProcess.start([
        "add-notifications", sandbox.deviceRoot.path, sandbox.appIdentifier, "second", "\(count)",
    ])
    first.waitUntilExit()
    second.waitUntilExit()

    #expect(first.terminationStatus == 0)
    #expect(second.terminationStatus == 0)
    let pending = Set(
        AppSandbox.withCurrent(sandbox) { UNUserNotificationCenter.current() }.pendingRequests().map(\.identifier))
    let expected = Set((0..<count).flatMap { ["first-\($0)", "second-\($0)"] })
    #expect(pending == expected, "lost: \(expected.subtracting(pending).sorted().prefix(5))")
}
