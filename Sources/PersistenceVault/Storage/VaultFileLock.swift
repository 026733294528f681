import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on the vault's lock file, held around every operation: shared for searches,
/// exclusive for changes, so that a reader never sees a change half made and two writers never
/// interleave a read-modify-write.
enum VaultFileLock {
    /// Runs `body` holding the exclusive lock, creating the lock file when the vault has none yet.
    static func withExclusiveLock<Result>(
        at url: URL,
        operation: VaultOperation,
        _ body: () throws(VaultError) -> Result
    ) throws(VaultError) -> Result {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let number = errno
            if number == EACCES || number == EPERM || number == EROFS {
                throw VaultFiles.readOnly(url.deletingLastPathComponent(), errorNumber: number, operation: operation)
            }
            throw VaultError(
                .io, "the vault lock file could not be opened (\(VaultFiles.describe(number)))", during: operation
            )
        }
        defer { close(descriptor) }
        try lock(descriptor, LOCK_EX, operation: operation)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Runs `body` holding the shared lock, or returns nil without running it when there is no lock file.
    ///
    /// The file is opened read-only, so that a search works in a folder this process cannot write and
    /// creates nothing; `flock(2)` takes a shared lock on a read-only descriptor.
    static func withSharedLockIfPresent<Result>(
        at url: URL,
        operation: VaultOperation,
        _ body: () throws(VaultError) -> Result
    ) throws(VaultError) -> Result? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw VaultError(
                .io, "the vault lock file could not be opened (\(VaultFiles.describe(errno)))", during: operation
            )
        }
        defer { close(descriptor) }
        try lock(descriptor, LOCK_SH, operation: operation)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private static func lock(_ descriptor: Int32, _ mode: Int32, operation: VaultOperation) throws(VaultError) {
        while flock(descriptor, mode) != 0 {
            guard errno == EINTR else {
                throw VaultError(
                    .io, "the vault could not be locked (\(VaultFiles.describe(errno)))", during: operation)
            }
        }
    }
}
