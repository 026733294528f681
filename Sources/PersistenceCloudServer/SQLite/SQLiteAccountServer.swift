import Foundation
import GRDB
import PersistenceSandbox
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One iCloud account's servers, kept in an SQLite file: zones with their change counters, records
/// with their change tags, the tombstone log, the record types devices saved, and the devices that synced.
///
/// Every call runs in one SQLite transaction (an immediate one when it writes), so devices in several
/// processes can use the account at once: their calls are served one after the other.
///
/// ## Topics
/// - ``appleID``
/// - ``folder``
/// - ``databaseURL``
// Unchecked Sendable: immutable apart from `database`, which a Mutex guards; GRDB's pool serializes the connections it lends.
public final class SQLiteAccountServer: CloudKitAccountServer, @unchecked Sendable {
    /// The account's Apple ID.
    public let appleID: String
    /// The folder that holds the account's store.
    public let folder: URL
    /// The account's SQLite file.
    public var databaseURL: URL { folder.appending(path: "CloudKit.sqlite") }

    private let database = Mutex<DatabasePool?>(nil)

    /// The servers of the account `appleID`, kept in `folder`; nothing is opened until first used.
    public init(appleID: String, folder: URL) {
        self.appleID = appleID
        self.folder = folder
    }

    /// How long a call waits for another process's transaction to end.
    static let busyTimeout: TimeInterval = 30

    /// Runs `work` in one immediate write transaction.
    func write<T>(while activity: String, _ work: (Database) throws -> T) throws(CloudServerError) -> T {
        if let reason = unwritableReason() {
            throw CloudServerError(.accountStoreUnavailable, reason: reason, context: activity)
        }
        do {
            let pool = try openedPool(while: activity)
            var result: T?
            try pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    result = try work(db)
                    return .commit
                }
            }
            guard let result else {
                throw CloudServerError(
                    .accountStoreUnavailable, reason: "the store in \(folder.path) committed nothing", context: activity
                )
            }
            return result
        } catch let error as CloudServerError {
            throw error
        } catch {
            throw failure(error, while: activity)
        }
    }

    /// Runs `work` with read access to one consistent state of the account.
    func read<T>(while activity: String, _ work: (Database) throws -> T) throws(CloudServerError) -> T {
        do {
            return try openedPool(while: activity).read(work)
        } catch let error as CloudServerError {
            throw error
        } catch {
            throw failure(error, while: activity)
        }
    }

    /// The open database, opened (and its tables made) on first use.
    private func openedPool(while activity: String) throws -> DatabasePool {
        try database.withLock { opened in
            if let opened { return opened }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw CloudServerError(
                    .accountStoreUnavailable,
                    reason: "its folder \(folder.path) cannot be created (\(error.localizedDescription))",
                    context: activity
                )
            }
            var configuration = Configuration()
            configuration.busyMode = .timeout(Self.busyTimeout)
            configuration.label = "iCloud account \(appleID)"
            let pool = try Self.openPool(at: databaseURL.path, configuration: configuration)
            try pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try AccountStoreTables.create(in: db)
                    return .commit
                }
            }
            opened = pool
            return pool
        }
    }

    /// Opens the account's file, trying again for up to ``busyTimeout`` while another device opens it.
    ///
    /// Opening sets a new file to write-ahead logging, which SQLite refuses at once with SQLITE_BUSY, without
    /// waiting through the busy handler, while another connection opens the same file: two devices starting
    /// on a new account at the same moment.
    private static func openPool(at path: String, configuration: Configuration) throws -> DatabasePool {
        try ContendedOpen.retrying(for: busyTimeout, whileContended: isBusy) {
            try DatabasePool(path: path, configuration: configuration)
        }
    }

    /// Whether `error` is SQLite's SQLITE_BUSY: another connection holds the file.
    private static func isBusy(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.resultCode == .SQLITE_BUSY
    }

    /// Why the process cannot write the account's folder or file, or `nil` when it can.
    private func unwritableReason() -> String? {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: folder.path) else {
            let parent = folder.deletingLastPathComponent()
            if fileManager.fileExists(atPath: parent.path), access(parent.path, W_OK) != 0 {
                return "the folder \(parent.path) cannot be written (\(String(cString: strerror(errno))))"
            }
            return nil
        }
        if access(folder.path, W_OK) != 0 {
            return "its folder \(folder.path) cannot be written (\(String(cString: strerror(errno))))"
        }
        if fileManager.fileExists(atPath: databaseURL.path), access(databaseURL.path, W_OK) != 0 {
            return "its file \(databaseURL.path) cannot be written (\(String(cString: strerror(errno))))"
        }
        return nil
    }

    /// A database error as a server error that names the account's folder.
    private func failure(_ error: any Error, while activity: String) -> CloudServerError {
        let described: String
        if let error = error as? DatabaseError {
            described = "SQLite error \(error.resultCode.rawValue): \(error.message ?? "\(error.resultCode)")"
        } else {
            described = "\(error)"
        }
        return CloudServerError(
            .accountStoreUnavailable, reason: "the store in \(folder.path) failed: \(described)", context: activity)
    }
}
