import Foundation

/// A failed atomic write; the file at the destination is exactly as it was before.
public struct AtomicWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure happened; stable across releases.
    public enum Kind: Sendable, Hashable {
        /// The disk (or the process's file-size limit) has no room for the new content.
        case outOfSpace
        /// The process may not write in the destination's folder.
        case permissionDenied
        /// The destination's folder does not exist.
        case folderMissing
        /// Any other system error, with its `errno` code.
        case system(code: Int32)
        /// The caller's content producer threw; its message is kept.
        case contentFailed(String)
    }

    /// What kind of failure happened.
    public let kind: Kind
    /// The step that failed, such as "writing the temporary file".
    public let step: String
    /// The file that was being replaced.
    public let destination: URL

    /// Creates an error for `step` of a write to `destination`.
    public init(_ kind: Kind, step: String, destination: URL) {
        self.kind = kind
        self.step = step
        self.destination = destination
    }

    init(errno code: Int32, step: String, destination: URL) {
        let kind: Kind =
            switch code {
            case ENOSPC, EDQUOT, EFBIG: .outOfSpace
            case EACCES, EPERM, EROFS: .permissionDenied
            case ENOENT, ENOTDIR: .folderMissing
            default: .system(code: code)
            }
        self.init(kind, step: step, destination: destination)
    }

    /// "Writing <file> failed: <reason> — while <step>".
    public var description: String {
        let reason =
            switch kind {
            case .outOfSpace: "not enough space"
            case .permissionDenied: "permission denied"
            case .folderMissing: "the folder does not exist"
            case .system(let code): String(cString: strerror(code))
            case .contentFailed(let message): message
            }
        return
            "Writing \(destination.lastPathComponent) failed: \(reason) — while \(step) in \(destination.deletingLastPathComponent().path)"
    }
}
