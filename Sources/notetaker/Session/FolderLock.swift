import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock on a folder, shared by every `notetaker` process: it makes a PIN check
/// (read the count, compare, write the count) and an image attach (write the file, then save the note)
/// each happen as one step with respect to the other processes.
///
/// The lock is taken on the folder itself, opened for reading only, so it needs no lock file and works
/// in a folder the process cannot write.
enum FolderLock {
    /// Runs `body` while holding the lock on `folder`, creating the folder first when it is missing.
    ///
    /// - Throws: `NoteTakerCLIError` when the folder cannot be opened or locked, or what `body` throws.
    static func withExclusiveLock<Result>(on folder: URL, while activity: String, _ body: () throws -> Result) throws
        -> Result
    {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw NoteTakerCLIError(
                "Locking \(folder.path) failed: \(String(cString: strerror(errno))) — while \(activity)")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw NoteTakerCLIError(
                    "Locking \(folder.path) failed: \(String(cString: strerror(errno))) — while \(activity)")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
