import Foundation

/// An app's private container on a simulated device: Documents, Library and tmp, rooted in a folder the app chooses.
///
/// A device root holds every app container under `Containers/<app identifier>` and, outside them,
/// the vault, so that wiping a container (a reinstall) leaves vault items in place, as on iOS.
///
/// ```swift
/// let sandbox = AppSandbox(appIdentifier: "com.example.NoteTaker", deviceRoot: someFolder)
/// let notesFolder = sandbox.applicationSupportDirectory.appending(path: "NoteImages")
/// ```
///
/// ## Topics
/// ### Getting a sandbox
/// - ``current``
/// - ``temporary(appIdentifier:)``
/// - ``withCurrent(_:operation:)``
/// - ``init(appIdentifier:deviceRoot:)``
/// ### Folders
/// - ``documentsDirectory``
/// - ``applicationSupportDirectory``
/// - ``preferencesDirectory``
/// - ``cachesDirectory``
/// - ``temporaryDirectory``
/// - ``vaultDirectory``
/// - ``url(for:)``
/// - ``directory(_:subfolder:)``
/// - ``createContainerDirectories()``
/// ### Simulating the system
/// - ``reinstall()``
/// - ``purgeCachesAndTemporaryFiles()``
/// - ``backupManifest()``
public struct AppSandbox: Sendable, Hashable {
    /// The identifier that names the app's container, such as `com.example.NoteTaker`.
    public let appIdentifier: String
    /// The folder that stands for the device: it holds the app containers and the vault.
    public let deviceRoot: URL

    /// Creates a sandbox for an app on the device rooted at `deviceRoot`. No folder is created until used.
    public init(appIdentifier: String, deviceRoot: URL) {
        self.appIdentifier = appIdentifier
        self.deviceRoot = deviceRoot
    }

    /// The app's container; everything in it is deleted when the app is reinstalled.
    public var containerURL: URL { deviceRoot.appending(path: "Containers").appending(path: appIdentifier) }
    /// `Documents`: user-visible files; backed up; never purged.
    public var documentsDirectory: URL { containerURL.appending(path: "Documents") }
    /// `Library`: the app's own support files.
    public var libraryDirectory: URL { containerURL.appending(path: "Library") }
    /// `Library/Application Support`: files the app needs and the user does not see; backed up unless excluded.
    public var applicationSupportDirectory: URL { libraryDirectory.appending(path: "Application Support") }
    /// `Library/Preferences`: the preference property lists.
    public var preferencesDirectory: URL { libraryDirectory.appending(path: "Preferences") }
    /// `Library/Caches`: data the app can recreate; never backed up; purged under storage pressure.
    public var cachesDirectory: URL { libraryDirectory.appending(path: "Caches") }
    /// `tmp`: scratch files; never backed up; purged whenever the app is not running.
    public var temporaryDirectory: URL { containerURL.appending(path: "tmp") }
    /// Where the device keeps vault items: outside every app container, so they survive a reinstall.
    public var vaultDirectory: URL { deviceRoot.appending(path: "Vault") }
}
