import Foundation
import GRDB
import PersistenceModels

/// Records what one save writes in the store's history, inside the save's own transaction.
///
/// Because the history rows are written by the same SQLite transaction as the data, either both are
/// committed or neither is.
struct HistoryRecorder {
    private let inserts: [any PersistentModel]
    private let updates: [(model: any PersistentModel, attributes: [String])]
    private let deletes: [any PersistentModel]
    private let author: String?
    private let layout: StoreLayout
    /// The largest key of each inserted entity's table before the save; a row an insert reuses
    /// (an upsert on a unique attribute) has a key no larger than that, and is recorded as an update.
    private let keysBeforeSave = KeyLimits()

    /// Captures the pending work before the save commits it (which clears the changed keys).
    init(
        inserts: [any PersistentModel], changes: [any PersistentModel], deletes: [any PersistentModel], author: String?,
        layout: StoreLayout
    ) {
        self.inserts = inserts
        self.deletes = deletes
        self.author = author
        self.layout = layout
        // An ephemeral attribute is never written, so a change to it alone leaves the store, and its history, as they were.
        self.updates = changes.compactMap { model in
            let changed = model.persistentBackingData.changedKeys
            let names = ModelTypeCache.metadata(of: type(of: model)).filter {
                changed.contains($0.name) && !$0.isEphemeral
            }.map(\.name)
            return names.isEmpty ? nil : (model, names)
        }
    }

    /// Notes the largest existing key of every entity that gets inserts; call it before the data is written.
    func noteExistingRows(in db: Database) throws {
        var seenTypes = Set<ObjectIdentifier>()
        var seen = Set<String>()
        for model in inserts {
            guard seenTypes.insert(ObjectIdentifier(type(of: model))).inserted,
                let entity = layout.layout(of: type(of: model)), seen.insert(entity.entity.name).inserted
            else { continue }
            let sql =
                "SELECT MAX(\(StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier)) FROM \(entity.table.quotedDatabaseIdentifier)"
            keysBeforeSave.values[entity.entity.name] = try Int64.fetchOne(db, sql: sql) ?? 0
        }
    }

    /// Writes the transaction and its changes; does nothing when the save changed no stored row.
    ///
    /// - Parameters:
    ///   - rowsDeleted: Rows the save deleted without models (by predicate, or by their delete rules), by
    ///     entity name.
    ///   - preservedValues: Whether the save copied values of deleted rows for their tombstones, which then
    ///     get the transaction's number.
    func record(
        assignedKeys: [ObjectIdentifier: Int64], rowsDeleted: [String: [Int64]] = [:], preservedValues: Bool = false,
        in db: Database
    ) throws {
        // Groups in order of first use, each with its keys; a model type's insert group is remembered by the
        // type's identity, so that inserting many models does not hash a group key per model.
        var order: [GroupKey] = []
        var keysByGroup: [[Int64]] = []
        var positions: [GroupKey: Int] = [:]
        var insertGroups: [ObjectIdentifier: Int] = [:]
        var entityNames: [ObjectIdentifier: String] = [:]
        func entityName(of model: any PersistentModel) -> String {
            let type = ObjectIdentifier(Swift.type(of: model))
            if let name = entityNames[type] { return name }
            let name = Schema.entityName(of: Swift.type(of: model))
            entityNames[type] = name
            return name
        }
        func position(of group: GroupKey) -> Int {
            if let position = positions[group] { return position }
            positions[group] = order.count
            order.append(group)
            keysByGroup.append([])
            return order.count - 1
        }
        func add(_ kind: HistoryStore.ChangeKind, _ model: any PersistentModel, key: Int64, attributes: [String] = []) {
            let group = GroupKey(kind: kind, entity: entityName(of: model), attributes: attributes)
            keysByGroup[position(of: group)].append(key)
        }
        func insertGroup(of model: any PersistentModel, type: ObjectIdentifier) -> Int {
            if let known = insertGroups[type] { return known }
            let groupPosition = position(of: GroupKey(kind: .insert, entity: entityName(of: model), attributes: []))
            insertGroups[type] = groupPosition
            return groupPosition
        }
        // What an insert's recording needs of its model's type, kept from the previous model: a save's models
        // mostly come in runs of one type.
        var previous: (type: ObjectIdentifier, keyLimit: Int64?, group: Int?)?
        for model in inserts {
            guard let key = assignedKeys[ObjectIdentifier(model)] else { continue }
            let modelType = ObjectIdentifier(Swift.type(of: model))
            if previous?.type != modelType {
                previous = (modelType, keysBeforeSave.values[entityName(of: model)], nil)
            }
            if let limit = previous?.keyLimit, key <= limit {
                let written = ModelTypeCache.metadata(of: type(of: model)).filter {
                    model.persistentBackingData.currentValue(forKey: $0.name) != nil && !$0.isEphemeral
                }.map(\.name)
                add(.update, model, key: key, attributes: written)
            } else {
                let group = previous?.group ?? insertGroup(of: model, type: modelType)
                previous?.group = group
                keysByGroup[group].append(key)
            }
        }
        for (model, attributes) in updates {
            guard let key = model.persistentBackingData.primaryKey else { continue }
            add(.update, model, key: key, attributes: attributes)
        }
        for model in deletes {
            guard let key = model.persistentBackingData.primaryKey else { continue }
            add(.delete, model, key: key)
        }
        for (entity, keys) in rowsDeleted.sorted(by: { $0.key < $1.key }) where !keys.isEmpty {
            let group = position(of: GroupKey(kind: .delete, entity: entity, attributes: []))
            // A group of its own shares the array rather than copying every key.
            if keysByGroup[group].isEmpty {
                keysByGroup[group] = keys
            } else {
                keysByGroup[group].append(contentsOf: keys)
            }
        }
        guard !order.isEmpty else { return }
        let number = try HistoryStore.insertTransaction(author: author, timestamp: Date(), in: db)
        if preservedValues {
            try HistoryStore.assignTombstones(toTransaction: number, in: db)
        }
        let kinds: [HistoryStore.ChangeKind] = [.insert, .update, .delete]
        for kind in kinds {
            for (group, keys) in zip(order, keysByGroup) where group.kind == kind {
                try HistoryStore.insertChange(
                    HistoryStore.ChangeRow(
                        transaction: number, kind: group.kind, entity: group.entity, primaryKeys: keys,
                        updatedAttributes: group.attributes),
                    in: db
                )
            }
        }
    }

    /// Changes recorded in one row share these.
    private struct GroupKey: Hashable {
        let kind: HistoryStore.ChangeKind
        let entity: String
        let attributes: [String]
    }

    /// Filled in inside the write transaction, read later in the same transaction.
    private final class KeyLimits {
        var values: [String: Int64] = [:]
    }
}
