import Foundation

/// The ordered versions of an app's schema and the stages that move a store from one to the next.
///
/// ```swift
/// enum NotesMigrationPlan: SchemaMigrationPlan {
///     static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self, NotesSchemaV2.self] }
///     static var stages: [MigrationStage] {
///         [.lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)]
///     }
/// }
/// ```
public protocol SchemaMigrationPlan {
    /// Every version of the schema, oldest first.
    static var schemas: [any VersionedSchema.Type] { get }
    /// The steps between versions; a store runs those leading from its recorded version to the current one, in order.
    static var stages: [MigrationStage] { get }
}

/// One step of a migration plan, from one schema version to the next.
///
/// A lightweight stage changes the tables only. A custom stage also runs your code: `willMigrate` with a
/// context over the old version's models before the tables change, `didMigrate` with a context over the
/// new version's models afterwards. Unsaved changes in either context are saved when the closure returns.
///
/// ```swift
/// static let removeDuplicates = MigrationStage.custom(
///     fromVersion: NotesSchemaV2.self,
///     toVersion: NotesSchemaV3.self,
///     willMigrate: { context in
///         var seen = Set<String>()
///         for note in try context.fetch(FetchDescriptor<NotesSchemaV2.Note>()) where !seen.insert(note.title).inserted {
///             context.delete(note)
///         }
///     },
///     didMigrate: nil
/// )
/// ```
// Unchecked Sendable: stages are declared as `static let` constants and only run while a container opens its
// store, on the opening thread, so sharing one between threads is safe even though its closures are not `Sendable`.
public enum MigrationStage: @unchecked Sendable, CustomStringConvertible {
    /// Changes only the tables: added, removed and renamed properties, new relationships, indexes and constraints.
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// Runs `willMigrate` on the old models, changes the tables, then runs `didMigrate` on the new models.
    case custom(
        fromVersion: any VersionedSchema.Type,
        toVersion: any VersionedSchema.Type,
        willMigrate: ((ModelContext) throws -> Void)?,
        didMigrate: ((ModelContext) throws -> Void)?
    )

    /// The version the stage starts from.
    package var fromVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(let from, _), .custom(let from, _, _, _): from
        }
    }

    /// The version the stage leads to.
    package var toVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(_, let to), .custom(_, let to, _, _): to
        }
    }

    /// The stage's kind and versions, such as `custom stage 2.0.0 → 3.0.0`.
    public var description: String {
        let kind = if case .custom = self { "custom" } else { "lightweight" }
        return "\(kind) stage \(fromVersion.versionIdentifier) → \(toVersion.versionIdentifier)"
    }
}
