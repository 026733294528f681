// Local notifications on one machine: the shapes of Apple's UserNotifications framework
// (`UNUserNotificationCenter`, `UNNotificationRequest`, `UNMutableNotificationContent`, triggers) over a
// file of the simulated device, so that a request an app adds is still pending at its next launch, as the
// system keeps it on a device. Nothing is shown on a screen: a notification is delivered when the app (or a
// test) asks the simulation to deliver what is due, `deliverPendingNotifications(until:)`, and is then listed
// by `deliveredNotifications()`.

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PersistenceSandbox

/// What a notification says. Apple's class is immutable; fill in a ``UNMutableNotificationContent``.
open class UNNotificationContent: @unchecked Sendable, Codable {
    fileprivate var storedTitle = ""
    fileprivate var storedSubtitle = ""
    fileprivate var storedBody = ""
    fileprivate var storedBadge: Int?

    public var title: String { storedTitle }
    public var subtitle: String { storedSubtitle }
    public var body: String { storedBody }
    public var badge: NSNumber? { storedBadge.map { NSNumber(value: $0) } }

    public init() {}
}

/// The content an app fills in before adding a request.
public final class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    public override var title: String { get { storedTitle } set { storedTitle = newValue } }
    public override var subtitle: String { get { storedSubtitle } set { storedSubtitle = newValue } }
    public override var body: String { get { storedBody } set { storedBody = newValue } }
    public override var badge: NSNumber? { get { storedBadge.map { NSNumber(value: $0) } } set { storedBadge = newValue?.intValue } }

    public override init() { super.init() }
    public required init(from decoder: any Decoder) throws { try super.init(from: decoder) }
}

/// When a notification is due. Use ``UNTimeIntervalNotificationTrigger`` or ``UNCalendarNotificationTrigger``.
open class UNNotificationTrigger: @unchecked Sendable {
    public let repeats: Bool
    init(repeats: Bool) { self.repeats = repeats }

    /// The first date after `date` at which the trigger fires, counting from `added`, when it was added.
    func nextDate(after date: Date, added: Date) -> Date? { nil }
    var stored: StoredTrigger { fatalError("a trigger of the simulation's own kinds") }
}

/// Fires `timeInterval` seconds after the request is added.
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    public let timeInterval: TimeInterval

    public init(timeInterval: TimeInterval, repeats: Bool) {
        precondition(timeInterval > 0, "UNTimeIntervalNotificationTrigger: the time interval must be greater than 0")
        precondition(!repeats || timeInterval >= 60, "UNTimeIntervalNotificationTrigger: a repeating interval must be at least 60 seconds")
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    override func nextDate(after date: Date, added: Date) -> Date? {
        var next = added.addingTimeInterval(timeInterval)
        while repeats && next <= date { next = next.addingTimeInterval(timeInterval) }
        return next > date ? next : nil
    }

    override var stored: StoredTrigger { .interval(timeInterval, repeats: repeats) }
}

/// Fires when the clock matches `dateComponents` (for example only `hour` and `minute`: every day at that time).
public final class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    public let dateComponents: DateComponents

    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// The next date the components match, after now.
    public func nextTriggerDate() -> Date? { nextDate(after: .now, added: .now) }

    override func nextDate(after date: Date, added: Date) -> Date? {
        let calendar = dateComponents.calendar ?? .current
        return calendar.nextDate(after: date, matching: dateComponents, matchingPolicy: .nextTime)
    }

    override var stored: StoredTrigger { .calendar(dateComponents, repeats: repeats) }
}

enum StoredTrigger: Codable {
    case interval(TimeInterval, repeats: Bool)
    case calendar(DateComponents, repeats: Bool)

    var trigger: UNNotificationTrigger {
        switch self {
        case let .interval(interval, repeats): UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: repeats)
        case let .calendar(components, repeats): UNCalendarNotificationTrigger(dateMatching: components, repeats: repeats)
        }
    }
}

/// A notification an app asks the system to deliver: an identifier (a new request with the same identifier
/// replaces a pending one), what it says, and when. A request without a trigger is delivered at once.
public final class UNNotificationRequest: @unchecked Sendable {
    public let identifier: String
    public let content: UNNotificationContent
    public let trigger: UNNotificationTrigger?

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        let copy = UNMutableNotificationContent()
        copy.title = content.title
        copy.subtitle = content.subtitle
        copy.body = content.body
        copy.badge = content.badge
        self.content = copy
        self.trigger = trigger
    }
}

/// A delivered notification: its request and when it was delivered.
public final class UNNotification: @unchecked Sendable {
    public let date: Date
    public let request: UNNotificationRequest
    init(date: Date, request: UNNotificationRequest) {
        self.date = date
        self.request = request
    }
}

/// What an app may ask permission for.
public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
}

/// The notification center of the current app on the current simulated device (`AppSandbox.current`).
/// Its requests live in `Notifications/<app identifier>.json` in the device's folder.
public final class UNUserNotificationCenter: @unchecked Sendable {
    /// The file the center keeps its pending and delivered notifications in.
    @_spi(Workbench) public let workbenchFileURL: URL
    private static let lock = NSLock()

    init(sandbox: AppSandbox) {
        workbenchFileURL = sandbox.deviceRoot.appending(path: "Notifications", directoryHint: .isDirectory)
            .appending(path: "\(sandbox.appIdentifier).json")
    }

    /// The center of the current app on the current device.
    public static func current() -> UNUserNotificationCenter { UNUserNotificationCenter(sandbox: .current) }

    /// The simulation grants every request: there is no user to ask.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { true }

    /// Adds `request`, replacing a pending request with the same identifier.
    public func add(_ request: UNNotificationRequest) async throws {
        try workbenchAdd(request, at: .now)
    }

    /// Adds `request` and calls `completionHandler` with the error, if any.
    public func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil) {
        do {
            try workbenchAdd(request, at: .now)
            completionHandler?(nil)
        } catch {
            completionHandler?(error)
        }
    }

    /// Adds `request` as if at `date`: a time-interval trigger counts from then. A simulation extra.
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

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        try? update { state in state.delivered.removeAll { identifiers.contains($0.request.identifier) } }
    }

    public func removeAllDeliveredNotifications() {
        try? update { state in state.delivered.removeAll() }
    }

    /// Delivers every pending request whose trigger fires by `date`, as the system does on a device when
    /// the time comes: each is recorded as delivered at its trigger's date, and a request that does not
    /// repeat stops being pending. Returns what was delivered. A simulation extra: a device needs no call.
    @discardableResult
    @_spi(Workbench) public func workbenchDeliverPendingNotifications(until date: Date = .now) throws -> [UNNotification] {
        var deliveredNow: [UNNotification] = []
        try update { state in
            var stillPending: [StoredRequest] = []
            for var stored in state.pending {
                let request = stored.request
                guard let trigger = request.trigger else {
                    deliveredNow.append(UNNotification(date: stored.added, request: request))
                    continue
                }
                var due = trigger.nextDate(after: stored.lastFired ?? stored.added.addingTimeInterval(-1), added: stored.added)
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
            state.delivered += deliveredNow.map { StoredDelivery(date: $0.date, request: StoredRequest($0.request, added: $0.date)) }
        }
        return deliveredNow
    }

    // MARK: The file

    struct StoredRequest: Codable {
        var identifier: String
        var content: UNMutableNotificationContent
        var trigger: StoredTrigger?
        var added: Date
        var lastFired: Date?

        init(_ request: UNNotificationRequest, added: Date) {
            identifier = request.identifier
            let content = UNMutableNotificationContent()
            content.title = request.content.title
            content.subtitle = request.content.subtitle
            content.body = request.content.body
            content.badge = request.content.badge
            self.content = content
            trigger = request.trigger?.stored
            self.added = added
        }

        var request: UNNotificationRequest {
            UNNotificationRequest(identifier: identifier, content: content, trigger: trigger?.trigger)
        }
    }

    struct StoredDelivery: Codable {
        var date: Date
        var request: StoredRequest
    }

    struct State: Codable {
        var pending: [StoredRequest] = []
        var delivered: [StoredDelivery] = []
    }

    private func read() throws -> State {
        guard FileManager.default.fileExists(atPath: workbenchFileURL.path) else { return State() }
        return try JSONDecoder().decode(State.self, from: Data(contentsOf: workbenchFileURL))
    }

    /// Reads the file, applies `change` and writes it back, as one step with respect to every thread and
    /// every process: two apps (or two runs of a command-line app) adding requests at once keep both.
    ///
    /// Threads of this process wait on a lock; processes wait on an advisory lock of the `Notifications`
    /// folder itself, opened for reading, so no lock file is needed.
    private func update(_ change: (inout State) throws -> Void) throws {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let folder = workbenchFileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: folder.path]) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.path]) }
        }
        defer { flock(descriptor, LOCK_UN) }
        var state = try read()
        try change(&state)
        try JSONEncoder().encode(state).write(to: workbenchFileURL, options: .atomic)
    }
}
