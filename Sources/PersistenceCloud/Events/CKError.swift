import Foundation

/// Why an iCloud operation failed, with CloudKit's codes (`CKError.Code`) and a description of the
/// form "<what failed>: <reason> — while <context>".
///
/// ```swift
/// do {
///     try container.syncWithCloudKit()
/// } catch let error as CKError where error.code == .networkUnavailable {
///     print("offline: changes wait on this device")
/// }
/// ```
public struct CKError: Error, Equatable, CustomStringConvertible, Sendable {
    /// CloudKit's error codes that the simulated iCloud reports, with Apple's raw values.
    public enum Code: Int, Sendable, Hashable {
        /// The server failed; the reason says how.
        case internalError = 1
        /// The device's network is off.
        case networkUnavailable = 3
        /// The container does not sync with iCloud.
        case badContainer = 5
        /// The account's servers cannot be reached (its store cannot be read or written).
        case serviceUnavailable = 6
        /// No iCloud account is signed in on the device.
        case notAuthenticated = 9
        /// The record was deleted on the server.
        case unknownItem = 11
        /// The record changed on the server since the device last saw it.
        case serverRecordChanged = 14
        /// The device's schema is not compatible with the one deployed to the account.
        case incompatibleVersion = 18
        /// The user deleted the app's data from iCloud.
        case userDeletedZone = 28
        /// The account is signed in but cannot be used for now; data on the device is kept.
        case accountTemporarilyUnavailable = 36
    }

    /// The kind of failure.
    public let code: Code
    /// Why it failed.
    @_spi(Workbench) public let reason: String
    /// What the mirror was doing.
    @_spi(Workbench) public let context: String

    /// An error of `code`, with the reason and what was being done.
    @_spi(Workbench) public init(_ code: Code, reason: String, context: String) {
        self.code = code
        self.reason = reason
        self.context = context
    }

    /// "<what failed>: <reason> — while <context>".
    public var description: String { "iCloud sync failed (CKError.\(code)): \(reason) — while \(context)" }

    /// Errors are equal when their codes are.
    public static func == (lhs: CKError, rhs: CKError) -> Bool { lhs.code == rhs.code }
}

extension CKError: LocalizedError {
    /// The full description.
    public var errorDescription: String? { description }
}
