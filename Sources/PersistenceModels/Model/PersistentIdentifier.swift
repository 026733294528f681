import Foundation

/// Identifies a model across the contexts of a container: temporary until the first save, then permanent.
///
/// Identifiers are ordered by store, then entity, then primary key, with temporary ones after permanent ones.
/// A custom store makes the permanent identifiers of the models it saves with
/// ``identifier(for:entityName:primaryKey:)``.
public struct PersistentIdentifier: Hashable, Codable, Comparable, Identifiable, Sendable, CustomStringConvertible {
    /// Where a model stands in its store.
    package enum Key: Hashable, Codable, Sendable {
        case temporary(UUID)
        /// A row of the default store, or an integer primary key of a custom store.
        case permanent(Int64)
        /// Another primary key a custom store chose.
        case custom(PrimaryKeyValue)
    }

    /// A value that tells identifiers apart; two identifiers are the same model exactly when their values are equal.
    public struct ID: Hashable, Sendable {
        let storeIdentifier: String?
        let entityName: String
        let key: Key
    }

    /// The identifier of the store that holds (or will hold) the model.
    public let storeIdentifier: String?
    /// The name of the model's entity.
    public let entityName: String
    package let key: Key

    package init(storeIdentifier: String?, entityName: String, key: Key) {
        self.storeIdentifier = storeIdentifier
        self.entityName = entityName
        self.key = key
    }

    /// The permanent identifier a store gives the model of `entityName` it keeps under `primaryKey`.
    ///
    /// ```swift
    /// let permanent = try PersistentIdentifier.identifier(for: identifier, entityName: "Trip", primaryKey: UUID())
    /// ```
    ///
    /// - Throws: ``DataStoreError/unsupportedFeature`` when the key's text form is empty.
    public static func identifier<T>(
        for storeIdentifier: String,
        entityName: String,
        primaryKey: T
    ) throws -> PersistentIdentifier where T: Comparable, T: CustomStringConvertible, T: Codable, T: Hashable {
        PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: entityName, key: try Key(primaryKey))
    }

    /// The value that tells this identifier apart from others.
    public var id: ID { ID(storeIdentifier: storeIdentifier, entityName: entityName, key: key) }

    /// Whether the model has not been saved yet.
    public var isTemporary: Bool {
        if case .temporary = key { return true }
        return false
    }

    /// The default store's primary key, or an integer key a custom store chose.
    package var primaryKey: Int64? {
        if case .permanent(let value) = key { return value }
        return nil
    }

    /// The key of a temporary identifier a custom store kept instead of giving a permanent one.
    var keptTemporaryKey: PrimaryKeyValue? {
        if case .temporary(let value) = key { return .uuid(value) }
        return nil
    }

    /// A key a custom store chose that is not an integer.
    var customKey: PrimaryKeyValue? {
        if case .custom(let value) = key { return value }
        return nil
    }

    /// Orders identifiers by store, entity and key.
    public static func < (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        if lhs.storeIdentifier != rhs.storeIdentifier {
            return (lhs.storeIdentifier ?? "") < (rhs.storeIdentifier ?? "")
        }
        if lhs.entityName != rhs.entityName { return lhs.entityName < rhs.entityName }
        return lhs.key.precedes(rhs.key)
    }

    /// A readable form such as `Note/p3`, `Trip/c9D3…` or `Note/t<uuid>`.
    public var description: String {
        switch key {
        case .permanent(let value): "\(entityName)/p\(value)"
        case .custom(let value): "\(entityName)/c\(value.text)"
        case .temporary(let value): "\(entityName)/t\(value.uuidString)"
        }
    }
}

extension PersistentIdentifier.Key {
    /// The key for a store's primary key value: an integer becomes a default-store key, any other value
    /// keeps its text and JSON forms.
    init<T: Comparable & CustomStringConvertible & Codable & Hashable>(_ value: T) throws {
        switch value {
        case let integer as any BinaryInteger:
            guard let exact = Int64(exactly: integer) else { throw DataStoreError.unsupportedFeature }
            self = .permanent(exact)
        case let uuid as UUID:
            self = .custom(.uuid(uuid))
        case let string as String:
            self = .custom(.string(string))
        default:
            let text = value.description
            guard !text.isEmpty else { throw DataStoreError.unsupportedFeature }
            self = .custom(.other(type: String(reflecting: T.self), text: text))
        }
    }

    /// Permanent keys first (integers, then others), each kind in key order; then temporary ones.
    fileprivate func precedes(_ other: Self) -> Bool {
        switch (self, other) {
        case (.permanent(let a), .permanent(let b)): a < b
        case (.permanent, _): true
        case (_, .permanent): false
        case (.custom(let a), .custom(let b)): a.text < b.text
        case (.custom, .temporary): true
        case (.temporary, .custom): false
        case (.temporary(let a), .temporary(let b)): a.uuidString < b.uuidString
        }
    }
}

/// A primary key a custom store chose that is not an integer.
package enum PrimaryKeyValue: Hashable, Codable, Sendable {
    case uuid(UUID)
    case string(String)
    /// Any other key type, by its type name and text form.
    case other(type: String, text: String)

    /// The key's text form.
    package var text: String {
        switch self {
        case .uuid(let value): value.uuidString
        case .string(let value): value
        case .other(_, let text): text
        }
    }
}
