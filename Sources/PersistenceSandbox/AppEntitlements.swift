import Foundation
import Synchronization

/// What the running app is entitled to, as the entitlements file an app is signed with says: for now,
/// the iCloud containers it may sync with.
///
/// A SwiftData store with `cloudKitDatabase: .automatic` (the default) syncs with the first iCloud
/// container the app declares, and stays on the device when it declares none, as a test bundle does on
/// a device. Declare the container once, before the first container loads, as signing the app would:
///
/// ```swift
/// AppEntitlements.current = AppEntitlements(iCloudContainerIdentifiers: ["iCloud.com.example.notes"])
/// ```
///
/// ## Topics
/// - ``current``
/// - ``withCurrent(_:operation:)``
/// - ``iCloudContainerIdentifiers``
public struct AppEntitlements: Sendable, Hashable {
    /// The iCloud containers the app may use (`com.apple.developer.icloud-container-identifiers`), the
    /// one `.automatic` syncs with first.
    public var iCloudContainerIdentifiers: [String]

    /// Entitlements naming these iCloud containers.
    ///
    /// - Parameter iCloudContainerIdentifiers: Identifiers such as `iCloud.com.example.notes`.
    public init(iCloudContainerIdentifiers: [String] = []) {
        self.iCloudContainerIdentifiers = iCloudContainerIdentifiers
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
