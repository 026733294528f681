import Foundation
import PersistenceCore
import PersistenceWorkbench

/// A simulated device of the sync tests: an app sandbox in a folder of its own, whose iCloud settings
/// sign it in to an account of a shared simulated iCloud.
public struct SimulatedDevice: Sendable {
    /// The device's name, also its folder's.
    public let name: String
    public let sandbox: AppSandbox
    public var cloud: CloudDevice { CloudDevice(sandbox) }

    /// A device named `name` in `folder`.
    public init(name: String, in folder: URL, appIdentifier: String = "com.example.SyncTests") {
        self.name = name
        self.sandbox = AppSandbox(
            appIdentifier: appIdentifier, deviceRoot: folder.appending(path: name, directoryHint: .isDirectory))
    }

    /// The device whose folder is `deviceRoot`.
    public init(deviceRoot: URL, appIdentifier: String = "com.example.SyncTests") {
        self.name = deviceRoot.lastPathComponent
        self.sandbox = AppSandbox(appIdentifier: appIdentifier, deviceRoot: deviceRoot)
    }

    /// The store file of the test app.
    public var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: SyncSchema.storeName) }

    /// Opens the test app's container on this device, syncing with the tests' iCloud container, as an app
    /// signed with `entitlements` (none by default: the app receives no silent pushes).
    public func makeContainer(
        _ models: [any PersistentModel.Type] = SyncSchema.models, version: Schema.Version = Schema.Version(1, 0, 0),
        containerIdentifier: String = SyncSchema.containerIdentifier, entitlements: AppEntitlements = .none
    ) throws -> ModelContainer {
        try AppEntitlements.withCurrent(entitlements) {
            try AppSandbox.withCurrent(sandbox) {
                let configuration = ModelConfiguration(url: storeURL, cloudKitDatabase: .private(containerIdentifier))
                return try ModelContainer(for: Schema(models, version: version), configurations: configuration)
            }
        }
    }
}

/// A folder holding a simulated iCloud and the devices of one test, removed at the end.
public final class SyncTestBench: @unchecked Sendable {
    public let folder: URL
    public let iCloud: SimulatedICloud
    public let appleID: String

    public init(appleID: String = "tester@example.com") {
        folder = FileManager.default.temporaryDirectory.appending(
            path: "persistence-sync-\(UUID().uuidString)", directoryHint: .isDirectory)
        iCloud = SimulatedICloud(root: folder.appending(path: "iCloud", directoryHint: .isDirectory))
        self.appleID = appleID
    }

    /// A device signed in to the bench's account (or another Apple ID), named and online.
    public func device(_ name: String, signedInAs appleID: String? = nil) throws -> SimulatedDevice {
        let device = SimulatedDevice(name: name, in: folder.appending(path: "Devices", directoryHint: .isDirectory))
        try device.cloud.rename(to: name)
        try device.cloud.signIn(appleID: appleID ?? self.appleID, iCloud: iCloud)
        return device
    }

    /// The account's servers.
    public var account: SQLiteAccountServer { iCloud.account(appleID) }

    /// Removes every file of the bench.
    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { remove() }
}
