import Foundation

/// An error from a model container or context, with the static values Apple's SwiftData declares.
///
/// As on a device, the values are compared, never switched over: `error == .loadIssueModelContainer`,
/// `#expect(throws: SwiftDataError.loadIssueModelContainer) { … }`, or a pattern in a `catch`:
///
/// ```swift
/// do {
///     container = try ModelContainer(for: Note.self)
/// } catch SwiftDataError.loadIssueModelContainer {
///     // the store could not be opened
/// }
/// ```
///
/// A failure Apple reports with an error of its own is reported with that error instead: a save that a
/// `.deny` delete rule refuses throws Core Data's `CocoaError.validationRelationshipDeniedDelete`.
/// Failures for which SwiftData has no value (the SQLite store failing, a value the store cannot hold)
/// are still a `SwiftDataError`, equal to none of the values below: catch them as any error. Printed, an
/// error says what failed, why and while doing what; on a device the text is SwiftData's own.
public struct SwiftDataError: Error, Hashable, CustomStringConvertible, Sendable {
    /// What failed, as the workbench tells failures apart: one kind per static value of Apple's, and the
    /// kinds SwiftData has no value for. Only the workbench's own code and tests read it.
    package enum WorkbenchKind: String, Sendable, Hashable {
        case includePendingChangesWithBatchSize, sortingPendingChangesWithIdentifiers, unsupportedKeyPath
        case unsupportedPredicate, unsupportedSortDescriptor, historyTokenExpired, invalidTransactionFetchRequest
        case configurationFileNameContainsInvalidCharacters, configurationFileNameTooLong
        case configurationSchemaNotFoundInContainerSchema, duplicateConfiguration, loadIssueModelContainer
        case modelValidationFailure, missingModelContext, backwardMigration, unknownSchema, unknownDataStoreSchema
        /// Reading from or writing to the store failed.
        case storeOperationFailed
        /// Saving was refused because the configuration does not allow it.
        case saveNotAllowed
        /// A value could not be stored or read back.
        case unsupportedValue
        /// A model type is not part of the container's schema.
        case unknownModelType
        /// A model was used with a context it does not belong to.
        case modelFromAnotherContext
    }

    /// What failed.
    package let workbenchKind: WorkbenchKind
    /// Why it failed.
    package let reason: String
    /// What the container or context was doing.
    package let context: String

    package init(_ kind: WorkbenchKind, reason: String, context: String) {
        self.workbenchKind = kind
        self.reason = reason
        self.context = context
    }

    /// "<what failed>: <reason> — while <context>".
    public var description: String { "\(summary): \(reason) — while \(context)" }

    private var summary: String {
        switch workbenchKind {
        case .loadIssueModelContainer: "The model container could not load its store"
        case .storeOperationFailed: "The store operation failed"
        case .saveNotAllowed: "Saving is not allowed"
        case .unsupportedValue: "A value could not be stored or read"
        case .unknownModelType: "The model type is not in the schema"
        case .unsupportedPredicate: "The predicate could not be evaluated"
        case .unsupportedSortDescriptor: "The sort descriptor could not be applied"
        case .modelFromAnotherContext: "The model belongs to another context"
        case .historyTokenExpired: "The history token has expired"
        case .invalidTransactionFetchRequest: "The history fetch is not valid"
        case .backwardMigration: "The store is newer than the model"
        case .unknownSchema: "The store's schema is not one the migration plan knows"
        default: "SwiftData failed (\(workbenchKind.rawValue))"
        }
    }

    /// Errors are equal when they are the same kind of failure, whatever their reason says.
    public static func == (lhs: SwiftDataError, rhs: SwiftDataError) -> Bool { lhs.workbenchKind == rhs.workbenchKind }

    public func hash(into hasher: inout Hasher) { hasher.combine(workbenchKind) }

    /// Whether `error` is this kind of failure, so that a `catch SwiftDataError.loadIssueModelContainer`
    /// catches it (iOS 18, macOS 15).
    public static func ~= (lhs: SwiftDataError, rhs: any Error) -> Bool {
        (rhs as? SwiftDataError).map { $0 == lhs } ?? false
    }

    private init(_ kind: WorkbenchKind) {
        self.init(kind, reason: "", context: "")
    }

    // MARK: Fetch errors

    /// A fetch asked to include pending changes and to fetch in batches, which do not go together.
    public static let includePendingChangesWithBatchSize = SwiftDataError(.includePendingChangesWithBatchSize)
    /// A fetch of identifiers asked to sort pending changes.
    public static let sortingPendingChangesWithIdentifiers = SwiftDataError(.sortingPendingChangesWithIdentifiers)
    /// A key path the store cannot translate.
    public static let unsupportedKeyPath = SwiftDataError(.unsupportedKeyPath)
    /// A predicate the store cannot evaluate.
    public static let unsupportedPredicate = SwiftDataError(.unsupportedPredicate)
    /// A sort descriptor the store cannot apply.
    public static let unsupportedSortDescriptor = SwiftDataError(.unsupportedSortDescriptor)
    /// A history token older than the oldest history kept (iOS 18, macOS 15).
    public static let historyTokenExpired = SwiftDataError(.historyTokenExpired)
    /// A history fetch descriptor the store cannot run (iOS 18, macOS 15).
    public static let invalidTransactionFetchRequest = SwiftDataError(.invalidTransactionFetchRequest)

    // MARK: Configuration errors

    /// A configuration's name makes a file name that is not allowed.
    public static let configurationFileNameContainsInvalidCharacters = SwiftDataError(
        .configurationFileNameContainsInvalidCharacters)
    /// A configuration's name makes a file name that is too long.
    public static let configurationFileNameTooLong = SwiftDataError(.configurationFileNameTooLong)
    /// A configuration's schema names a model the container's schema lacks.
    public static let configurationSchemaNotFoundInContainerSchema = SwiftDataError(
        .configurationSchemaNotFoundInContainerSchema)
    /// Two configurations of one container are the same.
    public static let duplicateConfiguration = SwiftDataError(.duplicateConfiguration)

    // MARK: Container, context and migration errors

    /// The container could not load its store.
    public static let loadIssueModelContainer = SwiftDataError(.loadIssueModelContainer)
    /// A model did not pass validation.
    public static let modelValidationFailure = SwiftDataError(.modelValidationFailure)
    /// A model was used where it needed a context and had none.
    public static let missingModelContext = SwiftDataError(.missingModelContext)
    /// The store is at a later version than the model the container was given.
    public static let backwardMigration = SwiftDataError(.backwardMigration)
    /// The store's schema is not one the migration plan knows.
    public static let unknownSchema = SwiftDataError(.unknownSchema)
    /// A custom data store's schema is not one the container knows (iOS 27).
    public static let unknownDataStoreSchema = SwiftDataError(.unknownDataStoreSchema)

    // MARK: The workbench's own kinds, for its tests

    /// The SQLite store failed to read or write. SwiftData has no such value.
    package static let storeOperationFailed = SwiftDataError(.storeOperationFailed)
    /// A save to a configuration that does not allow saving. SwiftData has no such value.
    package static let saveNotAllowed = SwiftDataError(.saveNotAllowed)
    /// A value the store cannot hold or read back. SwiftData has no such value.
    package static let unsupportedValue = SwiftDataError(.unsupportedValue)
    /// A model type the container's schema lacks. SwiftData has no such value.
    package static let unknownModelType = SwiftDataError(.unknownModelType)
    /// A model used with a context it does not belong to. SwiftData has no such value.
    package static let modelFromAnotherContext = SwiftDataError(.modelFromAnotherContext)
}

extension SwiftDataError: LocalizedError {
    /// The full description.
    public var errorDescription: String? { description }
}

extension CocoaError.Code {
    /// A save refused because a relationship with the `.deny` delete rule still links models
    /// (`NSValidationRelationshipDeniedDeleteError`, 1600). On Apple's platforms Core Data declares it.
    public static var validationRelationshipDeniedDelete: CocoaError.Code { CocoaError.Code(rawValue: 1600) }
}

extension CocoaError {
    /// The code of a save refused by a `.deny` delete rule, for `catch CocoaError.validationRelationshipDeniedDelete`.
    /// On Apple's platforms Core Data declares it.
    public static var validationRelationshipDeniedDelete: CocoaError.Code { .validationRelationshipDeniedDelete }
}

extension CocoaError {
    /// The error a save throws when a `.deny` delete rule blocks a delete, as Core Data reports it: the
    /// code `validationRelationshipDeniedDelete`, the relationship under `NSValidationErrorKey`.
    package static func deniedDelete(entity: String, relationship: String, linkedCount: Int) -> CocoaError {
        CocoaError(
            .validationRelationshipDeniedDelete,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "The delete was denied: \(entity).\(relationship) has the delete rule .deny and still links "
                    + "\(linkedCount) model(s) — while saving the context",
                "NSValidationErrorKey": relationship,
            ])
    }
}
