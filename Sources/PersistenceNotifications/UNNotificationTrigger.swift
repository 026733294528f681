import Foundation

/// When a notification is due. Use ``UNTimeIntervalNotificationTrigger`` or ``UNCalendarNotificationTrigger``.
// Unchecked Sendable: immutable (`let` properties only); open for its subclasses, which the compiler cannot
// check.
open class UNNotificationTrigger: @unchecked Sendable {
    /// Whether the notification comes again each time the trigger fires, or once.
    public let repeats: Bool

    init(repeats: Bool) { self.repeats = repeats }

    /// The first date after `date` at which the trigger fires, counting from `added`, when it was added.
    func nextDate(after date: Date, added: Date) -> Date? { nil }

    /// The trigger as the device's file keeps it.
    var stored: StoredTrigger { fatalError("a trigger of the simulation's own kinds") }
}

/// Fires `timeInterval` seconds after the request is added, and every `timeInterval` seconds after that when
/// it repeats.
///
/// ```swift
/// let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 3_600, repeats: false)
/// ```
// Unchecked Sendable: immutable (`let` properties only), a subclass of an open class.
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The seconds between adding the request and the notification.
    public let timeInterval: TimeInterval

    /// A trigger `timeInterval` seconds after the request is added.
    ///
    /// As on a device, the interval must be greater than 0, and at least 60 seconds when it repeats;
    /// anything else stops the program.
    public init(timeInterval: TimeInterval, repeats: Bool) {
        precondition(timeInterval > 0, "UNTimeIntervalNotificationTrigger: the time interval must be greater than 0")
        precondition(
            !repeats || timeInterval >= 60,
            "UNTimeIntervalNotificationTrigger: a repeating interval must be at least 60 seconds"
        )
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

/// Fires when the clock matches `dateComponents`: only `hour` and `minute`, say, for every day at that time.
///
/// ```swift
/// let trigger = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 18, minute: 0), repeats: true)
/// ```
// Unchecked Sendable: immutable (`let` properties only), a subclass of an open class.
public final class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The components the clock must match; those left out match any value.
    public let dateComponents: DateComponents

    /// A trigger at the next time the clock matches `dateComponents`, in their calendar (the current one
    /// when they name none).
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

/// A trigger as the device's notification file keeps it.
enum StoredTrigger: Codable {
    case interval(TimeInterval, repeats: Bool)
    case calendar(DateComponents, repeats: Bool)

    /// The trigger it stands for.
    var trigger: UNNotificationTrigger {
        switch self {
        case .interval(let interval, let repeats):
            UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: repeats)
        case .calendar(let components, let repeats):
            UNCalendarNotificationTrigger(dateMatching: components, repeats: repeats)
        }
    }
}
