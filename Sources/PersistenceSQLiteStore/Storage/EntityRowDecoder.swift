import Foundation
import GRDB
import GRDBSQLite
import PersistenceModels
import Synchronization

/// Decodes an entity's rows from a query's columns, with each column's position looked up once per query
/// rather than by name for every row.
struct EntityRowDecoder {
    let entity: StoreLayout.EntityLayout
    let externalData: ExternalDataStore?
    /// The identifier of the store the rows come from, which each row's backing data records.
    let storeIdentifier: String
    private let primaryKeyIndex: Int?
    /// Where the model type keeps each property's value.
    private let slotLayout: ModelSlotLayout
    /// Each attribute with a codec, and the position of its column (`nil` when the query does not return it).
    private let columns: [AttributeColumn]
    /// For each slot of the model's values, where its value comes from.
    private let slotSources: [SlotSource]
    /// The to-one relationships kept in a column of the row, with that column's position.
    private let foreignKeyIndices: [(name: String, index: Int)]

    init(
        entity: StoreLayout.EntityLayout, columnNames: [String], externalData: ExternalDataStore?,
        storeIdentifier: String
    ) {
        self.entity = entity
        self.externalData = externalData
        self.storeIdentifier = storeIdentifier
        var positions: [String: Int] = [:]
        var lowercasedPositions: [String: Int] = [:]
        for (index, name) in columnNames.enumerated() {
            // The first column of a name wins, as it does when GRDB looks a column up by name.
            if positions[name] == nil { positions[name] = index }
            if lowercasedPositions[name.lowercased()] == nil { lowercasedPositions[name.lowercased()] = index }
        }
        func position(of column: String) -> Int? {
            positions[column] ?? lowercasedPositions[column.lowercased()]
        }
        primaryKeyIndex = position(of: StoreLayout.primaryKeyColumn)
        let slotLayout = ModelTypeCache.slotLayout(of: entity.entity.modelType)
        self.slotLayout = slotLayout
        columns = entity.attributes.compactMap { attribute in
            guard let codec = attribute.codec, let slot = slotLayout.slot(of: attribute.name) else { return nil }
            return AttributeColumn(
                name: attribute.name,
                codec: codec,
                index: position(of: attribute.columnName),
                slot: slot,
                isExternal: attribute.options.contains(.externalStorage),
                readsColumnDirectly: codec.decodesColumns && !attribute.options.contains(.externalStorage)
            )
        }
        var slotSources = Array(repeating: SlotSource.none, count: slotLayout.names.count)
        for (position, attribute) in columns.enumerated() {
            guard case .none = slotSources[attribute.slot] else { continue }
            if attribute.readsColumnDirectly, let index = attribute.index, let reader = attribute.codec.columnReader {
                slotSources[attribute.slot] = .column(CInt(index), reader, fallback: position)
            } else {
                slotSources[attribute.slot] = .attribute(position)
            }
        }
        self.slotSources = slotSources
        var foreignKeyIndices: [(name: String, index: Int)] = []
        for property in entity.relationshipProperties {
            if case .foreignKey(let column) = entity.relationships[property.name], let index = position(of: column) {
                foreignKeyIndices.append((property.name, index))
            }
        }
        self.foreignKeyIndices = foreignKeyIndices
    }

    /// The primary key of the current row of `row`.
    @inline(__always)
    func primaryKey(_ row: CurrentRow) throws -> Int64 {
        // Read as the attributes are: the column's value looked up once.
        if let primaryKeyIndex, let value = sqlite3_column_value(row.statement, CInt(primaryKeyIndex)),
            sqlite3_value_type(value) == SQLITE_INTEGER
        {
            return sqlite3_value_int64(value)
        }
        return try storedPrimaryKey(row)
    }

    /// ``primaryKey(_:)`` for a key stored in another form than an integer, or missing.
    @inline(never)
    private func storedPrimaryKey(_ row: CurrentRow) throws -> Int64 {
        guard let primaryKeyIndex, let key = Int64.fromDatabaseValue(row[primaryKeyIndex]) else {
            throw SwiftDataError(
                .storeOperationFailed, reason: "a row of \(entity.table) has no primary key", context: "reading a row")
        }
        return key
    }

    /// The value of one attribute of the current row, read through its `DatabaseValue`.
    private func decodeValue(of attribute: AttributeColumn, _ row: CurrentRow, key: Int64) throws -> Any {
        var stored = attribute.index.map { row[$0] } ?? .null
        if attribute.isExternal, let externalData, let name = ExternalDataStore.fileName(in: stored) {
            stored = try externalData.read(name).databaseValue
        }
        do {
            return try attribute.codec.decode(stored)
        } catch let error as SwiftDataError {
            throw SwiftDataError(
                error.workbenchKind, reason: error.reason,
                context: "reading \(entity.entity.name).\(attribute.name) of row \(key)")
        }
    }

    /// Decodes the current row of `row`.
    ///
    /// - Parameter subentity: The name of the row's entity when it is a subentity of the entity that was read.
    func decode(_ row: CurrentRow, subentity: String? = nil) throws -> DecodedRow {
        let key = try primaryKey(row)
        var foreignKeys: [String: Int64]?
        if !foreignKeyIndices.isEmpty {
            var keys: [String: Int64] = [:]
            for (name, index) in foreignKeyIndices {
                if let value = Int64.fromDatabaseValue(row[index]) { keys[name] = value }
            }
            foreignKeys = keys
        }
        // One call makes the row's values, its backing data and the row. Slots are filled in order: an
        // attribute's decoded value, or nothing for a relationship (it loads later).
        return try slotSources.withUnsafeBufferPointer { sources in
            try DecodedRow(
                primaryKey: key, layout: slotLayout, foreignKeys: foreignKeys, storeIdentifier: storeIdentifier,
                entityName: subentity
            ) { slots, initializedCount in
                for slot in 0..<sources.count {
                    // Each branch initializes the slot in place: an intermediate `Any?` would cost a copy and a destroy.
                    switch sources[slot] {
                    case .none:
                        (slots.baseAddress! + slot).initialize(to: nil)
                    case .column(let index, let reader, let fallback):
                        if !reader.decodeColumn(row.statement, at: index, into: slots.baseAddress! + slot) {
                            (slots.baseAddress! + slot).initialize(
                                to: try decodeValue(of: columns[fallback], row, key: key))
                        }
                    case .attribute(let position):
                        (slots.baseAddress! + slot).initialize(
                            to: try decodeValue(of: columns[position], row, key: key))
                    }
                    initializedCount = slot + 1
                }
            }
        }
    }
}

/// Decodes the rows of a table that a class hierarchy shares: each row with the decoder of the entity its
/// `_entity` column names, made on first use.
struct HierarchyRowDecoder {
    let requested: EntityRowDecoder
    private let entityIndex: Int?
    private let layout: StoreLayout
    private let columnNames: [String]
    private var decoders: [String: EntityRowDecoder] = [:]

    /// A decoder for the rows of `requested`'s entity, or `nil` when its table holds no other entity's rows.
    init?(requested: EntityRowDecoder, layout: StoreLayout, columnNames: [String]) {
        guard let names = requested.entity.entityNames, names.count > 1 else { return nil }
        self.requested = requested
        self.layout = layout
        self.columnNames = columnNames
        self.entityIndex = columnNames.firstIndex(of: StoreLayout.entityColumn)
    }

    mutating func decode(_ row: CurrentRow) throws -> DecodedRow {
        let requestedName = requested.entity.entity.name
        guard let entityIndex, let name = String.fromDatabaseValue(row[entityIndex]), name != requestedName else {
            return try requested.decode(row)
        }
        if let decoder = decoders[name] { return try decoder.decode(row, subentity: name) }
        guard let entity = layout.entities[name], requested.entity.entityNames?.contains(name) == true else {
            throw SwiftDataError(
                .unknownModelType,
                reason:
                    "a row of \(requested.entity.table) is of the entity \(name), which is not \(requestedName) or a subclass of it in this schema; "
                    + "add the model class \(name) to the container's schema",
                context: "reading \(requestedName)"
            )
        }
        let decoder = EntityRowDecoder(
            entity: entity, columnNames: columnNames, externalData: requested.externalData,
            storeIdentifier: requested.storeIdentifier)
        decoders[name] = decoder
        return try decoder.decode(row, subentity: name)
    }
}

/// The row a statement is on, read by column position.
///
/// A plain value over the statement, made once per query: reading a row through it allocates and retains
/// nothing, as a closure over the statement would.
struct CurrentRow {
    let statement: OpaquePointer

    /// The value in column `index` of the statement's current row.
    subscript(index: Int) -> DatabaseValue {
        DatabaseValue(sqliteStatement: statement, index: CInt(index))
    }
}

/// Where the value of one slot of a model's values comes from in a query's columns.
///
/// Plain values, so that reading a row retains nothing to find out how to read it.
private enum SlotSource {
    /// No column: a relationship, which loads later.
    case none
    /// A common scalar read straight from the statement's column at this position by the attribute's
    /// column reader; the attribute at `fallback` in the decoder's columns reads any other stored form.
    case column(CInt, CommonScalar, fallback: Int)
    /// The attribute at this position in the decoder's columns, read through its codec.
    case attribute(Int)
}

/// The integer in column `index` of the current row of `statement`; `nil` when the column holds another type.
private func integer(in statement: OpaquePointer, at index: Int) -> Int64? {
    guard sqlite3_column_type(statement, CInt(index)) == SQLITE_INTEGER else { return nil }
    return sqlite3_column_int64(statement, CInt(index))
}

/// An attribute's column in a query's result.
///
/// A class, so that reading a row's values shares each column's description instead of copying its
/// name and codec once per value.
private final class AttributeColumn: Sendable {
    let name: String
    let codec: AttributeCodec
    let index: Int?
    /// The slot of the attribute's value in the model's values.
    let slot: Int
    let isExternal: Bool
    /// Whether the value can be read from the statement without a `DatabaseValue` (a common scalar kept in the row).
    let readsColumnDirectly: Bool

    init(name: String, codec: AttributeCodec, index: Int?, slot: Int, isExternal: Bool, readsColumnDirectly: Bool) {
        self.name = name
        self.codec = codec
        self.index = index
        self.slot = slot
        self.isExternal = isExternal
        self.readsColumnDirectly = readsColumnDirectly
    }
}

extension ModelStore {
    /// Runs a query over an entity's table and decodes each row as the statement steps, without
    /// copying rows first.
    ///
    /// - Parameters:
    ///   - ownerColumn: A column to read beside each row, such as the owner key of a prefetch.
    ///   - cachesStatement: Whether to keep the prepared statement for the next query with the same SQL.
    /// - Returns: The decoded rows, and for each row of the result the `ownerColumn` value with the
    ///   position of its decoded row (empty without `ownerColumn`). With an owner column one row can come
    ///   back once per owner (a tag on many notes); it is decoded, and listed in `rows`, once.
    func decodedRows(
        sql: String,
        arguments: [DatabaseValue],
        entity: StoreLayout.EntityLayout,
        ownerColumn: String? = nil,
        cachesStatement: Bool = true,
        while activity: String
    ) throws -> (rows: [DecodedRow], owners: [(owner: Int64?, row: Int)]) {
        try readWithOneStatement(while: activity) { db in
            let statement = try cachesStatement ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
            try statement.bindDirectly(arguments, while: activity)
            let columnNames = statement.columnNames
            let decoder =
                cachesStatement
                ? rowDecoders.decoder(
                    forSQL: sql, entity: entity, columnNames: columnNames, externalData: externalData,
                    storeIdentifier: identifier)
                : EntityRowDecoder(
                    entity: entity, columnNames: columnNames, externalData: externalData, storeIdentifier: identifier)
            var hierarchy = HierarchyRowDecoder(requested: decoder, layout: layout, columnNames: columnNames)
            let ownerIndex = ownerColumn.flatMap { columnNames.firstIndex(of: $0) }
            let row = CurrentRow(statement: statement.sqliteStatement)
            var rows: [DecodedRow] = []
            var owners: [(owner: Int64?, row: Int)] = []
            // The copies of a row are identical within one statement, so each is decoded once.
            var positionByKey: [Int64: Int] = [:]
            try statement.forEachRow {
                if let ownerIndex {
                    let key = try decoder.primaryKey(row)
                    let position: Int
                    if let known = positionByKey[key] {
                        position = known
                    } else {
                        position = rows.count
                        if hierarchy != nil {
                            rows.append(try hierarchy!.decode(row))
                        } else {
                            rows.append(try decoder.decode(row))
                        }
                        positionByKey[key] = position
                    }
                    let owner = integer(in: row.statement, at: ownerIndex) ?? Int64.fromDatabaseValue(row[ownerIndex])
                    owners.append((owner, position))
                } else if hierarchy != nil {
                    rows.append(try hierarchy!.decode(row))
                } else {
                    rows.append(try decoder.decode(row))
                }
            }
            return (rows, owners)
        }
    }
}

/// The row decoders of a store's cached statements, by SQL and entity.
///
/// A statement's columns never change for a given SQL text within one store, so the decoder that maps
/// them to attributes is built on the first run of a query and reused by every later one.
final class RowDecoderCache: Sendable {
    private let decoders = Mutex<[String: EntityRowDecoder]>([:])
    /// Above this many query texts the cache starts over, so queries built with varying SQL cannot grow it forever.
    private static let capacity = 256

    /// The decoder for `sql`'s rows of `entity`, made from `columnNames` the first time.
    func decoder(
        forSQL sql: String, entity: StoreLayout.EntityLayout, columnNames: [String], externalData: ExternalDataStore?,
        storeIdentifier: String
    ) -> EntityRowDecoder {
        let key = entity.entity.name + "\u{0}" + sql
        if let cached = decoders.withLock({ $0[key] }) { return cached }
        let made = EntityRowDecoder(
            entity: entity, columnNames: columnNames, externalData: externalData, storeIdentifier: storeIdentifier)
        decoders.withLock { decoders in
            if decoders.count >= Self.capacity { decoders.removeAll() }
            decoders[key] = made
        }
        return made
    }
}
