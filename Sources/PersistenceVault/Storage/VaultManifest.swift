import Foundation
import PersistenceCrypto

/// The vault's integrity record: every item file the vault holds, with a hash of its bytes, sealed under
/// the device's key. Replacing it is the single commit point of every change.
///
/// A listed file that is missing or whose bytes differ (an older copy put back), or an item file that is
/// neither listed nor a leftover of an interrupted write, is a damaged item. On disk the file `Manifest`
/// is `PWM1`, the key check of the device key that sealed it (in the clear, so that a device key that
/// does not belong to the vault is told apart from a damaged record), then the AES-GCM box of the JSON.
struct VaultManifest: Codable, Equatable, Sendable {
    /// What the manifest knows of one item file, so that a damaged item can still be matched against a
    /// query's class, access group and synchronizable mode.
    struct Entry: Codable, Equatable, Sendable {
        var itemClass: String
        var accessGroup: String
        var isSynchronizable: Bool
        /// SHA-256 of the whole file, in hexadecimal.
        var digest: String
    }

    /// Counts commits; the item files a commit writes carry the commit's generation in their names.
    var generation: UInt64
    /// Every item file of the vault, by name.
    var entries: [String: Entry]
    /// Files this generation's commit replaced or deleted. A writer deletes them right after the commit;
    /// one killed before it is done leaves them behind, and they are ignored, then removed by the next
    /// writer, instead of being taken for files put there from outside.
    var superseded: Set<String>

    static let fileName = "Manifest"
    private static let magic = Data("PWM1".utf8)
    private static let associatedData = Data("PersistenceVault manifest".utf8)

    static let empty = VaultManifest(generation: 0, entries: [:], superseded: [])

    /// What opening the file found.
    enum Opened {
        case manifest(VaultManifest)
        /// The file was sealed under another device key.
        case otherDeviceKey
        /// The file does not open although the key is the right one: it was damaged or changed.
        case damaged
    }

    /// The manifest's file content, sealed under `keys`.
    func sealed(with keys: VaultKeys, operation: VaultOperation) throws(VaultError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let plaintext = try? encoder.encode(self),
            let box = try? AES.GCM.seal(plaintext, using: keys.encryption, authenticating: Self.associatedData)
        else {
            throw VaultError(.io, "the vault's manifest could not be sealed", during: operation)
        }
        return Self.magic + keys.keyCheck + box.combined
    }

    /// Opens a manifest file's content with `keys`.
    static func open(_ bytes: Data, with keys: VaultKeys) -> Opened {
        let header = magic.count + keys.keyCheck.count
        guard bytes.count > header, bytes.starts(with: magic) else { return .damaged }
        let check = bytes.dropFirst(magic.count).prefix(keys.keyCheck.count)
        guard Data(check) == keys.keyCheck else { return .otherDeviceKey }
        guard let box = try? AES.GCM.SealedBox(combined: bytes.dropFirst(header)),
            let plaintext = try? AES.GCM.open(box, using: keys.encryption, authenticating: associatedData),
            let manifest = try? JSONDecoder().decode(VaultManifest.self, from: plaintext)
        else { return .damaged }
        return .manifest(manifest)
    }

    /// The hexadecimal SHA-256 of an item file's bytes, as entries record it.
    static func digest(of bytes: Data) -> String {
        Data(SHA256.hash(data: bytes)).hexadecimal
    }
}
