import Foundation
import GRDB
import PersistenceSandbox

#if canImport(Glibc)
import Glibc
import PersistenceModels
#endif

/// Opens a store's SQLite file: for reading and writing where the process may write its folder and file,
/// else for reading only, so that a store in a read-only folder still serves every read.
struct StoreFile {
    /// An opened store file.
    struct Opened {
        let writer: any DatabaseWriter
        /// Why only reading is possible, or `nil` when the store can be written.
        let readOnlyReason: String?
    }

    let url: URL

    /// Opens the file, creating it (and its folder) when it does not exist and can be created.
    ///
    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` when the file does not exist and cannot be
    ///   created, or SQLite cannot open it.
    func open(configuration: Configuration) throws -> Opened {
        let path = url.path
        let folder = url.deletingLastPathComponent()
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw SwiftDataError(
                    .loadIssueModelContainer,
                    reason: "the folder \(folder.path) cannot be created (\(error.localizedDescription))",
                    context: "creating the store at \(path)"
                )
            }
        }
        guard let reason = unwritableReason(fileExists: exists) else {
            return Opened(writer: try openPool(at: path, configuration: configuration), readOnlyReason: nil)
        }
        guard exists else {
            throw SwiftDataError(
                .loadIssueModelContainer,
                reason: "there is no store yet and \(reason)",
                context: "creating the store at \(path)"
            )
        }
        var readOnly = configuration
        readOnly.readonly = true
        // A write-ahead log that was not checkpointed holds committed rows, which only a reader that uses
        // the log sees. Without one, the file is the whole store and, since nobody can write this folder,
        // it cannot change while it is open: SQLite may then read it without locks or a shared-memory
        // file, which it could not create here.
        let hasLog = ((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) > 0
        let writer: any DatabaseWriter =
            hasLog
            ? try DatabasePool(path: path, configuration: readOnly)
            : try DatabaseQueue(path: Self.immutableURI(for: path), configuration: readOnly)
        return Opened(writer: writer, readOnlyReason: reason)
    }

    /// Opens the file for reading and writing, waiting up to the configuration's busy timeout while another
    /// connection holds it.
    ///
    /// Opening sets the file to write-ahead logging (`PRAGMA journal_mode = WAL`), which needs the file to
    /// itself for a moment. SQLite does not wait for that lock with the busy handler: when another process
    /// opens the same new file at that moment, it answers SQLITE_BUSY at once. The open is tried again,
    /// after pauses that grow to a tenth of a second, until the timeout passes.
    private func openPool(at path: String, configuration: Configuration) throws -> DatabasePool {
        var patience = 0.0
        if case .timeout(let seconds) = configuration.busyMode { patience = seconds }
        return try ContendedOpen.retrying(for: patience, whileContended: Self.isBusy) {
            try DatabasePool(path: path, configuration: configuration)
        }
    }

    /// Whether `error` is SQLite's SQLITE_BUSY: another connection holds the file.
    private static func isBusy(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.resultCode == .SQLITE_BUSY
    }

    /// Why the process cannot write the store, or `nil` when it can.
    private func unwritableReason(fileExists: Bool) -> String? {
        let folder = url.deletingLastPathComponent().path
        if access(folder, W_OK) != 0 {
            return "its folder \(folder) cannot be written (\(String(cString: strerror(errno))))"
        }
        if fileExists, access(url.path, W_OK) != 0 {
            return "the file cannot be written (\(String(cString: strerror(errno))))"
        }
        return nil
    }

    /// The file's URI with `immutable=1`, which SQLite (built with URI file names, as Debian's is) reads
    /// without taking locks.
    static func immutableURI(for path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(escaped)?immutable=1"
    }
}
