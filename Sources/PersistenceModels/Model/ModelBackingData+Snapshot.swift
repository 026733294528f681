import Foundation

extension ModelBackingData {
    /// Backing data holding a custom store's snapshot of a model of `modelType`: the attributes decoded
    /// into their types, the relationships kept as identifiers until first used.
    ///
    /// - Throws: ``SwiftDataError/unsupportedValue`` when a value is not of its attribute's type.
    convenience init(
        snapshot: DefaultSnapshot, of modelType: any PersistentModel.Type, primaryKey: Int64, storeIdentifier: String
    ) throws {
        let layout = ModelTypeCache.slotLayout(of: modelType)
        var decoded = [Any?](repeating: nil, count: layout.names.count)
        var links: [String: [PersistentIdentifier]] = [:]
        for property in ModelTypeCache.metadata(of: modelType) {
            guard let value = snapshot.values[property.name], let slot = layout.slot(of: property.name) else {
                continue
            }
            if property.isRelationship {
                switch value {
                case .model(let identifier): links[property.name] = [identifier]
                case .models(let identifiers): links[property.name] = identifiers
                default: links[property.name] = []
                }
                continue
            }
            do {
                decoded[slot] = try Self.decode(value, of: property)
            } catch let error as SwiftDataError {
                throw SwiftDataError(
                    error.workbenchKind, reason: error.reason,
                    context: "reading \(property.name) of \(snapshot.persistentIdentifier)")
            }
        }
        self.init(rowLaidOutBy: layout, foreignKeys: [:], primaryKey: primaryKey, storeIdentifier: storeIdentifier) {
            slots, initializedCount in
            for (index, value) in decoded.enumerated() { (slots.baseAddress! + index).initialize(to: value) }
            initializedCount = decoded.count
        }
        self.customKey = snapshot.persistentIdentifier.customKey
        self.snapshotLinks = links
        self.modelType = modelType
    }

    /// A snapshot of the model for a custom store: each attribute's value and each relationship's
    /// identifiers, current or (for a deleted model) as last saved.
    ///
    /// - Throws: ``SwiftDataError/unsupportedValue`` for an attribute value a snapshot cannot carry.
    func snapshot(
        of model: any PersistentModel,
        committed: Bool,
        relatedBackingDatas: inout [PersistentIdentifier: any BackingData]
    ) throws -> DefaultSnapshot {
        var source = committed ? committedValues : values
        var snapshotValues: [String: SnapshotValue] = [:]
        for property in ModelTypeCache.metadata(of: type(of: model)) {
            if let shape = property.relationshipShape {
                let identifiers: [PersistentIdentifier]
                if let value = source[property.name] {
                    let related = shape.relatedModels(in: value)
                    for other in related { relatedBackingDatas[other.persistentModelID] = other.persistentBackingData }
                    identifiers = related.map(\.persistentModelID)
                } else {
                    identifiers = snapshotLinks?[property.name] ?? []
                }
                snapshotValues[property.name] =
                    shape.isToMany ? .models(identifiers) : identifiers.first.map { .model($0) } ?? .null
            } else if !property.isEphemeral, let value = source[property.name] {
                snapshotValues[property.name] = try Self.encode(value, of: property)
            }
        }
        return DefaultSnapshot(persistentIdentifier: model.persistentModelID, values: snapshotValues)
    }

    /// The snapshot value of an attribute: the transformer's data for a `.transformable(by:)` attribute.
    static func encode(_ value: Any, of property: Schema.PropertyMetadata) throws -> SnapshotValue {
        guard let transformation = property.transformation else { return try SnapshotValueCodec.encode(value) }
        return try transformation.data(from: value).map { .data($0) } ?? .null
    }

    /// The attribute value a snapshot value holds, read back through the transformer of a `.transformable(by:)` attribute.
    static func decode(_ value: SnapshotValue, of property: Schema.PropertyMetadata) throws -> Any {
        guard let transformation = property.transformation else {
            return try SnapshotValueCodec.decode(value, as: property.valueType)
        }
        switch value {
        case .null: return try transformation.value(from: nil)
        case .data(let data): return try transformation.value(from: data)
        default:
            throw SwiftDataError(
                .unsupportedValue, reason: "the snapshot holds \(value), not the data of a transformable attribute",
                context: "reading a snapshot")
        }
    }

    /// A snapshot for ``DefaultSnapshot/init(from:relatedBackingDatas:)``: `nil` unless the model type is known.
    func snapshot(relatedBackingDatas: inout [PersistentIdentifier: any BackingData]) -> DefaultSnapshot? {
        guard let modelType else { return nil }
        let model = modelType.init(backingData: self)
        return try? snapshot(of: model, committed: false, relatedBackingDatas: &relatedBackingDatas)
    }
}
