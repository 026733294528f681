import Foundation

/// A failure of a ``FileStore`` operation.
public enum FileStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The filename was refused before touching the disk: it is empty, `.` or `..`, or holds `/` or NUL.
    case invalidFilename(String, reason: String)
    /// No file has that name in the store's folder.
    case notFound(filename: String, directory: URL)
    /// Saving failed; the file that was there before is intact.
    case writeFailed(filename: String, AtomicWriteError)
    /// Reading, listing, removing or flagging failed for another reason.
    case operationFailed(filename: String?, SandboxError)

    /// "<what failed>: <reason> — while <context>".
    public var description: String {
        switch self {
        case .invalidFilename(let name, let reason):
            "Using the filename \(name.debugDescription) failed: \(reason) — while checking it before any disk access"
        case .notFound(let filename, let directory):
            "Finding \(filename) failed: no such file — while looking in \(directory.path)"
        case .writeFailed(_, let error):
            error.description
        case .operationFailed(_, let error):
            error.description
        }
    }
}
