import Foundation
import PersistenceSandbox

/// Reads, writes and quarantines one preference property list on disk.
struct PreferenceFile: Sendable {
    /// Identifies one version of the file: any write through rename changes it.
    struct Stamp: Sendable, Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: timespec
        let changed: timespec

        static func == (lhs: Stamp, rhs: Stamp) -> Bool {
            lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
                && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
        }
    }

    /// What reading the file found.
    enum Contents {
        case missing
        case values([String: PropertyListValue], Stamp)
        case corrupt(Stamp)
    }

    let url: URL

    /// The folder whose lock serializes writers across processes; locking it leaves no extra file beside the plists.
    var lockURL: URL { url.deletingLastPathComponent() }

    /// The current version of the file, or nil when it does not exist.
    func stamp() -> Stamp? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return Stamp(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: status.st_mtim, changed: status.st_ctim
        )
    }

    /// Reads and parses the file as a dictionary of property-list values.
    func read() -> Contents {
        guard let stamp = stamp() else { return .missing }
        guard let data = try? Data(contentsOf: url) else {
            return self.stamp() == nil ? .missing : .corrupt(stamp)
        }
        guard let parsed = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
            let root = try? PropertyListValue(converting: parsed, location: url.lastPathComponent),
            case .dictionary(let values) = root
        else { return .corrupt(stamp) }
        return .values(values, stamp)
    }

    /// Saves `values` as an XML property list, atomically, readable by the owner only.
    func write(_ values: [String: PropertyListValue]) throws(AtomicWriteError) {
        let data: Data
        do {
            data = try PropertyListSerialization.data(
                fromPropertyList: values.mapValues(\.foundationValue), format: .xml, options: 0
            )
        } catch {
            throw AtomicWriteError(.contentFailed("\(error)"), step: "encoding the property list", destination: url)
        }
        do {
            try AppSandbox.createDirectory(at: url.deletingLastPathComponent())
        } catch {
            throw AtomicWriteError(.folderMissing, step: "creating the Preferences folder", destination: url)
        }
        try AtomicFileWriter.write(data, to: url, permissions: 0o600)
    }

    /// Renames the unreadable file aside so the store can go on, keeping it for inspection.
    /// - Returns: Where the file went, or nil when it could not be moved.
    func quarantine() -> URL? {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let aside = url.deletingLastPathComponent()
            .appending(path: "\(url.lastPathComponent).corrupt-\(stamp)-\(UInt32.random(in: 0...UInt32.max))")
        return rename(url.path, aside.path) == 0 ? aside : nil
    }

    /// Runs `body` while holding an exclusive lock shared by every process that writes preferences in this folder.
    func withExclusiveLock<T>(_ body: () throws(UserDefaultsError) -> T) throws(UserDefaultsError) -> T {
        do {
            try AppSandbox.createDirectory(at: url.deletingLastPathComponent())
        } catch {
            throw .lockFailed(lockURL, code: EACCES)
        }
        let descriptor = open(lockURL.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .lockFailed(lockURL, code: errno) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .lockFailed(lockURL, code: errno) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
