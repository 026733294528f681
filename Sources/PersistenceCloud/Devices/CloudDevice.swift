import Foundation
import PersistenceCloudServer
import PersistenceSandbox

/// A simulated device's iCloud settings — the Apple ID pane of its Settings app — shared by every app
/// on the device: which account it is signed in to, whether that account can be used, whether the
/// device has a network, and its name.
///
/// A device is the folder of an ``AppSandbox``'s `deviceRoot`; the settings live in
/// `Settings/iCloud.json` inside it, outside every app container, so a reinstall keeps them.
///
/// ```swift
/// let phone = CloudDevice(AppSandbox(appIdentifier: "com.example.Notes", deviceRoot: phoneFolder))
/// try phone.signIn(appleID: "you@example.com")
/// try phone.setNetworkAvailable(false)   // saves now wait on the device
/// ```
///
/// Apps reach the same facts through ``CKContainer/accountStatus()``; stores that sync notice a
/// sign-out or an account switch at their next sync, and then remove what they mirrored.
///
/// ## Topics
/// - ``signIn(appleID:iCloud:)``
/// - ``signOut()``
/// - ``accountStatus``
/// - ``setAccountTemporarilyUnavailable(_:)``
/// - ``setNetworkAvailable(_:)``
/// - ``rename(to:)``
public struct CloudDevice: Sendable, Hashable {
    /// The device's folder.
    public let deviceRoot: URL

    /// The device an app sandbox runs on.
    public init(_ sandbox: AppSandbox = .current) {
        self.deviceRoot = sandbox.deviceRoot
    }

    /// The device whose folder is `deviceRoot`.
    public init(deviceRoot: URL) {
        self.deviceRoot = deviceRoot
    }

    /// Posted (with the device as `object`) when a device changes its network.
    public static let networkAvailabilityDidChangeNotification = Notification.Name(
        "CloudDeviceNetworkAvailabilityDidChange")

    /// The settings file.
    var settingsURL: URL { deviceRoot.appending(path: "Settings").appending(path: "iCloud.json") }

    /// The device's name: the one given with ``rename(to:)``, else its folder's name.
    public var name: String { settings.name ?? deviceRoot.lastPathComponent }

    /// The Apple ID the device is signed in to, if any.
    public var appleID: String? { settings.appleID }

    /// Whether the device has a network.
    public var isNetworkAvailable: Bool { settings.networkAvailable }

    /// The account's status on the device, as `CKContainer.accountStatus()` reports it.
    public var accountStatus: CKAccountStatus {
        let settings = settings
        guard settings.appleID != nil else { return .noAccount }
        return settings.temporarilyUnavailable ? .temporarilyUnavailable : .available
    }

    /// The servers of the account the device is signed in to, if any.
    public var account: SQLiteAccountServer? {
        let settings = settings
        guard let appleID = settings.appleID, let root = settings.iCloudRoot else { return nil }
        return SimulatedICloud(root: URL(filePath: root, directoryHint: .isDirectory)).account(appleID)
    }

    /// The device as the servers know it; its identifier is made the first time it signs in.
    public var identity: CloudDeviceIdentity {
        CloudDeviceIdentity(identifier: settings.identifier ?? "unregistered", name: name)
    }

    /// Signs the device in to an account of `iCloud`, making the account on first use. A store that
    /// synced with another account removes what it mirrored at its next sync, as a device does on an
    /// account switch.
    ///
    /// - Throws: ``CloudDeviceError`` when the settings cannot be written.
    public func signIn(appleID: String, iCloud: SimulatedICloud = .default) throws(CloudDeviceError) {
        let appleID = appleID.trimmingCharacters(in: .whitespaces)
        guard !appleID.isEmpty else {
            throw CloudDeviceError(
                reason: "an Apple ID is needed, such as you@example.com", context: "signing in to iCloud", device: self)
        }
        try change(while: "signing in to iCloud as \(appleID)") { settings in
            settings.appleID = appleID
            settings.iCloudRoot = iCloud.root.path
            settings.temporarilyUnavailable = false
        }
        NotificationCenter.default.post(name: .CKAccountChanged, object: self)
    }

    /// Signs the device out. Every store that synced removes what it mirrored at its next sync (data
    /// made before the store first synced included), as Apple's sample app does; the account keeps it.
    ///
    /// - Throws: ``CloudDeviceError`` when the settings cannot be written.
    public func signOut() throws(CloudDeviceError) {
        try change(while: "signing out of iCloud") { settings in
            settings.appleID = nil
            settings.temporarilyUnavailable = false
        }
        NotificationCenter.default.post(name: .CKAccountChanged, object: self)
    }

    /// Makes the signed-in account `temporarilyUnavailable` (as when the user must re-enter the
    /// password), or available again: while unavailable, data stays on the device and nothing syncs.
    ///
    /// - Throws: ``CloudDeviceError`` when the settings cannot be written.
    public func setAccountTemporarilyUnavailable(_ unavailable: Bool) throws(CloudDeviceError) {
        try change(
            while: unavailable
                ? "making the iCloud account temporarily unavailable" : "making the iCloud account available"
        ) { settings in
            settings.temporarilyUnavailable = unavailable
        }
        NotificationCenter.default.post(name: .CKAccountChanged, object: self)
    }

    /// Turns the device's network off or on. Offline, saves wait on the device; back online, the
    /// stores of this process that sync send what waited, once.
    ///
    /// - Throws: ``CloudDeviceError`` when the settings cannot be written.
    public func setNetworkAvailable(_ available: Bool) throws(CloudDeviceError) {
        try change(while: available ? "turning the network on" : "turning the network off") { settings in
            settings.networkAvailable = available
        }
        NotificationCenter.default.post(name: Self.networkAvailabilityDidChangeNotification, object: self)
    }

    /// Names the device, as the servers and other devices' sync reports show it.
    ///
    /// - Throws: ``CloudDeviceError`` when the settings cannot be written.
    public func rename(to name: String) throws(CloudDeviceError) {
        try change(while: "renaming the device") { settings in settings.name = name }
    }

    /// The settings as the file holds them now; defaults when it does not exist or cannot be read.
    var settings: CloudDeviceSettings {
        guard let data = FileManager.default.contents(atPath: settingsURL.path),
            let settings = try? JSONDecoder().decode(CloudDeviceSettings.self, from: data)
        else { return CloudDeviceSettings() }
        return settings
    }

    private func change(while activity: String, _ edit: (inout CloudDeviceSettings) -> Void) throws(CloudDeviceError) {
        var settings = settings
        if settings.identifier == nil { settings.identifier = UUID().uuidString }
        edit(&settings)
        do {
            try AppSandbox.createDirectory(at: settingsURL.deletingLastPathComponent())
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFileWriter.write(try encoder.encode(settings), to: settingsURL)
        } catch {
            throw CloudDeviceError(reason: "\(error)", context: activity, device: self)
        }
    }
}

/// What a device's iCloud settings file holds.
struct CloudDeviceSettings: Codable, Hashable {
    var identifier: String?
    var name: String?
    var appleID: String?
    var iCloudRoot: String?
    var networkAvailable = true
    var temporarilyUnavailable = false
}

/// A device's iCloud settings could not be changed.
public struct CloudDeviceError: Error, CustomStringConvertible, Sendable {
    /// Why.
    public let reason: String
    /// What was being done.
    public let context: String
    /// The device's folder.
    public let deviceRoot: URL

    init(reason: String, context: String, device: CloudDevice) {
        self.reason = reason
        self.context = context
        self.deviceRoot = device.deviceRoot
    }

    /// "<what failed>: <reason> — while <context>".
    public var description: String {
        "Changing the iCloud settings of the device at \(deviceRoot.path) failed: \(reason) — while \(context)"
    }
}
