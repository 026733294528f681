import Foundation
import PersistenceSandbox
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owner-only files and folders, written atomically.
enum VaultFiles {
    /// Creates `url` and any missing parents with mode 0700.
    /// - Parameter tighteningExisting: Also set an existing folder to 0700; used for the vault's own folders.
    static func createPrivateDirectory(
        _ url: URL,
        tighteningExisting: Bool = true,
        operation: VaultOperation
    ) throws(VaultError) {
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw VaultError(.io, "a vault folder could not be created", during: operation)
        }
        if tighteningExisting, chmod(url.path, 0o700) != 0 {
            throw VaultError(.io, "a vault folder could not be made owner-only (errno \(errno))", during: operation)
        }
    }

    /// Writes `data` to `url` with mode 0600 through the sandbox's atomic writer, so readers see the old
    /// or the new file and never a partial one.
    static func writePrivateFile(_ data: Data, to url: URL, operation: VaultOperation) throws(VaultError) {
        do {
            try AtomicFileWriter.write(data, to: url, permissions: 0o600)
        } catch {
            throw VaultError(.io, "a vault file could not be written (\(error))", during: operation)
        }
    }
}

/// An advisory lock on the vault's lock file, held around every operation: shared for searches,
/// exclusive for changes, so that two processes never interleave a read-modify-write.
enum VaultFileLock {
    static func withLock<Result>(
        at url: URL,
        exclusive: Bool,
        operation: VaultOperation,
        _ body: () throws(VaultError) -> Result
    ) throws(VaultError) -> Result {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw VaultError(.io, "the vault lock file could not be opened (errno \(errno))", during: operation)
        }
        defer { close(descriptor) }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else {
                throw VaultError(.io, "the vault could not be locked (errno \(errno))", during: operation)
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
