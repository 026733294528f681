import Foundation
import GRDB
import PersistenceModels

/// The default store's history: the transactions of its saves, read and deleted in SQL.
extension DefaultStore {
    /// The transactions of the store's history that match a descriptor, oldest first unless it sorts them.
    ///
    /// A predicate over `token`, `transactionIdentifier`, `timestamp` and `author` (with comparisons,
    /// `==`, `!=`, `&&`, `||`, `!`) runs in SQLite; any other predicate runs in memory over every
    /// transaction, with the same result. Each transaction's changes are read with it.
    ///
    /// ```swift
    /// var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
    /// descriptor.predicate = #Predicate { $0.token > lastToken }
    /// for transaction in try context.fetchHistory(descriptor) { … }
    /// ```
    ///
    /// - Parameter descriptor: Which transactions, in which order, and at most how many.
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    package func fetchHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws
        -> [DefaultHistoryTransaction]
    {
        let condition = descriptor.predicate.flatMap(historyCondition)
        let filtersInMemory = descriptor.predicate != nil && condition == nil
        let limitsInSQL = !filtersInMemory && descriptor.sortBy.isEmpty
        let (rows, changes, tombstones) = try database.read(while: "fetching history") { db in
            let rows = try HistoryStore.transactions(
                where: condition, limit: limitsInSQL ? descriptor.fetchLimit : nil, in: db)
            let numbers = rows.map(\.number)
            return (
                rows, try HistoryStore.changes(ofTransactions: numbers, in: db),
                try HistoryStore.tombstones(ofTransactions: numbers, in: db)
            )
        }
        var transactions = rows.map {
            makeTransaction($0, changes: changes[$0.number] ?? [], tombstones: tombstones[$0.number] ?? [:])
        }
        if filtersInMemory, let predicate = descriptor.predicate {
            transactions = try transactions.filter { transaction in
                do {
                    return try predicate.evaluate(transaction)
                } catch {
                    throw SwiftDataError(
                        .unsupportedPredicate, reason: "\(error)",
                        context: "evaluating the predicate of a history fetch in memory")
                }
            }
        }
        if !descriptor.sortBy.isEmpty {
            transactions.sort(using: descriptor.sortBy)
        }
        if !limitsInSQL, let limit = descriptor.fetchLimit {
            transactions = Array(transactions.prefix(max(0, limit)))
        }
        return transactions
    }

    /// Deletes the transactions of the store's history that match a descriptor (all of them without a predicate).
    ///
    /// The models the transactions changed are not affected; tokens of deleted transactions are never reused.
    ///
    /// ```swift
    /// try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token < oldestNeeded }))
    /// ```
    ///
    /// - Parameter descriptor: Which transactions to delete; with a `fetchLimit`, only the first ones in its order.
    /// - Throws: ``SwiftDataError`` when the store cannot be written or the predicate fails to evaluate.
    package func deleteHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws {
        let condition = descriptor.predicate.flatMap(historyCondition)
        if descriptor.sortBy.isEmpty, descriptor.predicate == nil || condition != nil {
            try database.write(while: "deleting history") { db in
                let rows = try HistoryStore.transactions(where: condition, limit: descriptor.fetchLimit, in: db)
                try HistoryStore.deleteTransactions(rows.map(\.number), in: db)
            }
        } else {
            let numbers = try fetchHistory(descriptor).map(\.transactionIdentifier)
            try database.write(while: "deleting history") { db in
                try HistoryStore.deleteTransactions(numbers, in: db)
            }
        }
    }

    /// The SQL condition of a history predicate, or `nil` when it must run in memory: the predicate
    /// translator of model fetches, over the transaction table's columns.
    func historyCondition(_ predicate: Predicate<DefaultHistoryTransaction>) -> SQLExpression? {
        try? PredicateTranslator.translate(
            predicate, record: HistoryStore.transactionRecord, layout: database.layout,
            storeIdentifier: database.identifier)
    }

    /// A transaction value from its rows; changes to entities the schema no longer has are left out.
    private func makeTransaction(
        _ row: HistoryStore.TransactionRow,
        changes: [HistoryStore.ChangeRow],
        tombstones: [HistoryStore.TombstoneKey: HistoryStore.StoredTombstone]
    ) -> DefaultHistoryTransaction {
        var values: [HistoryChange] = []
        for change in changes {
            guard let entity = database.layout.entities[change.entity]?.entity else { continue }
            for key in change.primaryKeys {
                let identifier = PersistentIdentifier(
                    storeIdentifier: database.identifier, entityName: change.entity, key: .permanent(key))
                let preserved =
                    change.kind == .delete
                    ? Self.preservedValues(
                        tombstones[HistoryStore.TombstoneKey(entity: change.entity, primaryKey: key)], of: entity)
                    : [:]
                values.append(
                    Self.historyChange(
                        change, of: entity.modelType, identifier: identifier, transaction: row.number,
                        preserved: preserved))
            }
        }
        return DefaultHistoryTransaction(
            changes: values,
            transactionIdentifier: row.number,
            storeIdentifier: database.identifier,
            bundleIdentifier: row.bundleIdentifier,
            processIdentifier: row.processIdentifier,
            author: row.author,
            timestamp: row.timestamp,
            token: DefaultHistoryToken(storeIdentifier: database.identifier, transactionNumber: row.number)
        )
    }

    /// The values of a stored tombstone, read as the entity's attributes are; a value that no longer reads
    /// as its attribute's type (or of an attribute the entity no longer has) is left out.
    private static func preservedValues(_ stored: HistoryStore.StoredTombstone?, of entity: Schema.Entity) -> [String:
        Any]
    {
        guard let stored else { return [:] }
        var values: [String: Any] = [:]
        for (name, storedValue) in stored {
            guard let codec = entity.property(named: name)?.codec, let value = try? codec.decode(storedValue) else {
                continue
            }
            values[name] = value
        }
        return values
    }

    /// The typed change for one row of a change group.
    private static func historyChange<Model: PersistentModel>(
        _ change: HistoryStore.ChangeRow,
        of modelType: Model.Type,
        identifier: PersistentIdentifier,
        transaction: Int64,
        preserved: [String: Any]
    ) -> HistoryChange {
        switch change.kind {
        case .insert:
            return .insert(
                DefaultHistoryInsert<Model>(changedPersistentIdentifier: identifier, transactionIdentifier: transaction)
            )
        case .update:
            let keyPaths = change.updatedAttributes.compactMap { name in
                ModelTypeCache.metadata(of: Model.self).first { $0.name == name }?.keyPath as? PartialKeyPath<Model>
            }
            return .update(
                DefaultHistoryUpdate<Model>(
                    changedPersistentIdentifier: identifier, transactionIdentifier: transaction,
                    updatedAttributes: keyPaths))
        case .delete:
            return .delete(
                DefaultHistoryDelete<Model>(
                    changedPersistentIdentifier: identifier, transactionIdentifier: transaction,
                    tombstone: HistoryTombstone(values: preserved)
                ))
        }
    }
}
