import Foundation

/// A failure of a sandbox operation: creating folders, simulating the system, or reading the backup flag.
public struct SandboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure happened; stable across releases.
    public enum Kind: Sendable, Hashable {
        /// The item does not exist.
        case notFound
        /// The process may not read or change the item.
        case permissionDenied
        /// The file system cannot store extended attributes, so the backup flag cannot be kept.
        case backupFlagUnsupported
        /// Any other system error, with its `errno` code.
        case system(code: Int32)
    }

    /// What kind of failure happened.
    public let kind: Kind
    /// The operation that failed, such as "Creating a folder".
    public let operation: String
    /// The item the operation was working on.
    public let url: URL

    /// Creates an error for `operation` on `url`.
    public init(_ kind: Kind, operation: String, url: URL) {
        self.kind = kind
        self.operation = operation
        self.url = url
    }

    /// Creates an error from a system `errno` code.
    public init(errno code: Int32, operation: String, url: URL) {
        let kind: Kind =
            switch code {
            case ENOENT: .notFound
            case EACCES, EPERM, EROFS: .permissionDenied
            case ENOTSUP: .backupFlagUnsupported
            default: .system(code: code)
            }
        self.init(kind, operation: operation, url: url)
    }

    /// Creates an error from a Foundation error thrown by `FileManager`.
    init(_ error: any Error, operation: String, url: URL) {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(posix.code), operation: operation, url: url)
        } else if nsError.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(nsError.code), operation: operation, url: url)
        } else if nsError.domain == NSCocoaErrorDomain,
            [NSFileNoSuchFileError, NSFileReadNoSuchFileError].contains(nsError.code)
        {
            self.init(.notFound, operation: operation, url: url)
        } else if nsError.domain == NSCocoaErrorDomain,
            [NSFileWriteNoPermissionError, NSFileReadNoPermissionError].contains(nsError.code)
        {
            self.init(.permissionDenied, operation: operation, url: url)
        } else {
            self.init(.system(code: EIO), operation: operation, url: url)
        }
    }

    /// "<operation> failed: <reason> — while working on <path>".
    public var description: String {
        let reason =
            switch kind {
            case .notFound: "no such file or folder"
            case .permissionDenied: "permission denied"
            case .backupFlagUnsupported: "the file system does not support extended attributes"
            case .system(let code): String(cString: strerror(code))
            }
        return "\(operation) failed: \(reason) — while working on \(url.path)"
    }
}
