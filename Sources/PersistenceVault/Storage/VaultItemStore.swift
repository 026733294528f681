import Foundation
import PersistenceSandbox

/// The vault's files: `Vault.lock`, the sealed ``VaultManifest`` in `Manifest`, and one sealed file per
/// item in `Items/`, named as ``VaultItemFileName`` describes.
///
/// Searches take a shared lock and write nothing, so they work in a folder the process cannot write.
/// Changes take the exclusive lock, write the new item files under new names, then replace the manifest:
/// that rename is the commit. A writer killed before it leaves only files newer than the manifest; one
/// killed after it leaves only files the manifest lists as superseded. Readers ignore both, and the next
/// writer removes them, with the temporary files of killed atomic writes.
struct VaultItemStore {
    let directory: URL
    let deviceKeyURL: URL
    let operation: VaultOperation

    var itemsDirectory: URL { directory.appending(path: "Items") }
    var lockFile: URL { directory.appending(path: "Vault.lock") }
    var manifestFile: URL { directory.appending(path: VaultManifest.fileName) }

    // MARK: - Reading

    /// The vault as it is, read under the shared lock; creates and changes nothing.
    /// - Throws: `.decode` when the device key or the manifest cannot be trusted, `.io` when a file cannot be read.
    func readSnapshot() throws(VaultError) -> VaultSnapshot {
        for _ in 0..<3 {
            guard try VaultFiles.folderExists(directory, operation: operation) else {
                return .empty(keys: try readDeviceKey().keys)
            }
            let locked = try VaultFileLock.withSharedLockIfPresent(at: lockFile, operation: operation) {
                () throws(VaultError) in try look(creatingKey: false)
            }
            if let locked { return locked }
            // No writer has ever locked this vault. Read without the lock, then make sure that none started
            // meanwhile: a writer creates the lock file before it changes anything.
            let unlocked = Result { () throws(VaultError) in try look(creatingKey: false) }
            if !FileManager.default.fileExists(atPath: lockFile.path) { return try unlocked.get() }
        }
        throw VaultError(
            .io, "the vault's lock file appeared and disappeared while the vault was read", during: operation)
    }

    /// Reads the device key file, which must hold a key or nothing.
    func readDeviceKey() throws(VaultError) -> VaultKeys.DeviceKeyFile {
        let file = try VaultKeys.read(deviceKeyAt: deviceKeyURL, operation: operation)
        if case .damaged(let byteCount) = file {
            throw VaultIntegrityFailure.deviceKeyDamaged(at: deviceKeyURL, byteCount: byteCount, operation: operation)
        }
        return file
    }

    /// Reads the key, the manifest and the item files; the caller holds a lock.
    /// - Parameter creatingKey: Create the device key when it is missing and the vault is empty (writers only).
    func look(creatingKey: Bool) throws(VaultError) -> VaultSnapshot {
        var keyFile = try readDeviceKey()
        let manifestBytes = try VaultFiles.contents(of: manifestFile, operation: operation)
        let itemNames = try VaultFiles.names(in: itemsDirectory, operation: operation)
            .filter(VaultItemFileName.isItemFileName)
        guard let manifestBytes else {
            // A writer commits an empty manifest before its first item file, so files without one are
            // never an interrupted write.
            guard itemNames.isEmpty else {
                if case .missing = keyFile {
                    throw VaultIntegrityFailure.deviceKeyMissing(at: deviceKeyURL, operation: operation)
                }
                throw VaultIntegrityFailure.manifestMissing(itemFileCount: itemNames.count, operation: operation)
            }
            if creatingKey, case .missing = keyFile {
                keyFile = .present(try VaultKeys.create(deviceKeyAt: deviceKeyURL, operation: operation))
            }
            return .empty(keys: keyFile.keys)
        }
        guard case .present(let keys) = keyFile else {
            throw VaultIntegrityFailure.deviceKeyMissing(at: deviceKeyURL, operation: operation)
        }
        switch VaultManifest.open(manifestBytes, with: keys) {
        case .otherDeviceKey: throw VaultIntegrityFailure.deviceKeyMismatch(at: deviceKeyURL, operation: operation)
        case .damaged: throw VaultIntegrityFailure.manifestDamaged(operation: operation)
        case .manifest(let manifest): return try classify(itemNames, under: manifest, keys: keys)
        }
    }

    /// Sorts the item files into items, damaged items and leftovers of interrupted writes.
    private func classify(
        _ names: [String],
        under manifest: VaultManifest,
        keys: VaultKeys
    ) throws(VaultError) -> VaultSnapshot {
        var snapshot = VaultSnapshot(keys: keys, manifest: manifest, items: [], damaged: [], leftovers: [])
        let present = Set(names)
        for (name, entry) in manifest.entries.sorted(by: { $0.key < $1.key }) {
            let fileName = VaultItemFileName(name)
            guard let fileName, present.contains(name),
                let bytes = try VaultFiles.contents(of: itemsDirectory.appending(path: name), operation: operation),
                VaultManifest.digest(of: bytes) == entry.digest,
                let item = VaultItemSeal.open(bytes, named: name, keys: keys)
            else {
                snapshot.damaged.append(
                    VaultSnapshot.DamagedItem(
                        fileName: name, itemClass: entry.itemClass, primaryKeyCode: fileName?.primaryKeyCode,
                        accessGroup: entry.accessGroup, isSynchronizable: entry.isSynchronizable
                    ))
                continue
            }
            snapshot.items.append(VaultSnapshot.StoredItem(fileName: fileName, item: item))
        }
        for name in names where manifest.entries[name] == nil {
            let fileName = VaultItemFileName(name)
            if let fileName, fileName.generation > manifest.generation || manifest.superseded.contains(name) {
                snapshot.leftovers.append(name)
            } else {
                snapshot.damaged.append(
                    VaultSnapshot.DamagedItem(
                        fileName: name, itemClass: fileName?.itemClass, primaryKeyCode: fileName?.primaryKeyCode,
                        accessGroup: nil, isSynchronizable: nil
                    ))
            }
        }
        snapshot.items.sort {
            ($0.item.created, $0.item.identifier.uuidString) < ($1.item.created, $1.item.identifier.uuidString)
        }
        return snapshot
    }
}
