import Foundation
import Synchronization

/// What the running app is signed with, as Xcode's Signing & Capabilities pane sets it: the iCloud
/// containers it may sync with (its entitlements file) and the background modes it declares (its
/// Info.plist's `UIBackgroundModes`).
///
/// A SwiftData store with `cloudKitDatabase: .automatic` (the default) syncs with the first iCloud
/// container the app declares, and stays on the device when it declares none, as a test bundle does on
/// a device. An app that declares ``BackgroundMode/remoteNotification`` receives CloudKit's silent
/// pushes: its stores that sync bring in other devices' changes as they reach iCloud, without waiting for
/// a sync of their own. Declare both once, before the first container loads, as signing the app would:
///
/// ```swift
/// AppEntitlements.current = AppEntitlements(
///     iCloudContainerIdentifiers: ["iCloud.com.example.notes"], backgroundModes: [.remoteNotification])
/// ```
///
/// ## Topics
/// - ``current``
/// - ``withCurrent(_:operation:)``
/// - ``iCloudContainerIdentifiers``
/// - ``backgroundModes``
public struct AppEntitlements: Sendable, Hashable {
    /// The iCloud containers the app may use (`com.apple.developer.icloud-container-identifiers`), the
    /// one `.automatic` syncs with first.
    public var iCloudContainerIdentifiers: [String]

    /// The background modes the app declares (Info.plist's `UIBackgroundModes`, which Signing &
    /// Capabilities → Background Modes writes).
    public var backgroundModes: Set<BackgroundMode>

    /// A mode an app may run in while in the background, named as Info.plist's `UIBackgroundModes` names it.
    public struct BackgroundMode: RawRepresentable, Sendable, Hashable {
        /// The Info.plist value, such as `remote-notification`.
        public var rawValue: String

        /// The mode named by the Info.plist value `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Background Modes → Remote notifications (`remote-notification`): the app receives silent
        /// pushes, such as CloudKit's when another device's changes reach iCloud.
        public static let remoteNotification = BackgroundMode(rawValue: "remote-notification")
    }

    /// Entitlements naming these iCloud containers and background modes.
    ///
    /// - Parameters:
    ///   - iCloudContainerIdentifiers: Identifiers such as `iCloud.com.example.notes`.
    ///   - backgroundModes: The background modes the app declares, such as ``BackgroundMode/remoteNotification``.
    public init(iCloudContainerIdentifiers: [String] = [], backgroundModes: Set<BackgroundMode> = []) {
        self.iCloudContainerIdentifiers = iCloudContainerIdentifiers
        self.backgroundModes = backgroundModes
    }

    /// No entitlement: what a test bundle has.
    public static let none = AppEntitlements()

    private static let processEntitlements = Mutex<AppEntitlements>(.none)

    @TaskLocal private static var taskEntitlements: AppEntitlements?

    /// The running app's entitlements: none unless set, or those of the innermost
    /// ``withCurrent(_:operation:)`` of this task.
    public static var current: AppEntitlements {
        get { taskEntitlements ?? processEntitlements.withLock { $0 } }
        set { processEntitlements.withLock { $0 = newValue } }
    }

    /// Runs `operation` with ``current`` set to `entitlements` for this task and the tasks it creates, so
    /// that tests running in parallel can each load containers as a different app.
    public static func withCurrent<R>(_ entitlements: AppEntitlements, operation: () throws -> R) rethrows -> R {
        try $taskEntitlements.withValue(entitlements, operation: operation)
    }
}
