import Foundation
import PersistenceSandbox
import Synchronization

/// A device's store of small secrets, with the semantics of Apple's data-protection keychain.
///
/// Items live in the sandbox's `vaultDirectory`, outside the app container, so they survive a reinstall.
/// Each one is encrypted under a device key kept in `deviceRoot/DeviceKey`. `SecItemAdd` and the other
/// Security functions work on ``Vault/current``; a `Vault` value offers the same operations as throwing
/// methods that take and return Swift dictionaries.
///
/// The vault fails closed. A sealed manifest records every item file and a hash of its bytes, so an item
/// file that was damaged, deleted, put back from an older copy or added from outside is found out: a
/// query it could match answers `errSecDecode`, never `errSecItemNotFound`. A device key that is missing
/// or does not match the vault makes every operation answer `errSecDecode` until the original key is put
/// back or the vault is erased (``erase()``). Searches write nothing, so they work in a read-only folder.
///
/// ```swift
/// let vault = Vault(sandbox: .temporary())
/// try vault.add([kSecClass as String: kSecClassGenericPassword,
///                kSecAttrAccount as String: "pin",
///                kSecValueData as String: Data("1234".utf8)])
/// let pin = try vault.copyMatching([kSecClass as String: kSecClassGenericPassword,
///                                   kSecAttrAccount as String: "pin",
///                                   kSecReturnData as String: true]) as? Data
/// ```
///
/// ## Topics
/// - ``add(_:)``, ``copyMatching(_:)``, ``update(_:with:)``, ``delete(_:)``: the four keychain operations.
/// - ``password(service:account:)``, ``setPassword(_:service:account:accessibility:)``,
///   ``removePassword(service:account:)``: generic passwords without dictionaries.
/// - ``makeBackup()``, ``restore(_:)``: a device backup and its restore.
/// - ``erase()``: the recovery from a lost device key or a damaged vault.
/// - ``default``, ``withCurrent(_:operation:)-(_,_)``: which vault the Security functions use.
public struct Vault: Sendable {
    /// The folder that holds the item files.
    public let directory: URL
    /// The file that holds the device key, outside `directory`.
    public let deviceKeyURL: URL
    /// The access groups the app may use; the first is the default for new items.
    public let accessGroups: [String]
    /// The simulated device whose lock state decides which items are available.
    public let device: VaultDevice

    /// Creates the vault of `sandbox`'s device, as seen by that app.
    /// - Parameters:
    ///   - sandbox: The app and device; the vault lives in `sandbox.vaultDirectory`.
    ///   - device: The lock state to honour; ``VaultDevice/current`` unless given.
    ///   - accessGroups: Further access groups the app may share items in; its identifier always comes first.
    public init(sandbox: AppSandbox, device: VaultDevice = .current, accessGroups: [String] = []) {
        self.init(
            directory: sandbox.vaultDirectory,
            deviceKeyURL: sandbox.deviceRoot.appending(path: "DeviceKey"),
            accessGroups: [sandbox.appIdentifier] + accessGroups.filter { $0 != sandbox.appIdentifier },
            device: device
        )
    }

    /// Creates a vault with explicit locations.
    /// - Parameter accessGroups: Must not be empty; the first is the default for new items.
    public init(directory: URL, deviceKeyURL: URL, accessGroups: [String], device: VaultDevice = .current) {
        precondition(!accessGroups.isEmpty, "A vault needs at least one access group")
        self.directory = directory
        self.deviceKeyURL = deviceKeyURL
        self.accessGroups = accessGroups
        self.device = device
    }

    /// The vault's files, for one operation. Creates nothing: searches never write, and changes create
    /// the folders and the device key when they first need them.
    func store(for operation: VaultOperation) -> VaultItemStore {
        VaultItemStore(directory: directory, deviceKeyURL: deviceKeyURL, operation: operation)
    }
}

// MARK: - Which vault the Security functions use

extension Vault {
    private static let processDefault = Mutex<Vault?>(nil)
    @TaskLocal private static var scoped: Vault?

    /// The vault the Security functions use in this process: unless set, the vault of `AppSandbox.current`.
    public static var `default`: Vault {
        get { processDefault.withLock { $0 } ?? Vault(sandbox: .current) }
        set { processDefault.withLock { $0 = newValue } }
    }

    /// The vault `SecItemAdd` and the other Security functions use right now: the one given to
    /// ``withCurrent(_:operation:)-(_,_)`` around this task, else ``default``.
    public static var current: Vault { scoped ?? .default }

    /// Runs `operation` with `vault` as ``current`` for this task and the tasks it creates; other tasks
    /// are unaffected, so tests running in parallel can each use their own vault.
    public static func withCurrent<Result>(_ vault: Vault, operation: () throws -> Result) rethrows -> Result {
        try $scoped.withValue(vault, operation: operation)
    }

    /// Runs the asynchronous `operation` with `vault` as ``current`` for this task and its child tasks.
    public static func withCurrent<Result>(
        _ vault: Vault,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $scoped.withValue(vault, operation: operation, isolation: isolation)
    }
}
