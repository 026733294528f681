import Foundation

/// One released shape of an app's models, identified by a version: the unit a migration plan moves between.
///
/// Declare the models of each version inside its own enum, so that `V1.Note` and `V2.Note` can both
/// exist; both are stored as the entity `Note`.
///
/// ```swift
/// enum NotesSchemaV1: VersionedSchema {
///     static let versionIdentifier = Schema.Version(1, 0, 0)
///     static var models: [any PersistentModel.Type] { [Note.self] }
///
///     @Model
///     final class Note {
///         var text: String
///         init(text: String) { self.text = text }
///     }
/// }
/// ```
public protocol VersionedSchema {
    /// The version this schema describes.
    static var versionIdentifier: Schema.Version { get }
    /// The model types of this version.
    static var models: [any PersistentModel.Type] { get }
}

extension Schema.Version: Comparable {
    /// Orders versions by major, then minor, then patch component.
    public static func < (lhs: Schema.Version, rhs: Schema.Version) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

extension Schema {
    /// Creates the schema of one version: its models, the models they relate to, and its version.
    ///
    /// ```swift
    /// let container = try ModelContainer(
    ///     for: Schema(versionedSchema: NotesSchemaV2.self),
    ///     migrationPlan: NotesMigrationPlan.self,
    ///     configurations: ModelConfiguration(url: storeURL)
    /// )
    /// ```
    public convenience init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }
}
