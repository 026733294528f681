import Foundation
import PersistenceSandbox

extension VaultItemStore {
    /// Runs `body` on a fresh snapshot under the exclusive lock, then commits the change it returns.
    ///
    /// Before `body` runs, the leftovers of killed writers are removed: temporary files of atomic writes
    /// whose process is gone, and item files of interrupted commits.
    /// - Throws: `.io` naming the folder when the vault's folder is read-only; whatever `body` throws.
    func change<Result>(
        _ body: (VaultSnapshot) throws(VaultError) -> (VaultChange, Result)
    ) throws(VaultError) -> Result {
        try VaultFiles.createPrivateDirectory(directory, operation: operation)
        try VaultFiles.createPrivateDirectory(itemsDirectory, operation: operation)
        return try VaultFileLock.withExclusiveLock(at: lockFile, operation: operation) { () throws(VaultError) in
            removeAbandonedTemporaryFiles()
            let snapshot = try look(creatingKey: true)
            for name in snapshot.leftovers {
                unlink(itemsDirectory.appending(path: name).path)
            }
            let (change, result) = try body(snapshot)
            if !change.isEmpty {
                try commit(change, over: snapshot)
            }
            return result
        }
    }

    /// Writes the change's items to new files, replaces the manifest (the commit), then deletes the
    /// files the change removes. Until the manifest is replaced, every reader still sees the old state.
    private func commit(_ change: VaultChange, over snapshot: VaultSnapshot) throws(VaultError) {
        let keys = try snapshot.requiredKeys(during: operation)
        var manifest = snapshot.manifest ?? .empty
        if snapshot.manifest == nil {
            // The first commit of a vault writes an empty manifest before any item file, so that item
            // files without a manifest always mean damage and never an interrupted first write.
            manifest.generation += 1
            try writeManifest(manifest, keys: keys)
        }
        let generation = manifest.generation + 1
        var entries = manifest.entries
        for name in change.removals {
            entries[name] = nil
        }
        var written: [String] = []
        do throws(VaultError) {
            for item in change.writes {
                let name = try fileName(for: item, generation: generation, keys: keys).rawValue
                let bytes = try VaultItemSeal.seal(item, named: name, keys: keys, operation: operation)
                try VaultFiles.writePrivateFile(bytes, to: itemsDirectory.appending(path: name), operation: operation)
                written.append(name)
                entries[name] = VaultManifest.Entry(
                    itemClass: item.itemClass, accessGroup: item.accessGroup,
                    isSynchronizable: item.isSynchronizable, digest: VaultManifest.digest(of: bytes)
                )
            }
            VaultFiles.synchronizeFolder(itemsDirectory)
            try writeManifest(
                VaultManifest(generation: generation, entries: entries, superseded: change.removals), keys: keys
            )
        } catch {
            for name in written {
                unlink(itemsDirectory.appending(path: name).path)
            }
            throw error
        }
        VaultFiles.synchronizeFolder(directory)
        // Committed: a failure to delete now leaves superseded files, which the next writer removes.
        for name in change.removals {
            unlink(itemsDirectory.appending(path: name).path)
        }
    }

    /// Removes every item and the integrity record, whatever their state, leaving an empty working vault.
    ///
    /// An empty manifest that lists every item file as superseded is committed first, under the device's
    /// key (a new one when it is missing or damaged), so that an erase killed halfway leaves an empty vault.
    func erase() throws(VaultError) {
        guard try VaultFiles.folderExists(directory, operation: operation) else {
            try removeDamagedDeviceKey()
            return
        }
        try VaultFiles.createPrivateDirectory(directory, operation: operation)
        try VaultFiles.createPrivateDirectory(itemsDirectory, operation: operation)
        try VaultFileLock.withExclusiveLock(at: lockFile, operation: operation) { () throws(VaultError) in
            removeAbandonedTemporaryFiles()
            try removeDamagedDeviceKey()
            let names = try VaultFiles.names(in: itemsDirectory, operation: operation)
                .filter(VaultItemFileName.isItemFileName)
            var generation = names.compactMap { VaultItemFileName($0)?.generation }.max() ?? 0
            let keys: VaultKeys
            if case .present(let existing) = try VaultKeys.read(deviceKeyAt: deviceKeyURL, operation: operation) {
                keys = existing
                if let bytes = try VaultFiles.contents(of: manifestFile, operation: operation),
                    case .manifest(let old) = VaultManifest.open(bytes, with: existing)
                {
                    generation = max(generation, old.generation)
                }
            } else {
                keys = try VaultKeys.create(deviceKeyAt: deviceKeyURL, operation: operation)
            }
            try writeManifest(
                VaultManifest(generation: generation + 1, entries: [:], superseded: Set(names)), keys: keys
            )
            VaultFiles.synchronizeFolder(directory)
            for name in names {
                unlink(itemsDirectory.appending(path: name).path)
            }
        }
    }

    /// The name of the file that will hold `item` from commit `generation` on.
    func fileName(for item: VaultItem, generation: UInt64, keys: VaultKeys) throws(VaultError) -> VaultItemFileName {
        guard let schema = VaultItemSchema.schema(for: item.itemClass) else {
            throw VaultError(.noSuchClass, "an item has a class the vault does not store", during: operation)
        }
        return VaultItemFileName(
            itemClass: item.itemClass, primaryKeyCode: keys.primaryKeyCode(of: item, schema: schema),
            generation: generation
        )
    }

    private func writeManifest(_ manifest: VaultManifest, keys: VaultKeys) throws(VaultError) {
        let bytes = try manifest.sealed(with: keys, operation: operation)
        try VaultFiles.writePrivateFile(bytes, to: manifestFile, operation: operation)
    }

    /// A device key file that holds no key cannot be put to use again: erasing removes it, so that the
    /// next write creates a new key.
    private func removeDamagedDeviceKey() throws(VaultError) {
        guard case .damaged = try VaultKeys.read(deviceKeyAt: deviceKeyURL, operation: operation) else { return }
        if unlink(deviceKeyURL.path) != 0, errno != ENOENT {
            throw VaultError(
                .io, "the damaged device key \(deviceKeyURL.path) could not be removed (\(VaultFiles.describe(errno)))",
                during: operation
            )
        }
    }

    /// Removes the temporary files of killed writers: atomic writes in the vault's folders, and a device key
    /// staged beside the vault by a writer killed before it could remove it (the key is created only once,
    /// so its own sweep would never run again).
    private func removeAbandonedTemporaryFiles() {
        AtomicFileWriter.removeAbandonedTemporaryFiles(in: itemsDirectory)
        AtomicFileWriter.removeAbandonedTemporaryFiles(in: directory)
        AtomicFileWriter.removeAbandonedTemporaryFiles(in: deviceKeyURL.deletingLastPathComponent())
    }
}
