import Crypto
import Foundation

/// The keys a device uses for its vault, all derived from one random device key that is kept in its own
/// file beside the vault, never inside an item file.
struct VaultKeys: Sendable {
    /// Seals item files.
    let encryption: SymmetricKey
    /// Turns a primary key into a file name that reveals nothing about the account or service.
    let naming: SymmetricKey
    /// Tells devices apart, so that a backup knows whether it is restored to the device it came from.
    let deviceIdentifier: String

    init(deviceKey: SymmetricKey) {
        let salt = Data("PersistenceVault".utf8)
        encryption = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: deviceKey, salt: salt, info: Data("item encryption".utf8), outputByteCount: 32
        )
        naming = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: deviceKey, salt: salt, info: Data("item naming".utf8), outputByteCount: 32
        )
        let identifierKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: deviceKey, salt: salt, info: Data("device identifier".utf8), outputByteCount: 16
        )
        deviceIdentifier = identifierKey.withUnsafeBytes { Data($0) }.hexadecimal
    }

    /// Reads the device key at `url`, creating it first if the device has none. Two processes that race to
    /// create it end up with the same key: the new key is written to a private file and linked into place,
    /// which fails without harm when the other process got there first.
    static func load(deviceKeyAt url: URL, operation: VaultOperation) throws(VaultError) -> VaultKeys {
        if let existing = try readKey(at: url, operation: operation) {
            return VaultKeys(deviceKey: existing)
        }
        let folder = url.deletingLastPathComponent()
        try VaultFiles.createPrivateDirectory(folder, tighteningExisting: false, operation: operation)
        let fresh = SymmetricKey(size: .bits256)
        let staging = folder.appending(path: ".\(url.lastPathComponent)-\(UUID().uuidString)")
        try VaultFiles.writePrivateFile(fresh.withUnsafeBytes { Data($0) }, to: staging, operation: operation)
        defer { unlink(staging.path) }
        if link(staging.path, url.path) != 0, errno != EEXIST {
            throw VaultError(.io, "the device key could not be created (errno \(errno))", during: operation)
        }
        guard let key = try readKey(at: url, operation: operation) else {
            throw VaultError(.io, "the device key vanished right after it was created", during: operation)
        }
        return VaultKeys(deviceKey: key)
    }

    private static func readKey(at url: URL, operation: VaultOperation) throws(VaultError) -> SymmetricKey? {
        guard let bytes = FileManager.default.contents(atPath: url.path) else { return nil }
        guard bytes.count == 32 else {
            throw VaultError(.decode, "the device key file is damaged", during: operation)
        }
        return SymmetricKey(data: bytes)
    }

    /// The file name of the item with these primary-key values: an HMAC, so names reveal nothing.
    func fileName(itemClass: String, primaryKey: [(String, VaultValue)]) -> String {
        var message = Data()
        func appendField(_ bytes: Data) {
            var length = UInt32(bytes.count).bigEndian
            withUnsafeBytes(of: &length) { message.append(contentsOf: $0) }
            message.append(bytes)
        }
        appendField(Data(itemClass.utf8))
        for (name, value) in primaryKey {
            appendField(Data(name.utf8))
            appendField(value.canonicalBytes)
        }
        let code = HMAC<SHA256>.authenticationCode(for: message, using: naming)
        return Data(code).hexadecimal + ".item"
    }
}

extension Data {
    var hexadecimal: String {
        map { String(format: "%02x", $0) }.joined()
    }
}
