import Foundation
import PersistenceCrypto

/// The content of an item file: `PWV1`, then the item, JSON-encoded and sealed with AES-GCM under the
/// device's item key, with the file name as authenticated data, so that a changed, truncated or renamed
/// file fails to open instead of yielding wrong values.
enum VaultItemSeal {
    private static let fileMagic = Data("PWV1".utf8)

    /// The sealed content of `item` for the file `name`.
    static func seal(
        _ item: VaultItem,
        named name: String,
        keys: VaultKeys,
        operation: VaultOperation
    ) throws(VaultError) -> Data {
        guard let plaintext = try? JSONEncoder().encode(item) else {
            throw VaultError(.io, "an item could not be encoded", during: operation)
        }
        guard let box = try? AES.GCM.seal(plaintext, using: keys.encryption, authenticating: Data(name.utf8)) else {
            throw VaultError(.io, "an item could not be sealed", during: operation)
        }
        return fileMagic + box.combined
    }

    /// The item in a file's content, or nil when it does not open as the file `name`.
    static func open(_ bytes: Data, named name: String, keys: VaultKeys) -> VaultItem? {
        guard bytes.starts(with: fileMagic),
            let box = try? AES.GCM.SealedBox(combined: bytes.dropFirst(fileMagic.count)),
            let plaintext = try? AES.GCM.open(box, using: keys.encryption, authenticating: Data(name.utf8)),
            let item = try? JSONDecoder().decode(VaultItem.self, from: plaintext)
        else { return nil }
        return item
    }
}
