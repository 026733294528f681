import Foundation

/// What a look at the vault under its lock found: the items that open, the items that cannot be trusted,
/// and the leftovers of writers that were killed.
struct VaultSnapshot {
    /// An item read back from disk, with the name of the file it came from.
    struct StoredItem {
        var fileName: VaultItemFileName
        var item: VaultItem
    }

    /// An item file that cannot be trusted: listed but missing, listed with other bytes than recorded,
    /// undecryptable, or not listed at all. What is known of it comes from the manifest or its name.
    struct DamagedItem {
        var fileName: String
        /// nil when the name is not one the vault writes.
        var itemClass: String?
        var primaryKeyCode: String?
        /// Known only for files the manifest lists.
        var accessGroup: String?
        var isSynchronizable: Bool?
    }

    /// The keys of the device; nil only while the device has no key and the vault is empty.
    var keys: VaultKeys?
    /// The committed manifest; nil when the vault has none yet, which means it is empty.
    var manifest: VaultManifest?
    var items: [StoredItem]
    var damaged: [DamagedItem]
    /// Item files of interrupted writes: newer than the manifest, or superseded by its commit.
    var leftovers: [String]

    /// An empty vault.
    static func empty(keys: VaultKeys?) -> VaultSnapshot {
        VaultSnapshot(keys: keys, manifest: nil, items: [], damaged: [], leftovers: [])
    }

    /// The generation of the last commit; 0 before the first.
    var generation: UInt64 { manifest?.generation ?? 0 }

    /// The readable item whose primary key has `code`, in `itemClass`.
    func item(withPrimaryKeyCode code: String, itemClass: String) -> StoredItem? {
        items.first { $0.fileName.primaryKeyCode == code && $0.fileName.itemClass == itemClass }
    }
}

/// What a write changes: the items to write, each into a new file, and the files to remove.
struct VaultChange {
    var writes: [VaultItem] = []
    /// Names of the files the change replaces or deletes.
    var removals: Set<String> = []

    var isEmpty: Bool { writes.isEmpty && removals.isEmpty }
}

extension VaultSnapshot {
    /// The device's keys, which every snapshot taken for a change has.
    func requiredKeys(during operation: VaultOperation) throws(VaultError) -> VaultKeys {
        guard let keys else {
            throw VaultError(.io, "the device key was not loaded before a change", during: operation)
        }
        return keys
    }
}
