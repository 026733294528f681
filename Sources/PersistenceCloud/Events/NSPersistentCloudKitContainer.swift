import Foundation

/// The names Core Data's `NSPersistentCloudKitContainer` gives its sync events, which SwiftData's
/// mirroring posts too: observe ``eventChangedNotification`` to follow setup, imports and exports.
///
/// ```swift
/// NotificationCenter.default.addObserver(
///     forName: NSPersistentCloudKitContainer.eventChangedNotification, object: nil, queue: nil
/// ) { notification in
///     guard let event = notification.userInfo?[NSPersistentCloudKitContainer.eventNotificationUserInfoKey]
///         as? NSPersistentCloudKitContainer.Event else { return }
///     print(event.type, event.endDate == nil ? "started" : event.succeeded ? "succeeded" : "failed")
/// }
/// ```
///
/// There is no "fully synced" event or flag, on a device or here: an export that ends tells only that
/// the changes it took were sent.
public enum NSPersistentCloudKitContainer {
    /// Posted when an event starts and again when it ends; `userInfo` holds the event under
    /// ``eventNotificationUserInfoKey``, and `object` is the `ModelContainer`.
    public static let eventChangedNotification = Notification.Name(
        "NSPersistentCloudKitContainerEventChangedNotification")
    /// The `userInfo` key of the event.
    public static let eventNotificationUserInfoKey = "event"

    /// What an event does.
    public enum EventType: Int, Sendable, CustomStringConvertible {
        /// Preparing the mirror: the account, the zone, the schema.
        case setup = 0
        /// Bringing the server's changes into the store.
        case `import` = 1
        /// Sending the store's changes to the server.
        case export = 2

        /// `setup`, `import` or `export`.
        public var description: String {
            switch self {
            case .setup: "setup"
            case .import: "import"
            case .export: "export"
            }
        }
    }

    /// One setup, import or export, as it starts (``endDate`` is `nil`) or as it ended.
    public final class Event: Sendable, CustomStringConvertible {
        /// The same for the start and the end of one event.
        public let identifier: UUID
        /// The identifier of the store the event is about.
        public let storeIdentifier: String
        /// What the event does.
        public let type: EventType
        /// When it started.
        public let startDate: Date
        /// When it ended; `nil` while it runs.
        public let endDate: Date?
        /// Whether it ended without error; `false` while it runs.
        public let succeeded: Bool
        /// Why it failed, if it did.
        public let error: (any Error & Sendable)?

        init(
            identifier: UUID, storeIdentifier: String, type: EventType, startDate: Date, endDate: Date?,
            succeeded: Bool, error: (any Error & Sendable)?
        ) {
            self.identifier = identifier
            self.storeIdentifier = storeIdentifier
            self.type = type
            self.startDate = startDate
            self.endDate = endDate
            self.succeeded = succeeded
            self.error = error
        }

        /// The event as it ended.
        func ended(succeeded: Bool, error: (any Error & Sendable)?) -> Event {
            Event(
                identifier: identifier, storeIdentifier: storeIdentifier, type: type, startDate: startDate,
                endDate: Date(), succeeded: succeeded, error: error)
        }

        /// `import started`, `export succeeded`, `setup failed: …`.
        public var description: String {
            guard endDate != nil else { return "\(type) started" }
            if succeeded { return "\(type) succeeded" }
            return "\(type) failed: \(error.map { "\($0)" } ?? "unknown error")"
        }
    }
}
