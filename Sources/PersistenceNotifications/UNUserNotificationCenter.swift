// Local notifications on one machine: the shapes of Apple's UserNotifications framework
// (`UNUserNotificationCenter`, `UNNotificationRequest`, `UNMutableNotificationContent`, triggers) over a
// file of the simulated device, so that a request an app adds is still pending at its next launch, as the
// system keeps it on a device. Nothing is shown on a screen: a notification is delivered when the app (or a
// test) asks the simulation to deliver what is due, `deliverPendingNotifications(until:)` in
// PersistenceWorkbench, and is then listed by `deliveredNotifications()`.

import Foundation
import PersistenceSandbox

/// The notification center of the current app on the current simulated device (`AppSandbox.current`).
///
/// Its requests live in `Notifications/<app identifier>.json` in the device's folder, so every center of
/// the same app on the device, in any process, sees the same ones.
///
/// ```swift
/// let center = UNUserNotificationCenter.current()
/// try await center.add(UNNotificationRequest(identifier: "reminder", content: content, trigger: trigger))
/// let pending = await center.pendingNotificationRequests()
/// ```
///
/// ## Topics
/// - ``current()``
/// - ``add(_:)``
/// - ``pendingNotificationRequests()``
/// - ``deliveredNotifications()``
// Unchecked Sendable: holds only its file's URL; every read-modify-write of the file holds a lock (threads)
// and `flock` (processes).
public final class UNUserNotificationCenter: @unchecked Sendable {
    /// The file the center keeps its pending and delivered notifications in.
    @_spi(Workbench) public let workbenchFileURL: URL

    init(sandbox: AppSandbox) {
        workbenchFileURL = sandbox.deviceRoot.appending(path: "Notifications", directoryHint: .isDirectory)
            .appending(path: "\(sandbox.appIdentifier).json")
    }

    /// The center of the current app on the current device.
    public static func current() -> UNUserNotificationCenter { UNUserNotificationCenter(sandbox: .current) }

    /// Asks the user to allow notifications; the simulation grants every request, as there is no user to ask.
    ///
    /// - Returns: `true`.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { true }

    /// Adds `request`, replacing a pending request with the same identifier.
    ///
    /// - Throws: `CocoaError` when the device's notification file cannot be read or written.
    public func add(_ request: UNNotificationRequest) async throws {
        try workbenchAdd(request, at: .now)
    }

    /// Adds `request` and calls `completionHandler` with the error, if any.
    public func add(
        _ request: UNNotificationRequest, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil
    ) {
        do {
            try workbenchAdd(request, at: .now)
            completionHandler?(nil)
        } catch {
            completionHandler?(error)
        }
    }

    /// Adds `request` as if at `date`: a time-interval trigger counts from then. A simulation extra.
    ///
    /// - Throws: `CocoaError` when the device's notification file cannot be read or written.
    @_spi(Workbench) public func workbenchAdd(_ request: UNNotificationRequest, at date: Date) throws {
        try update { state in
            state.pending.removeAll { $0.identifier == request.identifier }
            state.pending.append(StoredRequest(request, added: date))
        }
    }

    /// The requests waiting for their trigger, in the order they were added.
    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        workbenchPendingRequests()
    }

    /// The pending requests, without waiting: a simulation extra for synchronous code.
    @_spi(Workbench) public func workbenchPendingRequests() -> [UNNotificationRequest] {
        ((try? read()) ?? State()).pending.map(\.request)
    }

    /// Removes the pending requests with these identifiers; an identifier nothing has is ignored.
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        try? update { state in state.pending.removeAll { identifiers.contains($0.identifier) } }
    }

    /// Removes every pending request.
    public func removeAllPendingNotificationRequests() {
        try? update { state in state.pending.removeAll() }
    }

    /// The notifications delivered and not yet removed, oldest first.
    public func deliveredNotifications() async -> [UNNotification] {
        workbenchDelivered()
    }

    /// The delivered notifications, without waiting: a simulation extra for synchronous code.
    @_spi(Workbench) public func workbenchDelivered() -> [UNNotification] {
        ((try? read()) ?? State()).delivered.map { UNNotification(date: $0.date, request: $0.request.request) }
    }

    /// Removes the delivered notifications of the requests with these identifiers.
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        try? update { state in state.delivered.removeAll { identifiers.contains($0.request.identifier) } }
    }

    /// Removes every delivered notification.
    public func removeAllDeliveredNotifications() {
        try? update { state in state.delivered.removeAll() }
    }

    /// Delivers every pending request whose trigger fires by `date`, as the system does on a device when
    /// the time comes: each is recorded as delivered at its trigger's date, and a request that does not
    /// repeat stops being pending. A simulation extra: a device needs no call.
    ///
    /// - Returns: What was delivered, in the order the requests were added.
    /// - Throws: `CocoaError` when the device's notification file cannot be read or written.
    @discardableResult
    @_spi(Workbench) public func workbenchDeliverPendingNotifications(until date: Date = .now) throws
        -> [UNNotification]
    {
        var deliveredNow: [UNNotification] = []
        try update { state in
            var stillPending: [StoredRequest] = []
            for var stored in state.pending {
                let request = stored.request
                guard let trigger = request.trigger else {
                    deliveredNow.append(UNNotification(date: stored.added, request: request))
                    continue
                }
                var due = trigger.nextDate(
                    after: stored.lastFired ?? stored.added.addingTimeInterval(-1), added: stored.added)
                var fired = false
                while let when = due, when <= date {
                    deliveredNow.append(UNNotification(date: when, request: request))
                    fired = true
                    stored.lastFired = when
                    due = trigger.repeats ? trigger.nextDate(after: when, added: stored.added) : nil
                }
                if !fired || trigger.repeats { stillPending.append(stored) }
            }
            state.pending = stillPending
            state.delivered += deliveredNow.map {
                StoredDelivery(date: $0.date, request: StoredRequest($0.request, added: $0.date))
            }
        }
        return deliveredNow
    }
}
