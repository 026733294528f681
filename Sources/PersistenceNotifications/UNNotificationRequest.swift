import Foundation

/// A notification an app asks the system to deliver: an identifier (a new request with the same identifier
/// replaces a pending one), what it says, and when. A request without a trigger is delivered at once.
///
/// ```swift
/// let request = UNNotificationRequest(identifier: "behind-goal", content: content, trigger: trigger)
/// try await UNUserNotificationCenter.current().add(request)
/// ```
// Unchecked Sendable: immutable; its content is a private copy no one else holds.
public final class UNNotificationRequest: @unchecked Sendable {
    /// The request's identifier, which a later request with the same one replaces.
    public let identifier: String
    /// What the notification says, copied when the request was made.
    public let content: UNNotificationContent
    /// When it is due, or `nil` for at once.
    public let trigger: UNNotificationTrigger?

    /// A request for `content` at `trigger`; the content is copied, so changing it afterwards changes nothing.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = UNMutableNotificationContent(copying: content)
        self.trigger = trigger
    }
}

/// A delivered notification: its request and when it was delivered.
// Unchecked Sendable: immutable; its request is too.
public final class UNNotification: @unchecked Sendable {
    /// When the notification was delivered: the moment its trigger fired.
    public let date: Date
    /// The request it was delivered for.
    public let request: UNNotificationRequest

    init(date: Date, request: UNNotificationRequest) {
        self.date = date
        self.request = request
    }
}

/// What an app may ask permission for.
public struct UNAuthorizationOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: UInt

    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Updating the app icon's badge.
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    /// Playing a sound.
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    /// Showing an alert.
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
}
