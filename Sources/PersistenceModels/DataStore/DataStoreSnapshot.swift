import Foundation

/// The values a snapshot may carry: anything `Codable` and `Sendable`.
public typealias DataStoreSnapshotValue = Codable & Sendable

/// The storage behind a model, as a store sees it when it makes a snapshot.
public protocol BackingData: AnyObject {
    /// The identifier of the model the storage belongs to, once the model is in a context.
    var persistentModelID: PersistentIdentifier? { get }
}

/// One model's values as they cross between a context and a store: each persisted property by name,
/// with related models as their identifiers.
public protocol DataStoreSnapshot: Codable, Sendable {
    /// Makes a snapshot of a model's backing data; `relatedBackingDatas` gathers the backing data of
    /// related models the snapshot refers to.
    init(from backingData: any BackingData, relatedBackingDatas: inout [PersistentIdentifier: any BackingData])
    /// The identifier of the model the snapshot describes.
    var persistentIdentifier: PersistentIdentifier { get }
    /// The same snapshot under another identifier, with every identifier it refers to replaced as
    /// `remappedIdentifiers` says (temporary identifiers of inserted models by their permanent ones).
    func copy(
        persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?
    ) -> Self
}

/// The snapshot the default store and most custom stores use: every persisted property's value by name.
///
/// It is `Codable`, so a store can keep snapshots as they are, in a JSON file say:
///
/// ```swift
/// let data = try JSONEncoder().encode(Array(snapshotsByIdentifier.values))
/// let snapshots = try JSONDecoder().decode([DefaultSnapshot].self, from: data)
/// ```
public struct DefaultSnapshot: DataStoreSnapshot, Equatable {
    /// The identifier of the model the snapshot describes.
    public let persistentIdentifier: PersistentIdentifier
    /// Each persisted property's value, by property name.
    let values: [String: SnapshotValue]

    init(persistentIdentifier: PersistentIdentifier, values: [String: SnapshotValue]) {
        self.persistentIdentifier = persistentIdentifier
        self.values = values
    }

    /// Makes a snapshot of a model's backing data, as a context does before a save.
    public init(from backingData: any BackingData, relatedBackingDatas: inout [PersistentIdentifier: any BackingData]) {
        guard let backing = backingData as? ModelBackingData,
            let snapshot = backing.snapshot(relatedBackingDatas: &relatedBackingDatas)
        else {
            preconditionFailure("a snapshot can be made only of the backing data of a model in a context")
        }
        self = snapshot
    }

    /// The same snapshot under `persistentIdentifier`, with related identifiers remapped.
    public func copy(
        persistentIdentifier: PersistentIdentifier,
        remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]? = [:]
    ) -> DefaultSnapshot {
        guard let remapped = remappedIdentifiers, !remapped.isEmpty else {
            return DefaultSnapshot(persistentIdentifier: persistentIdentifier, values: values)
        }
        return DefaultSnapshot(
            persistentIdentifier: persistentIdentifier, values: values.mapValues { $0.remapping(remapped) })
    }

    private struct CodingKeys: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let persistentIdentifier = CodingKeys(stringValue: "persistentIdentifier")
    }

    /// Reads a snapshot written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        persistentIdentifier = try container.decode(PersistentIdentifier.self, forKey: .persistentIdentifier)
        var values: [String: SnapshotValue] = [:]
        for key in container.allKeys where key.stringValue != CodingKeys.persistentIdentifier.stringValue {
            values[key.stringValue] = try container.decode(SnapshotValue.self, forKey: key)
        }
        self.values = values
    }

    /// Writes the identifier and each property's value under the property's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(persistentIdentifier, forKey: .persistentIdentifier)
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: CodingKeys(stringValue: name))
        }
    }
}

/// One property's value in a snapshot: a scalar, a related model's identifier, or any other `Codable`
/// value as JSON. Tagged in its encoding, so a snapshot reads back without knowing the model.
package enum SnapshotValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case date(Date)
    case uuid(UUID)
    case data(Data)
    case url(URL)
    /// A to-one relationship.
    case model(PersistentIdentifier)
    /// A to-many relationship.
    case models([PersistentIdentifier])
    /// Any other `Codable` value, as JSON.
    case json(Data)

    /// The value with every identifier `remapped` names replaced.
    func remapping(_ remapped: [PersistentIdentifier: PersistentIdentifier]) -> SnapshotValue {
        switch self {
        case .model(let identifier): .model(remapped[identifier] ?? identifier)
        case .models(let identifiers): .models(identifiers.map { remapped[$0] ?? $0 })
        default: self
        }
    }
}
