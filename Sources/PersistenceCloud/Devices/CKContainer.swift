import Foundation
import PersistenceSandbox

/// The status of the device's iCloud account, with CloudKit's raw values.
public enum CKAccountStatus: Int, Sendable, CustomStringConvertible {
    /// The status could not be found.
    case couldNotDetermine = 0
    /// An account is signed in and can be used.
    case available = 1
    /// Parental controls or a device policy forbid iCloud.
    case restricted = 2
    /// No account is signed in.
    case noAccount = 3
    /// An account is signed in but cannot be used for now; keep the data on the device.
    case temporarilyUnavailable = 4

    /// The status's name, such as `available`.
    public var description: String {
        switch self {
        case .couldNotDetermine: "couldNotDetermine"
        case .available: "available"
        case .restricted: "restricted"
        case .noAccount: "noAccount"
        case .temporarilyUnavailable: "temporarilyUnavailable"
        }
    }
}

extension Notification.Name {
    /// Posted when the device's iCloud account changes: a sign-in, a sign-out, or a change of status.
    public static let CKAccountChanged = Notification.Name("CKAccountChangedNotification")
}

/// An iCloud container as an app asks about its account, like CloudKit's `CKContainer`: only the
/// account status is offered; records reach iCloud through a store's mirror.
///
/// ```swift
/// switch try await CKContainer.default().accountStatus() {
/// case .available: print("syncing")
/// case .noAccount: print("sign in to iCloud to sync")
/// default: print("sync is paused")
/// }
/// ```
public final class CKContainer: Sendable {
    /// The container's identifier, such as `iCloud.com.example.notes`; `nil` for an app with no iCloud container.
    public let containerIdentifier: String?
    private let device: CloudDevice

    /// The app's default container: the first iCloud container its ``AppEntitlements`` declare, on the
    /// current sandbox's device.
    public static func `default`() -> CKContainer {
        CKContainer(
            containerIdentifier: AppEntitlements.current.iCloudContainerIdentifiers.first, device: CloudDevice(.current)
        )
    }

    /// The container with the given identifier, on the current sandbox's device.
    public convenience init(identifier: String) {
        self.init(containerIdentifier: identifier, device: CloudDevice(.current))
    }

    init(containerIdentifier: String?, device: CloudDevice) {
        self.containerIdentifier = containerIdentifier
        self.device = device
    }

    /// The status of the device's iCloud account.
    public func accountStatus() async throws -> CKAccountStatus {
        device.accountStatus
    }

    /// The status of the device's iCloud account, handed to `completionHandler`.
    public func accountStatus(completionHandler: @escaping @Sendable (CKAccountStatus, (any Error)?) -> Void) {
        completionHandler(device.accountStatus, nil)
    }
}
