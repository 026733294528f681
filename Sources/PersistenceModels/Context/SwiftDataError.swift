import Foundation

/// An error from a model container or context: what failed, why, and while doing what.
///
/// Errors compare equal when their codes match, so tests can write
/// `#expect(throws: SwiftDataError.loadIssueModelContainer) { ... }`.
public struct SwiftDataError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The stable kind of failure.
    public enum Code: String, Sendable, Hashable {
        /// The store could not be opened or prepared.
        case loadIssueModelContainer
        /// Reading from or writing to the store failed.
        case storeOperationFailed
        /// Saving was refused because the configuration does not allow it.
        case saveNotAllowed
        /// A delete rule of `.deny` blocked a delete.
        case deleteDenied
        /// A value could not be stored or read back.
        case unsupportedValue
        /// A model type is not part of the container's schema.
        case unknownModelType
        /// A predicate could not be evaluated.
        case unsupportedPredicate
        /// A sort descriptor could not be applied.
        case unsupportedSortDescriptor
        /// A model was used with a context it does not belong to.
        case modelFromAnotherContext
    }

    /// The kind of failure.
    public let code: Code
    /// Why it failed.
    public let reason: String
    /// What the container or context was doing.
    public let context: String

    package init(_ code: Code, reason: String, context: String) {
        self.code = code
        self.reason = reason
        self.context = context
    }

    /// "<what failed>: <reason> — while <context>".
    public var description: String { "\(summary): \(reason) — while \(context)" }

    private var summary: String {
        switch code {
        case .loadIssueModelContainer: "The model container could not load its store"
        case .storeOperationFailed: "The store operation failed"
        case .saveNotAllowed: "Saving is not allowed"
        case .deleteDenied: "The delete was denied"
        case .unsupportedValue: "A value could not be stored or read"
        case .unknownModelType: "The model type is not in the schema"
        case .unsupportedPredicate: "The predicate could not be evaluated"
        case .unsupportedSortDescriptor: "The sort descriptor could not be applied"
        case .modelFromAnotherContext: "The model belongs to another context"
        }
    }

    /// Errors are equal when their codes are.
    public static func == (lhs: SwiftDataError, rhs: SwiftDataError) -> Bool { lhs.code == rhs.code }

    /// The store could not be opened or prepared.
    public static let loadIssueModelContainer = SwiftDataError(.loadIssueModelContainer, reason: "", context: "")
    /// Reading from or writing to the store failed.
    public static let storeOperationFailed = SwiftDataError(.storeOperationFailed, reason: "", context: "")
    /// Saving was refused because the configuration does not allow it.
    public static let saveNotAllowed = SwiftDataError(.saveNotAllowed, reason: "", context: "")
    /// A delete rule of `.deny` blocked a delete.
    public static let deleteDenied = SwiftDataError(.deleteDenied, reason: "", context: "")
    /// A value could not be stored or read back.
    public static let unsupportedValue = SwiftDataError(.unsupportedValue, reason: "", context: "")
    /// A model type is not part of the container's schema.
    public static let unknownModelType = SwiftDataError(.unknownModelType, reason: "", context: "")
    /// A predicate could not be evaluated.
    public static let unsupportedPredicate = SwiftDataError(.unsupportedPredicate, reason: "", context: "")
    /// A sort descriptor could not be applied.
    public static let unsupportedSortDescriptor = SwiftDataError(.unsupportedSortDescriptor, reason: "", context: "")
    /// A model was used with a context it does not belong to.
    public static let modelFromAnotherContext = SwiftDataError(.modelFromAnotherContext, reason: "", context: "")
}

extension SwiftDataError: LocalizedError {
    /// The full description.
    public var errorDescription: String? { description }
}
