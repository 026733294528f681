// LegacyFetching — the course's stand-in for Core Data's string-based fetch requests (Section 7)
// What a legacy fetch request needs from a model. You do not need to change this file.

import PersistenceModels

/// A model that legacy fetch requests can read by key, the way Core Data reads a managed object's
/// attributes with `value(forKey:)`.
///
/// A key is only a string: nothing checks it when the code compiles. A request that names a key
/// missing from ``legacyAttributes`` fails when it runs, with ``LegacyFetchError/unknownKey(_:entity:request:)``.
public protocol LegacyEntity: PersistentModel {
    /// The entity's name, as the old data model spelt it.
    static var legacyEntityName: String { get }
    /// Every key a format string or a sort key may name, and how to read its value from a model.
    static var legacyAttributes: [String: @Sendable (Self) -> LegacyValue] { get }
}
