import Foundation
import PersistenceSandbox

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owner-only files and folders, written atomically, and the checks that tell a read-only folder from
/// a broken one.
enum VaultFiles {
    /// Whether `url` is an existing folder; false when nothing is there.
    /// - Throws: `.io` when something other than a folder is there, or it cannot be examined.
    static func folderExists(_ url: URL, operation: VaultOperation) throws(VaultError) -> Bool {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            if errno == ENOENT { return false }
            throw VaultError(
                .io, "the vault folder \(url.path) cannot be examined (\(describe(errno)))", during: operation)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw VaultError(.io, "\(url.path) is not a folder, so the vault cannot be opened", during: operation)
        }
        return true
    }

    /// Creates `url` and any missing parents with mode 0700, or makes sure the existing folder is writable.
    /// - Parameter tighteningExisting: Also take group and other permissions off an existing folder; used
    ///   for the vault's own folders. Owner bits are never added, so a folder made read-only stays so.
    /// - Throws: `.io` naming the folder when it, or the folder it would be created in, is read-only.
    static func createPrivateDirectory(
        _ url: URL,
        tighteningExisting: Bool = true,
        operation: VaultOperation
    ) throws(VaultError) {
        if try folderExists(url, operation: operation) {
            let mode = try permissions(of: url, operation: operation)
            if tighteningExisting, mode & 0o077 != 0, chmod(url.path, mode & 0o700) != 0 {
                let number = errno
                try requireWritable(url, errorNumber: number, operation: operation)
                throw VaultError(
                    .io, "a vault folder could not be made owner-only (\(describe(number)))", during: operation)
            }
            try requireWritable(url, operation: operation)
            return
        }
        try requireWritable(nearestExistingAncestor(of: url), operation: operation)
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw VaultError(.io, "the vault folder \(url.path) could not be created", during: operation)
        }
        // The umask may have narrowed the mode or the attributes been ignored: a new vault folder is 0700 exactly.
        if tighteningExisting, chmod(url.path, 0o700) != 0 {
            throw VaultError(.io, "a vault folder could not be made owner-only (\(describe(errno)))", during: operation)
        }
    }

    /// Throws the read-only error when this process may not create or change files in `folder`.
    ///
    /// Asked before anything is written, so that a write fails whole, with a message naming the folder,
    /// instead of halfway with a bare errno. `AT_EACCESS` checks the effective user, as `open(2)` does;
    /// a read-only file system fails it too, while the superuser passes any permission bits.
    static func requireWritable(_ folder: URL, errorNumber: Int32? = nil, operation: VaultOperation) throws(VaultError)
    {
        let failure = errorNumber ?? (faccessat(AT_FDCWD, folder.path, W_OK, AT_EACCESS) == 0 ? 0 : errno)
        guard failure == EACCES || failure == EPERM || failure == EROFS else { return }
        throw readOnly(folder, errorNumber: failure, operation: operation)
    }

    /// The error for a write in a folder this process cannot write.
    static func readOnly(_ folder: URL, errorNumber: Int32, operation: VaultOperation) -> VaultError {
        VaultError(
            .io,
            "the vault folder \(folder.path) is read-only for this process (\(describe(errorNumber)))",
            recoverySuggestion: "searches still work; to change items, run as the folder's owner or make it writable",
            during: operation
        )
    }

    /// Writes `data` to `url` with mode 0600 through the sandbox's atomic writer, so readers see the old
    /// or the new file and never a partial one.
    static func writePrivateFile(_ data: Data, to url: URL, operation: VaultOperation) throws(VaultError) {
        do {
            try AtomicFileWriter.write(data, to: url, permissions: 0o600)
        } catch {
            if error.kind == .permissionDenied {
                throw readOnly(url.deletingLastPathComponent(), errorNumber: EACCES, operation: operation)
            }
            throw VaultError(.io, "a vault file could not be written (\(error))", during: operation)
        }
    }

    /// The whole content of the file at `url`, or nil when there is no such file.
    /// - Throws: `.io` when the file exists but cannot be read.
    static func contents(of url: URL, operation: VaultOperation) throws(VaultError) -> Data? {
        func unreadable(_ number: Int32) -> VaultError {
            VaultError(
                .io, "\(url.lastPathComponent) in the vault cannot be read (\(describe(number)))", during: operation)
        }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw unreadable(errno)
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(errno) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The names in `folder`, or none when it does not exist.
    static func names(in folder: URL, operation: VaultOperation) throws(VaultError) -> [String] {
        guard try folderExists(folder, operation: operation) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw VaultError(.io, "the vault folder \(folder.path) could not be listed", during: operation)
        }
    }

    /// Flushes a folder's entries to disk, so that the renames made in it persist before what follows.
    static func synchronizeFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// "permission denied (errno 13)".
    static func describe(_ number: Int32) -> String {
        "\(String(cString: strerror(number)).lowercased()) (errno \(number))"
    }

    private static func permissions(of url: URL, operation: VaultOperation) throws(VaultError) -> mode_t {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw VaultError(
                .io, "the vault folder \(url.path) cannot be examined (\(describe(errno)))", during: operation)
        }
        return status.st_mode & 0o777
    }

    private static func nearestExistingAncestor(of url: URL) -> URL {
        var candidate = url.deletingLastPathComponent()
        while candidate.path != "/", !FileManager.default.fileExists(atPath: candidate.path) {
            candidate = candidate.deletingLastPathComponent()
        }
        return candidate
    }
}
