// Section 15 — Bulk work and the app's files
//
// Goal: keep the station maps the user downloads for offline use. They must stay until the user
// removes them — never purged like a cache — yet they can be downloaded again, so they must not fill
// the user's iCloud backup.
//
//   - Files live in `Library/Application Support/Downloads`, by the name the caller gives.
//   - Every file is excluded from backup, and stays excluded when it is saved again: a save writes a
//     new file, which starts out included.
//   - `load(filename:)` returns a file's data, or nil when there is no such file.

import PersistenceCore
import PersistenceWorkbench

/// Downloaded files the app keeps, out of the backup.
public struct DownloadFolder {
    /// The downloaded files.
    private let files: FileStore

    /// The Downloads folder of `sandbox`.
    public init(sandbox: AppSandbox = .current) {
        files = FileStore(sandbox: sandbox, directory: .applicationSupport, subfolder: "Downloads")
    }

    /// Saves `data` as `filename`, replacing an earlier file, and leaves it out of the backup.
    ///
    /// - Throws: `FileStoreError` when the file cannot be written or flagged.
    public func save(_ data: Data, filename: String) throws {
        // TODO: save the file, then leave it out of the backup.
    }

    /// The data of `filename`, or nil when it was never saved.
    ///
    /// - Throws: `FileStoreError` when the file exists but cannot be read.
    public func load(filename: String) throws -> Data? {
        // TODO: the file's data, or nil when there is no such file.
        nil
    }
}
