import Foundation
import GRDB

/// The values of one stored row, decoded and not yet turned into a model.
struct DecodedRow {
    let primaryKey: Int64
    let values: [String: Any]
    let foreignKeys: [String: Int64]
}

/// Decodes an entity's rows from a query's columns, with each column's position looked up once per query
/// rather than by name for every row.
struct EntityRowDecoder {
    let entity: StoreLayout.EntityLayout
    let externalData: ExternalDataStore?
    private let primaryKeyIndex: Int?
    /// Each attribute with a codec, and the position of its column (`nil` when the query does not return it).
    private let columns: [AttributeColumn]
    /// The to-one relationships kept in a column of the row, with that column's position.
    private let foreignKeyIndices: [(name: String, index: Int)]

    init(entity: StoreLayout.EntityLayout, columnNames: [String], externalData: ExternalDataStore?) {
        self.entity = entity
        self.externalData = externalData
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
        columns = entity.attributes.compactMap { attribute in
            attribute.codec.map { codec in
                AttributeColumn(
                    name: attribute.name,
                    codec: codec,
                    index: position(of: attribute.columnName),
                    isExternal: attribute.options.contains(.externalStorage)
                )
            }
        }
        var foreignKeyIndices: [(name: String, index: Int)] = []
        for property in entity.relationshipProperties {
            if case .foreignKey(let column) = entity.relationships[property.name], let index = position(of: column) {
                foreignKeyIndices.append((property.name, index))
            }
        }
        self.foreignKeyIndices = foreignKeyIndices
    }

    /// The primary key of the row whose column values `column` gives by position.
    func primaryKey(_ column: (Int) -> DatabaseValue) throws -> Int64 {
        guard let primaryKeyIndex, let key = Int64.fromDatabaseValue(column(primaryKeyIndex)) else {
            throw SwiftDataError(.storeOperationFailed, reason: "a row of \(entity.table) has no primary key", context: "reading a row")
        }
        return key
    }

    /// Decodes the row whose column values `column` gives by position.
    func decode(_ column: (Int) -> DatabaseValue) throws -> DecodedRow {
        let key = try primaryKey(column)
        var values = [String: Any](minimumCapacity: columns.count)
        for attribute in columns {
            var stored = attribute.index.map(column) ?? .null
            if attribute.isExternal, let externalData, let name = ExternalDataStore.fileName(in: stored) {
                stored = try externalData.read(name).databaseValue
            }
            do {
                values[attribute.name] = try attribute.codec.decode(stored)
            } catch let error as SwiftDataError {
                throw SwiftDataError(error.code, reason: error.reason, context: "reading \(entity.entity.name).\(attribute.name) of row \(key)")
            }
        }
        var foreignKeys: [String: Int64] = [:]
        for (name, index) in foreignKeyIndices {
            if let value = Int64.fromDatabaseValue(column(index)) { foreignKeys[name] = value }
        }
        return DecodedRow(primaryKey: key, values: values, foreignKeys: foreignKeys)
    }
}

/// An attribute's column in a query's result.
private struct AttributeColumn {
    let name: String
    let codec: AttributeCodec
    let index: Int?
    let isExternal: Bool
}

extension ModelStore {
    /// Runs a query over an entity's table and decodes each row as the statement steps, without
    /// copying rows first.
    ///
    /// - Parameters:
    ///   - ownerColumn: A column to read beside each row, such as the owner key of a prefetch.
    ///   - cachesStatement: Whether to keep the prepared statement for the next query with the same SQL.
    /// - Returns: The decoded rows, and the `ownerColumn` value of each (empty without `ownerColumn`).
    func decodedRows(
        sql: String,
        arguments: StatementArguments,
        entity: StoreLayout.EntityLayout,
        ownerColumn: String? = nil,
        cachesStatement: Bool = true,
        while activity: String
    ) throws -> (rows: [DecodedRow], owners: [Int64?]) {
        try readWithOneStatement(while: activity) { db in
            let statement = try cachesStatement ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
            try statement.setArguments(arguments)
            let columnNames = statement.columnNames
            let decoder = EntityRowDecoder(entity: entity, columnNames: columnNames, externalData: externalData)
            let ownerIndex = ownerColumn.flatMap { columnNames.firstIndex(of: $0) }
            let sqliteStatement = statement.sqliteStatement
            let cursor = try Row.fetchCursor(statement)
            var rows: [DecodedRow] = []
            var owners: [Int64?] = []
            // With an owner column, one row can come back once per owner (a tag on many notes); its
            // copies are identical within one statement, so each is decoded once.
            var decodedByKey: [Int64: DecodedRow] = [:]
            while try cursor.next() != nil {
                let column = { (index: Int) in DatabaseValue(sqliteStatement: sqliteStatement, index: CInt(index)) }
                if let ownerIndex {
                    let key = try decoder.primaryKey(column)
                    let row = try decodedByKey[key] ?? decoder.decode(column)
                    decodedByKey[key] = row
                    rows.append(row)
                    owners.append(Int64.fromDatabaseValue(column(ownerIndex)))
                } else {
                    rows.append(try decoder.decode(column))
                }
            }
            return (rows, owners)
        }
    }
}
