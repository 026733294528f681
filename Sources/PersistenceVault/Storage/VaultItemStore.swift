import Crypto
import Foundation

/// The vault's items on disk: one sealed file per item in `Items/`, named by an HMAC of its primary key.
///
/// Each file is the item, JSON-encoded and sealed with AES-GCM under the device's item key, with the file
/// name as authenticated data: a changed, truncated or renamed file fails to open instead of yielding
/// wrong values, and the other items stay readable.
struct VaultItemStore {
    /// An item read back from disk, with the name of the file it came from.
    struct StoredItem {
        var fileName: String
        var item: VaultItem
    }

    /// Everything in the store: the items that opened, and the names of files that did not.
    struct Contents {
        var items: [StoredItem]
        var unreadableFileNames: Set<String>
    }

    let directory: URL
    let keys: VaultKeys
    let operation: VaultOperation

    private static let fileMagic = Data("PWV1".utf8)

    var itemsDirectory: URL { directory.appending(path: "Items") }
    var lockFile: URL { directory.appending(path: "Vault.lock") }

    func prepare() throws(VaultError) {
        try VaultFiles.createPrivateDirectory(directory, operation: operation)
        try VaultFiles.createPrivateDirectory(itemsDirectory, operation: operation)
    }

    func fileName(for item: VaultItem, schema: VaultItemSchema) -> String {
        keys.fileName(itemClass: item.itemClass, primaryKey: item.primaryKeyValues(in: schema))
    }

    /// Runs `body` holding the vault's lock: exclusive for changes, shared for searches.
    func locked<Result>(exclusive: Bool, _ body: () throws(VaultError) -> Result) throws(VaultError) -> Result {
        try VaultFileLock.withLock(at: lockFile, exclusive: exclusive, operation: operation, body)
    }

    func fileExists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: itemsDirectory.appending(path: name).path)
    }

    func readAll() throws(VaultError) -> Contents {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: itemsDirectory.path)
                .filter { $0.hasSuffix(".item") && !$0.hasPrefix(".") }
                .sorted()
        } catch {
            throw VaultError(.io, "the vault's item folder could not be listed", during: operation)
        }
        var contents = Contents(items: [], unreadableFileNames: [])
        for name in names {
            if let item = open(name) {
                contents.items.append(StoredItem(fileName: name, item: item))
            } else {
                contents.unreadableFileNames.insert(name)
            }
        }
        contents.items.sort { ($0.item.created, $0.item.identifier.uuidString) < ($1.item.created, $1.item.identifier.uuidString) }
        return contents
    }

    func write(_ item: VaultItem, named name: String) throws(VaultError) {
        let plaintext: Data
        do {
            plaintext = try JSONEncoder().encode(item)
        } catch {
            throw VaultError(.io, "an item could not be encoded", during: operation)
        }
        guard let box = try? AES.GCM.seal(plaintext, using: keys.encryption, authenticating: Data(name.utf8)),
              let combined = box.combined
        else {
            throw VaultError(.io, "an item could not be sealed", during: operation)
        }
        let sealed = Self.fileMagic + combined
        try VaultFiles.writePrivateFile(sealed, to: itemsDirectory.appending(path: name), operation: operation)
    }

    func remove(named name: String) throws(VaultError) {
        let path = itemsDirectory.appending(path: name).path
        if unlink(path) != 0, errno != ENOENT {
            throw VaultError(.io, "an item file could not be removed (errno \(errno))", during: operation)
        }
    }

    private func open(_ name: String) -> VaultItem? {
        guard let bytes = FileManager.default.contents(atPath: itemsDirectory.appending(path: name).path),
              bytes.starts(with: Self.fileMagic),
              let box = try? AES.GCM.SealedBox(combined: bytes.dropFirst(Self.fileMagic.count)),
              let plaintext = try? AES.GCM.open(box, using: keys.encryption, authenticating: Data(name.utf8)),
              let item = try? JSONDecoder().decode(VaultItem.self, from: plaintext)
        else { return nil }
        return item
    }
}
