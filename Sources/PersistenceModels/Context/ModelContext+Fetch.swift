import Foundation
import GRDB

extension ModelContext {
    /// The models that match a descriptor, in its order.
    ///
    /// The predicate runs in SQLite when it can be translated, otherwise in memory with the same
    /// result. Unsaved inserts that match are included and unsaved deletes left out, unless the
    /// descriptor's `includePendingChanges` is `false`.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        let entity = try entityLayout(of: T.self, while: "fetching \(T.self)")
        let plan = FetchPlan(descriptor: descriptor, entity: entity, layout: store.layout)
        let usesPendingChanges = descriptor.includePendingChanges && hasPendingWork(for: T.self)
        if plan.isFullyTranslated && !usesPendingChanges {
            let query = plan.selectQuery(limited: true)
            let models = try materialize(T.self, query: query, entity: entity, while: "fetching \(T.self)")
            if !descriptor.relationshipKeyPathsForPrefetching.isEmpty {
                try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: models, owners: PrefetchOwners(plan))
            }
            return models
        }
        let query = usesPendingChanges ? plan.selectAllQuery() : plan.selectQuery(limited: false)
        var candidates = try materialize(T.self, query: query, entity: entity, while: "fetching \(T.self)")
        if descriptor.includePendingChanges {
            candidates.removeAll { pendingDeletes.contains($0) }
            candidates += pendingInserts.models.compactMap { $0 as? T }
        }
        var matches = candidates
        if let predicate = descriptor.predicate, usesPendingChanges || !plan.isPredicateTranslated {
            matches = try candidates.filter { model in
                do {
                    return try predicate.evaluate(model)
                } catch {
                    throw SwiftDataError(.unsupportedPredicate, reason: "\(error)", context: "evaluating the predicate of a fetch of \(T.self) in memory")
                }
            }
        }
        if !descriptor.sortBy.isEmpty {
            matches = InMemorySorter(descriptors: descriptor.sortBy).sorted(matches)
        }
        let offset = max(0, descriptor.fetchOffset ?? 0)
        var results = Array(matches.dropFirst(offset))
        if let limit = descriptor.fetchLimit { results = Array(results.prefix(max(0, limit))) }
        try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: results)
        return results
    }

    /// The number of models that match a descriptor.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        let entity = try entityLayout(of: T.self, while: "counting \(T.self)")
        let plan = FetchPlan(descriptor: descriptor, entity: entity, layout: store.layout)
        if runsInStore(plan, descriptor) {
            let query = plan.countQuery()
            return try store.readWithOneStatement(while: "counting \(T.self)") { db in
                try Int.fetchOne(db, sql: query.sql, arguments: StatementArguments(query.arguments)) ?? 0
            }
        }
        return try fetch(descriptor).count
    }

    /// The identifiers of the models that match a descriptor.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        try fetch(descriptor).map(\.persistentModelID)
    }

    /// Calls `block` with each model that matches a descriptor, reading the store in batches.
    ///
    /// - Parameters:
    ///   - descriptor: Which models, in which order.
    ///   - batchSize: How many models to read at a time.
    ///   - allowEscapingMutations: Accepted for source compatibility.
    ///   - block: Called once per model.
    /// - Throws: What `block` throws, or ``SwiftDataError`` when the store cannot be read.
    public func enumerate<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>,
        batchSize: Int = 5000,
        allowEscapingMutations: Bool = false,
        block: (T) throws -> Void
    ) throws {
        var batch = descriptor
        var offset = descriptor.fetchOffset ?? 0
        var remaining = descriptor.fetchLimit ?? Int.max
        let size = max(1, batchSize)
        while remaining > 0 {
            batch.fetchOffset = offset
            batch.fetchLimit = min(size, remaining)
            let models = try fetch(batch)
            for model in models { try block(model) }
            if models.count < min(size, remaining) { return }
            offset += models.count
            remaining -= models.count
        }
    }

    /// Deletes every model of a type that matches `predicate` (all of them when it is `nil`), applying delete rules at save.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be read or the predicate fails to evaluate.
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        var deletedAny = false
        for match in try fetch(FetchDescriptor<T>(predicate: predicate)) where markDeleted(match) {
            deletedAny = true
        }
        // Observers hear of the whole batch once rather than once per model.
        if deletedAny { didMarkDeletions() }
    }

    /// The model with an identifier, from this context or loaded from the store.
    ///
    /// A model whose row no longer exists comes back marked deleted; reading its properties then fails.
    public func model(for persistentModelID: PersistentIdentifier) -> any PersistentModel {
        if let found = existingModel(for: persistentModelID) { return found }
        let entity = store.layout.entities[persistentModelID.entityName]
        let type = entity?.entity.modelType
        let backing = ModelBackingData()
        backing.isDeleted = true
        guard let type else {
            preconditionFailure("\(persistentModelID) names an entity that is not in the container's schema")
        }
        return type.init(backingData: backing)
    }

    /// The model with an identifier if this context already holds it (or can load it), typed as `T`.
    public func registeredModel<T: PersistentModel>(for persistentModelID: PersistentIdentifier) -> T? {
        if let key = persistentModelID.primaryKey {
            return registeredModel(entity: persistentModelID.entityName, primaryKey: key) as? T
        }
        return pendingInserts.models.first { $0.persistentModelID == persistentModelID } as? T
    }

    private func existingModel(for id: PersistentIdentifier) -> (any PersistentModel)? {
        guard let key = id.primaryKey else {
            return pendingInserts.models.first { $0.persistentModelID == id }
        }
        if let registered = registeredModel(entity: id.entityName, primaryKey: key) { return registered }
        guard id.storeIdentifier == nil || id.storeIdentifier == store.identifier,
              let entity = store.layout.entities[id.entityName]
        else { return nil }
        return try? loadModel(entity: entity, primaryKey: key)
    }

    // MARK: - Materialising rows

    func entityLayout(of type: any PersistentModel.Type, while activity: String) throws -> StoreLayout.EntityLayout {
        guard let entity = store.layout.layout(of: type) else {
            throw SwiftDataError(.unknownModelType, reason: "\(type) is not one of the container's models; pass it to ModelContainer(for:)", context: activity)
        }
        return entity
    }

    /// Whether `plan` runs entirely in SQLite: every part translates and no pending change of the
    /// context has to be mixed in memory.
    func runsInStore<T: PersistentModel>(_ plan: FetchPlan<T>, _ descriptor: FetchDescriptor<T>) -> Bool {
        plan.isFullyTranslated && !(descriptor.includePendingChanges && hasPendingWork(for: T.self))
    }

    func hasPendingWork(for type: any PersistentModel.Type) -> Bool {
        let matches: (any PersistentModel) -> Bool = { Swift.type(of: $0) == type }
        return pendingInserts.models.contains(where: matches)
            || pendingChanges.models.contains(where: matches)
            || pendingDeletes.models.contains(where: matches)
    }

    /// The context's objects for the rows a query returns, in its order.
    func materialize<T: PersistentModel>(
        _ type: T.Type,
        query: (sql: String, arguments: [DatabaseValue]),
        entity: StoreLayout.EntityLayout,
        while activity: String
    ) throws -> [T] {
        guard entity.entity.modelType == T.self else {
            throw SwiftDataError(.unknownModelType, reason: "the rows of \(entity.table) are not \(T.self) models", context: activity)
        }
        let registry = registry(ofEntity: entity.entity.name)
        // A query returns each row once, so when the context has no model of the entity yet, no row
        // can find one, and the lookups are skipped.
        let hadModels = !registry.isEmpty
        var rows = try store.decodedRows(sql: query.sql, arguments: query.arguments, entity: entity, while: activity).rows
        // Each row is handed over rather than copied: reversing moves the rows without retaining their
        // backing data, and `popLast` then gives them out in the query's order.
        rows.reverse()
        return try [T](unsafeUninitializedCapacity: rows.count) { buffer, initializedCount in
            while let row = rows.popLast() {
                let model: T
                if hadModels, let registered = try registeredModel(for: row, entity: entity, registry: registry) {
                    guard let typed = registered as? T else {
                        throw SwiftDataError(.unknownModelType, reason: "the row of \(entity.table) is not a \(T.self)", context: activity)
                    }
                    model = typed
                } else {
                    // The model type is known here, so the model is made without a cast.
                    model = makeModel(T.self, of: row, registry: registry)
                }
                (buffer.baseAddress! + initializedCount).initialize(to: model)
                initializedCount += 1
            }
        }
    }

    /// The context's object for a row: the registered one when the row was seen before, else a new model.
    func materialize<T: PersistentModel>(_ type: T.Type, row: Row, entity: StoreLayout.EntityLayout) throws -> T {
        try materialize(T.self, decoded: decode(row: row, entity: entity), entity: entity)
    }

    func materialize<T: PersistentModel>(_ type: T.Type, decoded: DecodedRow, entity: StoreLayout.EntityLayout) throws -> T {
        guard let model = try materializeAny(decoded: decoded, entity: entity) as? T else {
            throw SwiftDataError(.unknownModelType, reason: "the row of \(entity.table) is not a \(T.self)", context: "reading a row")
        }
        return model
    }

    func materializeAny(row: Row, entity: StoreLayout.EntityLayout) throws -> any PersistentModel {
        try materializeAny(decoded: decode(row: row, entity: entity), entity: entity)
    }

    /// The context's object for a decoded row; `registry` is the identity map of `entity`, when the caller has it.
    private func materializeAny(decoded: DecodedRow, entity: StoreLayout.EntityLayout, registry: EntityRegistry? = nil) throws -> any PersistentModel {
        let registry = registry ?? self.registry(ofEntity: entity.entity.name)
        if let registered = try registeredModel(for: decoded, entity: entity, registry: registry) { return registered }
        return makeModel(entity.entity.modelType, of: decoded, registry: registry)
    }

    /// A new model of a row the context has no model of yet, over the row's backing data and registered
    /// in `registry`.
    private func makeModel<Model: PersistentModel>(_ type: Model.Type, of row: DecodedRow, registry: EntityRegistry) -> Model {
        row.backing.context = self
        let model = Model(backingData: row.backing)
        registry.register(model, backing: row.backing, forKey: row.primaryKey)
        return model
    }

    /// The registered model of a row, brought up to date with it; `nil` when the context has none yet.
    private func registeredModel(for row: DecodedRow, entity: StoreLayout.EntityLayout, registry: EntityRegistry) throws -> (any PersistentModel)? {
        guard let registered = registry.model(forKey: row.primaryKey) else { return nil }
        try refresh(registered, from: row, entity: entity)
        return registered
    }

    /// Brings a registered model without unsaved changes up to date with its row, so that changes saved
    /// by other contexts show; observers hear about the attributes whose stored value changed.
    private func refresh(_ model: any PersistentModel, from row: DecodedRow, entity: StoreLayout.EntityLayout) throws {
        let backing = model.persistentBackingData
        guard backing.changedKeys.isEmpty, !pendingDeletes.contains(model), backing.primaryKey != nil else { return }
        let (values, foreignKeys) = (row.backing.values, row.backing.foreignKeys)
        var changedKeys: [String] = []
        for attribute in entity.attributes {
            guard let codec = attribute.codec, let newValue = values[attribute.name] else { continue }
            let oldStored = try backing.values[attribute.name].map(codec.encode)
            if try oldStored != codec.encode(newValue) { changedKeys.append(attribute.name) }
        }
        for property in entity.relationshipProperties where backing.foreignKeys[property.name] != foreignKeys[property.name] {
            if case .foreignKey = entity.relationships[property.name] { changedKeys.append(property.name) }
        }
        guard !changedKeys.isEmpty else { return }
        for name in changedKeys {
            model._$withObservedMutation(forKey: name) {
                backing.setLoadedValue(values[name], forKey: name)
            }
        }
        backing.foreignKeys = foreignKeys
    }

    /// The attribute values and to-one keys of a row read by name.
    private func decode(row: Row, entity: StoreLayout.EntityLayout) throws -> DecodedRow {
        let decoder = EntityRowDecoder(
            entity: entity, columnNames: Array(row.columnNames), externalData: store.externalData, storeIdentifier: store.identifier
        )
        return try decoder.decode { row[$0] }
    }

    private func loadModel(entity: StoreLayout.EntityLayout, primaryKey: Int64) throws -> (any PersistentModel)? {
        if let registered = registeredModel(entity: entity.entity.name, primaryKey: primaryKey) { return registered }
        let sql = "SELECT * FROM \(entity.table.quotedDatabaseIdentifier) WHERE \(StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier) = ?"
        let row = try store.read(while: "loading \(entity.entity.name) \(primaryKey)") { db in
            try Row.fetchOne(db, sql: sql, arguments: [primaryKey])
        }
        return try row.map { try materializeAny(row: $0, entity: entity) }
    }

    /// The models a relationship of a stored model links to, read from the store.
    func loadRelationship(_ property: Schema.PropertyMetadata, of model: any PersistentModel) -> [any PersistentModel] {
        do {
            return try readRelationship(property, of: model)
        } catch {
            FileHandle.standardError.write(Data("[PersistenceModels] \(error)\n".utf8))
            return []
        }
    }

    private func readRelationship(_ property: Schema.PropertyMetadata, of model: any PersistentModel) throws -> [any PersistentModel] {
        let backing = model.persistentBackingData
        guard let key = backing.primaryKey,
              let shape = property.relationshipShape,
              let owner = store.layout.layout(of: type(of: model)),
              let storage = owner.relationships[property.name]
        else { return [] }
        let destination = try entityLayout(of: shape.destination, while: "loading \(owner.entity.name).\(property.name)")
        let table = destination.table.quotedDatabaseIdentifier
        let primaryKey = StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier
        let query: (sql: String, arguments: [DatabaseValue])
        switch storage {
        case .foreignKey:
            guard let target = backing.foreignKeys[property.name] else { return [] }
            return try loadModel(entity: destination, primaryKey: target).map { [$0] } ?? []
        case .inverseForeignKey(_, let column):
            query = ("SELECT * FROM \(table) WHERE \(column.quotedDatabaseIdentifier) = ? ORDER BY \(primaryKey)", [key.databaseValue])
        case .linkTable(let linkTable, let isOwner):
            let (this, other) = isOwner ? ("owner", "target") : ("target", "owner")
            query = (
                "SELECT \(table).* FROM \(table) JOIN \(linkTable.quotedDatabaseIdentifier) AS link ON link.\"\(other)\" = \(table).\(primaryKey) WHERE link.\"\(this)\" = ? ORDER BY \(table).\(primaryKey)",
                [key.databaseValue]
            )
        }
        let decoded = try store.decodedRows(
            sql: query.sql, arguments: query.arguments, entity: destination, while: "loading \(owner.entity.name).\(property.name)"
        )
        let registry = registry(ofEntity: destination.entity.name)
        return try decoded.rows.map { try materializeAny(decoded: $0, entity: destination, registry: registry) }
    }

    /// Loads the named relationships of `models` now, with one query per relationship.
    ///
    /// - Parameter owners: How the query selects the owners' links: by listing the keys of `models`, or,
    ///   when `models` are exactly what a query returned, by that query's own condition.
    func prefetch<T: PersistentModel>(_ keyPaths: [PartialKeyPath<T>], of models: [T], owners: PrefetchOwners = .listedKeys) throws {
        guard !models.isEmpty, let owner = store.layout.layout(of: T.self) else { return }
        for keyPath in keyPaths {
            guard let property = T.schemaMetadata.first(where: { $0.keyPath == keyPath }),
                  let shape = property.relationshipShape,
                  let storage = owner.relationships[property.name]
            else { continue }
            let slot = ModelValues.Slot(forKey: property.name, in: ModelTypeCache.slotLayout(of: T.self))
            // Gathered as existentials with a plain loop: converting a `[T]` afterwards costs a cast per model.
            var pending: [any PersistentModel] = []
            pending.reserveCapacity(models.count)
            for model in models {
                let backing = model.persistentBackingData
                if backing.primaryKey != nil, !backing.values.hasValue(at: slot) { pending.append(model) }
            }
            guard !pending.isEmpty else { continue }
            let destination = try entityLayout(of: shape.destination, while: "prefetching \(owner.entity.name).\(property.name)")
            // Owners whose relationship is already loaded are left out of a key list; a query's own
            // condition would read their links again, so it is used only when every owner needs them.
            let selection = pending.count == models.count ? owners : .listedKeys
            let related = try prefetchRows(for: pending, property: property, storage: storage, destination: destination, owners: selection)
            for model in pending {
                let backing = model.persistentBackingData
                let linked = backing.primaryKey.flatMap { related[$0] } ?? []
                guard let value = shape.makeValue(linked) else { continue }
                backing.setLoadedValue(value, at: slot)
            }
        }
    }

    /// The related models of each owner key, read in one query.
    private func prefetchRows(
        for models: [any PersistentModel],
        property: Schema.PropertyMetadata,
        storage: StoreLayout.RelationshipStorage,
        destination: StoreLayout.EntityLayout,
        owners: PrefetchOwners
    ) throws -> [Int64: [any PersistentModel]] {
        let table = destination.table.quotedDatabaseIdentifier
        let primaryKey = StoreLayout.primaryKeyColumn.quotedDatabaseIdentifier
        let registry = registry(ofEntity: destination.entity.name)
        let (filter, arguments): (String, [DatabaseValue])
        let sql: String
        switch storage {
        case .foreignKey:
            var targetsByOwner: [Int64: Int64] = [:]
            for model in models {
                if let owner = model.persistentBackingData.primaryKey, let target = model.persistentBackingData.foreignKeys[property.name] {
                    targetsByOwner[owner] = target
                }
            }
            let targets = Array(Set(targetsByOwner.values)).sorted()
            guard !targets.isEmpty else { return [:] }
            let placeholders = Array(repeating: "?", count: targets.count).joined(separator: ", ")
            let decoded = try store.decodedRows(
                sql: "SELECT * FROM \(table) WHERE \(primaryKey) IN (\(placeholders))",
                arguments: targets.map(\.databaseValue), entity: destination, cachesStatement: false, while: "prefetching \(property.name)"
            )
            var byKey: [Int64: any PersistentModel] = [:]
            for row in decoded.rows {
                let model = try materializeAny(decoded: row, entity: destination, registry: registry)
                if let key = model.persistentBackingData.primaryKey { byKey[key] = model }
            }
            return targetsByOwner.compactMapValues { byKey[$0].map { [$0] } }
        case .inverseForeignKey(_, let column):
            let ownerColumn = column.quotedDatabaseIdentifier
            (filter, arguments) = owners.filter(on: ownerColumn, keys: models, orEveryRow: "\(ownerColumn) IS NOT NULL")
            // Ordered by owner, then key: the foreign key's index gives that order without sorting, and
            // each owner's models still come in primary key order, as a lazy load returns them.
            sql = "SELECT \(ownerColumn) AS \"_owner\", * FROM \(table)\(filter) ORDER BY \(ownerColumn), \(primaryKey)"
        case .linkTable(let linkTable, let isOwner):
            let (this, other) = isOwner ? ("owner", "target") : ("target", "owner")
            (filter, arguments) = owners.filter(on: "link.\"\(this)\"", keys: models, orEveryRow: nil)
            // The link table's key (or its target index) walks each owner's links in key order, so no sort is needed.
            sql = "SELECT link.\"\(this)\" AS \"_owner\", \(table).* FROM \(linkTable.quotedDatabaseIdentifier) AS link JOIN \(table) ON \(table).\(primaryKey) = link.\"\(other)\"\(filter) ORDER BY link.\"\(this)\", link.\"\(other)\""
        }
        let decoded = try store.decodedRows(
            sql: sql, arguments: arguments, entity: destination, ownerColumn: "_owner", cachesStatement: false, while: "prefetching \(property.name)"
        )
        var result: [Int64: [any PersistentModel]] = [:]
        result.reserveCapacity(models.count)
        // A model shared by many owners (a tag on many notes) is one decoded row, materialized once.
        var models = [(any PersistentModel)?](repeating: nil, count: decoded.rows.count)
        // Rows come ordered by owner, so each owner's models are gathered as one run in a reused buffer
        // and stored with one allocation.
        var runOwner: Int64?
        var run: [any PersistentModel] = []
        func storeRun() {
            guard let runOwner else { return }
            if let earlier = result.updateValue(Array(run), forKey: runOwner) { result[runOwner] = earlier + run }
            run.removeAll(keepingCapacity: true)
        }
        for (owner, position) in decoded.owners {
            guard let owner else { continue }
            if owner != runOwner {
                storeRun()
                runOwner = owner
            }
            if let known = models[position] {
                run.append(known)
            } else {
                let model = try materializeAny(decoded: decoded.rows[position], entity: destination, registry: registry)
                models[position] = model
                run.append(model)
            }
        }
        storeRun()
        return result
    }
}

/// Which owners' related rows a prefetch reads.
enum PrefetchOwners {
    /// The owners' keys, listed in the query.
    case listedKeys
    /// Every row of the owner's table: the models came from a fetch without condition, limit or offset.
    case everyRow
    /// The keys another query returns, in place of a list: the query of the fetch the models came from.
    case keyQuery(sql: String, arguments: [DatabaseValue])

    /// The owners a fetch that ran entirely in SQLite returned, selected as that fetch selected them.
    init<T: PersistentModel>(_ plan: FetchPlan<T>) {
        if plan.condition == nil, plan.fetchLimit == nil, (plan.fetchOffset ?? 0) <= 0 {
            self = .everyRow
        } else {
            let query = plan.primaryKeyQuery(limited: true)
            self = .keyQuery(sql: query.sql, arguments: query.arguments)
        }
    }

    /// A `WHERE` clause (with a leading space, or empty) that keeps the rows whose `column` names one of the owners.
    ///
    /// - Parameters:
    ///   - keys: The owner models, for a listed selection.
    ///   - everyRow: The condition that selects the rows of any owner, or `nil` when every row has one.
    func filter(on column: String, keys models: [any PersistentModel], orEveryRow everyRow: String?) -> (sql: String, arguments: [DatabaseValue]) {
        switch self {
        case .listedKeys:
            let keys = models.compactMap(\.persistentBackingData.primaryKey)
            let placeholders = Array(repeating: "?", count: keys.count).joined(separator: ", ")
            return (" WHERE \(column) IN (\(placeholders))", keys.map(\.databaseValue))
        case .everyRow:
            return (everyRow.map { " WHERE \($0)" } ?? "", [])
        case .keyQuery(let sql, let arguments):
            return (" WHERE \(column) IN (\(sql))", arguments)
        }
    }
}
