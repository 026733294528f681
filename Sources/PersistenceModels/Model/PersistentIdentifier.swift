import Foundation

/// Identifies a model across the contexts of a container: temporary until the first save, then permanent.
///
/// Identifiers are ordered by store, then entity, then primary key, with temporary ones after permanent ones.
public struct PersistentIdentifier: Hashable, Codable, Comparable, Sendable, CustomStringConvertible {
    /// Where a model stands in its store.
    enum Key: Hashable, Codable, Sendable {
        case temporary(UUID)
        case permanent(Int64)
    }

    /// The identifier of the store that holds (or will hold) the model.
    public let storeIdentifier: String?
    /// The name of the model's entity.
    public let entityName: String
    let key: Key

    /// Whether the model has not been saved yet.
    public var isTemporary: Bool {
        if case .temporary = key { return true }
        return false
    }

    var primaryKey: Int64? {
        if case .permanent(let value) = key { return value }
        return nil
    }

    /// Orders identifiers by store, entity and key.
    public static func < (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        if lhs.storeIdentifier != rhs.storeIdentifier { return (lhs.storeIdentifier ?? "") < (rhs.storeIdentifier ?? "") }
        if lhs.entityName != rhs.entityName { return lhs.entityName < rhs.entityName }
        switch (lhs.key, rhs.key) {
        case (.permanent(let a), .permanent(let b)): return a < b
        case (.permanent, .temporary): return true
        case (.temporary, .permanent): return false
        case (.temporary(let a), .temporary(let b)): return a.uuidString < b.uuidString
        }
    }

    /// A readable form such as `Note/p3` or `Note/t<uuid>`.
    public var description: String {
        switch key {
        case .permanent(let value): "\(entityName)/p\(value)"
        case .temporary(let value): "\(entityName)/t\(value.uuidString)"
        }
    }
}
