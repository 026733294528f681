import Foundation

/// What a notification says: a title, a subtitle, a body and a badge number.
///
/// Apple's class is immutable: fill in a ``UNMutableNotificationContent`` and hand it to a
/// ``UNNotificationRequest``, which keeps a copy of its own.
///
/// ```swift
/// let content = UNMutableNotificationContent()
/// content.title = "Drink some water"
/// content.body = "You are 500 ml behind today's goal."
/// ```
// Unchecked Sendable: Sendable as Apple's is; content is filled in before a request is made, and each
// request keeps a copy of its own.
open class UNNotificationContent: @unchecked Sendable, Codable {
    fileprivate var storedTitle = ""
    fileprivate var storedSubtitle = ""
    fileprivate var storedBody = ""
    fileprivate var storedBadge: Int?

    /// The notification's title.
    public var title: String { storedTitle }
    /// A line under the title.
    public var subtitle: String { storedSubtitle }
    /// The message.
    public var body: String { storedBody }
    /// The number the app's icon shows, or `nil` to leave it as it is.
    public var badge: NSNumber? { storedBadge.map { NSNumber(value: $0) } }

    /// Empty content.
    public init() {}
}

/// The content an app fills in before adding a request.
// Unchecked Sendable: Sendable as Apple's is; filled in on one thread before a request copies it.
public final class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    /// The notification's title.
    public override var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }
    /// A line under the title.
    public override var subtitle: String {
        get { storedSubtitle }
        set { storedSubtitle = newValue }
    }
    /// The message.
    public override var body: String {
        get { storedBody }
        set { storedBody = newValue }
    }
    /// The number the app's icon shows, or `nil` to leave it as it is.
    public override var badge: NSNumber? {
        get { storedBadge.map { NSNumber(value: $0) } }
        set { storedBadge = newValue?.intValue }
    }

    /// Empty content to fill in.
    public override init() { super.init() }

    /// Content read back from the device's notification file.
    ///
    /// - Throws: `DecodingError` when the file's content is not what the center wrote.
    public required init(from decoder: any Decoder) throws { try super.init(from: decoder) }
}

extension UNMutableNotificationContent {
    /// A copy of `content`, so a request never shares an object the app may still change.
    convenience init(copying content: UNNotificationContent) {
        self.init()
        title = content.title
        subtitle = content.subtitle
        body = content.body
        badge = content.badge
    }
}
