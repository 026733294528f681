import Foundation
import PersistenceCore
import PersistenceWorkbench

/// A simulated device for one check of a hidden suite: an app sandbox in a temporary folder, with its
/// containers made, and a vault of its own, both current for the check's task only, so checks running in
/// parallel never share a store, a setting or a keychain item. The folder is deleted when the check ends.
///
/// ```swift
/// @Test("the token is kept in the vault")
/// func keepsToken() throws {
///     try ThrowawayDevice.run(app: "com.example.NoteTaker") { device in
///         try TokenStore().save("abc")
///         #expect(device.everyFileOnDevice().allSatisfy { $0.contents.range(of: Data("abc".utf8)) == nil })
///     }
/// }
/// ```
public struct ThrowawayDevice: Sendable {
    /// The app's container and the device folder around it.
    public let sandbox: AppSandbox
    /// The simulated device's lock state, which the vault honours: `lock()`, `unlock()`, `reboot()`.
    public let vaultDevice: VaultDevice
    /// The vault the Security functions use inside ``run(app:_:)``.
    public let vault: Vault

    /// Runs `body` on a fresh device of the app `appIdentifier`, with its sandbox and vault current, then
    /// deletes the device folder.
    ///
    /// - Throws: What `body` throws, or an error when the containers cannot be made.
    public static func run<Result>(app appIdentifier: String, _ body: (ThrowawayDevice) throws -> Result) throws
        -> Result
    {
        let device = try make(app: appIdentifier)
        defer { device.remove() }
        return try AppSandbox.withCurrent(device.sandbox) {
            try Vault.withCurrent(device.vault) { try body(device) }
        }
    }

    /// Runs `body`, which awaits, on a fresh device of the app `appIdentifier`, as ``run(app:_:)`` does.
    public static func run<Result>(
        app appIdentifier: String, _ body: (ThrowawayDevice) async throws -> Result
    ) async throws -> Result {
        let device = try make(app: appIdentifier)
        defer { device.remove() }
        return try await AppSandbox.withCurrent(device.sandbox) {
            try await Vault.withCurrent(device.vault) { try await body(device) }
        }
    }

    /// A device whose folder exists, with the app's containers.
    static func make(app appIdentifier: String) throws -> ThrowawayDevice {
        let sandbox = AppSandbox.temporary(appIdentifier: appIdentifier)
        try sandbox.createContainerDirectories()
        let vaultDevice = VaultDevice()
        return ThrowawayDevice(
            sandbox: sandbox, vaultDevice: vaultDevice, vault: Vault(sandbox: sandbox, device: vaultDevice))
    }

    /// Deletes the device's folder.
    func remove() {
        try? FileManager.default.removeItem(at: sandbox.deviceRoot)
    }

    /// Makes every later Security call fail with `errSecIO`: a plain file takes the vault folder's place.
    ///
    /// - Throws: An error when the file cannot be written.
    public func breakVaultStorage() throws {
        try? FileManager.default.removeItem(at: sandbox.vaultDirectory)
        try Data("not a folder".utf8).write(to: sandbox.vaultDirectory)
    }

    /// Replaces the vault's lock file with a folder: searches still read every item, and every change
    /// (`SecItemAdd`, `SecItemUpdate`, `SecItemDelete`) fails with `errSecIO`.
    ///
    /// - Throws: An error when the folder cannot be made.
    public func makeVaultRefuseChanges() throws {
        let lockFile = vault.directory.appending(path: "Vault.lock")
        try? FileManager.default.removeItem(at: lockFile)
        try FileManager.default.createDirectory(at: lockFile, withIntermediateDirectories: true)
    }

    /// Removes the device key the vault's items are sealed with: once an item was stored, every vault call
    /// then fails with `errSecDecode`. A vault that never stored anything has no key and stays empty.
    public func makeVaultUnreadable() {
        try? FileManager.default.removeItem(at: vault.deviceKeyURL)
    }

    /// The contents of every regular file on the device (the app's container and the vault), by path
    /// relative to the device folder, so a check can prove a secret was written nowhere in plain text.
    public func everyFileOnDevice() -> [(path: String, contents: Data)] {
        let root = sandbox.deviceRoot.resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            return []
        }
        var files: [(path: String, contents: Data)] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                let contents = try? Data(contentsOf: url)
            else { continue }
            let path = url.resolvingSymlinksInPath().path
            files.append((String(path.dropFirst(root.path.count + 1)), contents))
        }
        return files
    }
}
