import Foundation

/// A stored row, decoded into the backing data a model of it would own.
///
/// The backing data is made as the row is read, so that a new model takes it over without copying its
/// values; a row whose model the context already has only refreshes that model from it.
package struct DecodedRow {
    package let primaryKey: Int64
    /// The row's values and to-one keys, not yet in any context.
    package let backing: ModelBackingData
    /// The entity of the row when it is a subclass of the entity that was read (a `Photo` row read as a
    /// `MediaItem`); `nil` when the row is of the entity that was read.
    package let entityName: String?

    package init(primaryKey: Int64, backing: ModelBackingData, entityName: String? = nil) {
        self.primaryKey = primaryKey
        self.backing = backing
        self.entityName = entityName
    }

    /// A stored row of a model type laid out by `layout`, decoded straight into new backing data.
    ///
    /// A store reads rows through it: the row's slot values, its backing data and the row itself are made
    /// in one call, rather than the store building each part through calls of its own for every row.
    ///
    /// - Parameters:
    ///   - foreignKeys: The primary keys of the row's to-one relationships kept in its columns; `nil` for none.
    ///   - initialize: Initializes, in slot order, the first `initializedCount` of the layout's
    ///     `layout.names.count` slots and sets `initializedCount`: every slot before a throw is thrown
    ///     away, as for ``SlotArray/init(count:plainSlots:initializingWith:)``; all of them otherwise.
    package init(
        primaryKey: Int64,
        layout: ModelSlotLayout,
        foreignKeys: [String: Int64]?,
        storeIdentifier: String,
        entityName: String?,
        initializingSlots initialize: (UnsafeMutableBufferPointer<Any?>, inout Int) throws -> Void
    ) rethrows {
        self.primaryKey = primaryKey
        self.backing = try ModelBackingData(
            rowLaidOutBy: layout, foreignKeys: foreignKeys ?? Dictionary(), primaryKey: primaryKey,
            storeIdentifier: storeIdentifier, initializingSlotsWith: initialize)
        self.entityName = entityName
    }
}

/// Rows read for several owners at once: each row once, and which owner links to which row.
package struct RelatedRows {
    /// The rows, each once however many owners link to it.
    package var rows: [DecodedRow]
    /// For each link, the owner's key and the position of the row in ``rows``, grouped by owner.
    package var links: [(owner: Int64, row: Int)]

    package init(rows: [DecodedRow], links: [(owner: Int64, row: Int)]) {
        self.rows = rows
        self.links = links
    }
}

/// Which owners a prefetch reads the links of.
package enum PrefetchOwners {
    /// The owners' keys, listed in the query.
    case listedKeys
    /// Every row of the owner's entity: the owners came from a fetch without condition, limit or offset.
    case everyRow
    /// The keys the fetch the owners came from selects, in a form only the store understands.
    case sameAsFetch(StoreQueryToken)
}

/// A query a store made, kept so that a later request can select the same rows.
// Unchecked Sendable: holds an immutable value that only the store that made it reads; nothing mutates it.
package struct StoreQueryToken: @unchecked Sendable {
    package let value: Any
    package init(_ value: Any) { self.value = value }
}

/// The rows a delete by predicate selected, with the store's way to delete the same rows again as it scans.
package struct BatchDeleteSelection {
    /// The keys of the selected rows.
    package var keys: [Int64]
    /// What lets the save delete these rows with one scan of their table, for as long as nothing was written
    /// to the store since they were selected (``StoreChanges/batchDeleteRescan``); `nil` when the store has
    /// no such way for the entity.
    package var rescan: StoreQueryToken?

    package init(keys: [Int64], rescan: StoreQueryToken?) {
        self.keys = keys
        self.rescan = rescan
    }
}

/// What a save hands the store: the context's pending work, after delete rules were applied.
package struct StoreChanges {
    package let inserts: [any PersistentModel]
    package let changes: [any PersistentModel]
    package let deletes: [any PersistentModel]
    /// Rows deleted by predicate (`delete(model:where:)`), by entity, without models; each list is
    /// sorted and without repeats (``SortedKeys``).
    package let batchDeletes: [String: [Int64]]
    /// The ``BatchDeleteSelection/rescan`` of the selection behind ``batchDeletes`` when it is that one
    /// selection's rows alone; the store checks that nothing was written since before it uses it.
    package let batchDeleteRescan: StoreQueryToken?
    package let author: String?
    /// Work on the store's mirror tables to commit in the save's transaction, if any.
    package let mirrorBookkeeping: MirrorBookkeeping?

    package init(
        inserts: [any PersistentModel], changes: [any PersistentModel], deletes: [any PersistentModel],
        batchDeletes: [String: [Int64]], batchDeleteRescan: StoreQueryToken? = nil, author: String?,
        mirrorBookkeeping: MirrorBookkeeping? = nil
    ) {
        self.inserts = inserts
        self.changes = changes
        self.deletes = deletes
        self.batchDeletes = batchDeletes
        self.batchDeleteRescan = batchDeleteRescan
        self.author = author
        self.mirrorBookkeeping = mirrorBookkeeping
    }
}

/// What a save wrote that the context must know.
package struct StoreSaveResult {
    /// The primary key given to each inserted model, by the model's object identity.
    package var assignedKeys: [ObjectIdentifier: Int64]
    /// Every row deleted by the save's batch deletes and the delete rules they set off, by entity name.
    package var deletedRows: [String: [Int64]]

    package init(assignedKeys: [ObjectIdentifier: Int64], deletedRows: [String: [Int64]]) {
        self.assignedKeys = assignedKeys
        self.deletedRows = deletedRows
    }
}

/// The default store's side of the store boundary: a faster path than snapshots, with which the context
/// reads rows straight into backing data and writes pending work without copying it into snapshots.
///
/// Everything behind it that knows SQL lives in the store's own module; the context keeps the unit of
/// work (pending sets, delete rules, the identity map, observation) and materialises the rows.
package protocol ModelStoreEngine: AnyObject {
    /// The identifier every ``PersistentIdentifier`` of the store's models carries.
    var storeIdentifier: String { get }
    /// Whether contexts may save to the store.
    var allowsSave: Bool { get }

    /// Whether the store runs every part of `descriptor` (predicate, sort, offset, limit) itself.
    func runsEntirely<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) -> Bool
    /// The rows `descriptor` selects, in its order; `nil` when the store cannot run all of it.
    ///
    /// - Parameter limited: Whether the offset and limit apply; without them, every match in order.
    func rows<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, limited: Bool) throws -> (
        rows: [DecodedRow], owners: PrefetchOwners
    )?
    /// The rows the predicate of `descriptor` selects when it runs in the store, else every row of the
    /// entity, in primary key order; the context filters and sorts the rest.
    func candidateRows<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> (
        rows: [DecodedRow], isFiltered: Bool
    )
    /// The number of rows `descriptor` selects; `nil` when the store cannot run all of it.
    func count<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int?
    /// Which of `keys` the predicate of `descriptor` selects by their stored values; `nil` when the
    /// predicate does not run in the store.
    func matchingKeys<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, among keys: [Int64]) throws -> Set<Int64>?
    /// The primary keys of the rows `descriptor` selects, in its order, with its offset and limit;
    /// `nil` when the store cannot run all of it.
    func primaryKeys<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [Int64]?
    /// The rows of `entity` with these keys, in no particular order; missing rows are left out.
    func rows(of entity: String, primaryKeys: [Int64]) throws -> [DecodedRow]
    /// The rows a relationship of a stored model links to, in primary key order.
    func relatedRows(of model: any PersistentModel, property: Schema.PropertyMetadata) throws -> [DecodedRow]
    /// The rows a relationship links each of `owners` to, read at once.
    func prefetchRows(
        _ property: Schema.PropertyMetadata, of owners: [any PersistentModel], selecting selection: PrefetchOwners
    ) throws -> RelatedRows
    /// The rows `predicate` selects (all of the entity's without one), those of its subentities too when
    /// `includingSubclasses`, for a delete by predicate; `nil` when the predicate does not run in the store.
    func batchDeleteSelection<T: PersistentModel>(
        of type: T.Type, matching predicate: Predicate<T>?, includingSubclasses: Bool
    ) throws -> BatchDeleteSelection?
    /// Writes the pending work in one transaction.
    func save(_ changes: StoreChanges) throws -> StoreSaveResult
    /// Deletes every row of every entity, and the history.
    func eraseAllData() throws
    /// The history's transactions a descriptor selects.
    func fetchHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws -> [DefaultHistoryTransaction]
    /// Deletes the history's transactions a descriptor selects.
    func deleteHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws
}
