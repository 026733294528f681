// Section 15 — Bulk work and the app's files
//
// Goal: a two-level cache for the station photos' thumbnails, which the app can always make again.
//
//   - On disk, thumbnails are files in `Library/Caches/Thumbnails`, one per key (a key is a valid file
//     name, such as "photo-17"): Caches is never backed up, and the system may empty it when storage
//     runs low, which a cache must survive.
//   - In memory, an `NSCache` keeps every thumbnail stored or read through this cache, so a second
//     read touches no file — even after the system emptied the disk cache.
//   - `data(forKey:)` answers from memory, else from disk (keeping what it read in memory), else nil.
//   - Storing a key again replaces its thumbnail in both places.
//
// `AppSandbox` and `FileStore` come from `import PersistenceWorkbench`: on a device the folder is
// `FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]` (see the lesson).

import PersistenceCore
import PersistenceWorkbench

/// Thumbnails kept in memory and in the Caches folder.
public final class ThumbnailCache {
    /// The thumbnails on disk.
    private let disk: FileStore
    /// The thumbnails read or stored since the cache was made.
    private let memory = NSCache<NSString, NSData>()

    /// A cache in the Caches folder of `sandbox`.
    public init(sandbox: AppSandbox = .current) {
        disk = FileStore(sandbox: sandbox, directory: .caches, subfolder: "Thumbnails")
    }

    /// Keeps `data` as the thumbnail of `key`, in memory and on disk.
    ///
    /// - Throws: `FileStoreError` when the file cannot be written.
    public func store(_ data: Data, forKey key: String) throws {
        // TODO: keep the thumbnail in memory and in its file.
    }

    /// The thumbnail of `key`, from memory or else from disk; nil when neither has it.
    public func data(forKey key: String) -> Data? {
        // TODO: answer from memory, else from the file (remembering it in memory), else nil.
        nil
    }
}
