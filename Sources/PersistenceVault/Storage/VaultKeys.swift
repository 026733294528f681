import Foundation
import PersistenceCrypto
import PersistenceSandbox

/// The keys a device uses for its vault, all derived from one random device key that is kept in its own
/// file beside the vault, never inside an item file.
struct VaultKeys: Sendable {
    /// What the device key file holds.
    enum DeviceKeyFile {
        case present(VaultKeys)
        case missing
        /// The file is there but is not a key: its size is wrong.
        case damaged(byteCount: Int)

        /// The keys, when the file holds a key.
        var keys: VaultKeys? {
            if case .present(let keys) = self { return keys }
            return nil
        }
    }

    /// Seals item files and the manifest.
    let encryption: SymmetricKey
    /// Turns a primary key into a file name that reveals nothing about the account or service.
    let naming: SymmetricKey
    /// Tells devices apart, so that a backup knows whether it is restored to the device it came from.
    let deviceIdentifier: String
    /// A value derived from the device key and stored in the clear at the head of the manifest: it tells a
    /// device key that does not belong to the vault apart from a damaged manifest, and reveals nothing of
    /// the key, because HKDF outputs for different labels are independent.
    let keyCheck: Data

    static let byteCount = 32

    init(deviceKey: SymmetricKey) {
        func derive(_ label: String, _ byteCount: Int) -> SymmetricKey {
            HKDF<SHA256>.deriveKey(
                inputKeyMaterial: deviceKey, salt: Data("PersistenceVault".utf8), info: Data(label.utf8),
                outputByteCount: byteCount
            )
        }
        encryption = derive("item encryption", 32)
        naming = derive("item naming", 32)
        deviceIdentifier = derive("device identifier", 16).withUnsafeBytes { Data($0) }.hexadecimal
        keyCheck = derive("key check", 32).withUnsafeBytes { Data($0) }
    }

    /// Reads the device key at `url`; never creates one.
    /// - Throws: `.io` when the file exists but cannot be read.
    static func read(deviceKeyAt url: URL, operation: VaultOperation) throws(VaultError) -> DeviceKeyFile {
        guard let bytes = try VaultFiles.contents(of: url, operation: operation) else { return .missing }
        guard bytes.count == byteCount else { return .damaged(byteCount: bytes.count) }
        return .present(VaultKeys(deviceKey: SymmetricKey(data: bytes)))
    }

    /// Creates the device key at `url` and returns the key the file then holds. Two processes that race to
    /// create it end up with the same key: the new key is written to a private file and linked into place,
    /// which fails without harm when the other process got there first. The staging file is named like the
    /// sandbox's atomic writes, so one left by a killed process is removed with theirs.
    static func create(deviceKeyAt url: URL, operation: VaultOperation) throws(VaultError) -> VaultKeys {
        let folder = url.deletingLastPathComponent()
        try VaultFiles.createPrivateDirectory(folder, tighteningExisting: false, operation: operation)
        AtomicFileWriter.removeAbandonedTemporaryFiles(in: folder)
        let fresh = SymmetricKey(size: .bits256)
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let staging = folder.appending(path: ".\(url.lastPathComponent).atomic-\(getpid())-\(random)")
        try VaultFiles.writePrivateFile(fresh.withUnsafeBytes { Data($0) }, to: staging, operation: operation)
        defer { unlink(staging.path) }
        if link(staging.path, url.path) != 0, errno != EEXIST {
            throw VaultError(
                .io, "the device key could not be created (\(VaultFiles.describe(errno)))", during: operation)
        }
        guard case .present(let keys) = try read(deviceKeyAt: url, operation: operation) else {
            throw VaultError(.io, "the device key is not usable right after it was created", during: operation)
        }
        return keys
    }

    /// The part of an item's file name that names its primary key: an HMAC, so names reveal nothing.
    func primaryKeyCode(itemClass: String, primaryKey: [(String, VaultValue)]) -> String {
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
        return Data(HMAC<SHA256>.authenticationCode(for: message, using: naming)).hexadecimal
    }

    /// The primary-key code of `item`.
    func primaryKeyCode(of item: VaultItem, schema: VaultItemSchema) -> String {
        primaryKeyCode(itemClass: item.itemClass, primaryKey: item.primaryKeyValues(in: schema))
    }
}

extension Data {
    var hexadecimal: String {
        map { String(format: "%02x", $0) }.joined()
    }
}
