import Foundation

/// A call to an account's servers failed: what failed, why, and what the server was doing.
public struct CloudServerError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The stable kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// The account's store cannot be opened, read or written; the reason names its folder.
        case accountStoreUnavailable
        /// The zone the device synced with was deleted (the user deleted the app's iCloud data), or made
        /// again since: the device's token and change tags no longer apply.
        case zoneReset
        /// The request itself is wrong.
        case invalidRequest
    }

    /// The kind of failure.
    public let kind: Kind
    /// Why it failed.
    public let reason: String
    /// What the server was doing.
    public let context: String

    /// An error of `kind`, with the reason and what was being done.
    public init(_ kind: Kind, reason: String, context: String) {
        self.kind = kind
        self.reason = reason
        self.context = context
    }

    /// "<what failed>: <reason> — while <context>".
    public var description: String { "\(summary): \(reason) — while \(context)" }

    private var summary: String {
        switch kind {
        case .accountStoreUnavailable: "The iCloud account's store is unavailable"
        case .zoneReset: "The iCloud zone was deleted"
        case .invalidRequest: "The request to iCloud is invalid"
        }
    }

    /// Errors are equal when their kinds are.
    public static func == (lhs: CloudServerError, rhs: CloudServerError) -> Bool { lhs.kind == rhs.kind }
}

extension CloudServerError: LocalizedError {
    /// The full description.
    public var errorDescription: String? { description }
}
