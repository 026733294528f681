import Foundation
import GRDB
import PersistenceModels

/// The tables and columns that hold a schema's entities.
///
/// Each entity gets a table named after it with an integer `_pk` primary key and one column per
/// attribute. A to-one relationship is a column holding the linked row's key. A to-many
/// relationship whose inverse is to-one is read through that inverse's column; any other to-many
/// relationship keeps its links in a table of (`owner`, `target`) pairs owned by one side.
struct StoreLayout {
    /// The primary key column of every entity table.
    static let primaryKeyColumn = "_pk"

    /// How one relationship is kept.
    enum RelationshipStorage {
        /// A column of this entity's table holds the linked row's key.
        case foreignKey(column: String)
        /// The destination table's `column` holds this row's key.
        case inverseForeignKey(table: String, column: String)
        /// A link table; `isOwner` says whether this side is the `owner` column.
        case linkTable(table: String, isOwner: Bool)
    }

    /// One entity's table.
    struct EntityLayout {
        let entity: Schema.Entity
        let table: String
        /// The attributes stored in columns: every attribute but the `.ephemeral` ones.
        let attributes: [Schema.PropertyMetadata]
        let relationships: [String: RelationshipStorage]
        let relationshipProperties: [Schema.PropertyMetadata]
        /// Sets of columns whose combined values are unique: `.unique` attributes and `#Unique` declarations.
        let uniqueColumns: [[String]]
        /// Sets of columns with an index: `#Index` declarations.
        let indexedColumns: [[String]]
    }

    let entities: [String: EntityLayout]
    let linkTables: [String]

    init(schema: Schema) {
        var entities: [String: EntityLayout] = [:]
        var linkTables: Set<String> = []
        for entity in schema.entities {
            var relationships: [String: RelationshipStorage] = [:]
            for property in entity.relationships {
                guard let shape = property.relationshipShape else { continue }
                let inverse = ModelTypeCache.inverse(of: property, in: entity.modelType)
                let storage = Self.storage(of: property, shape: shape, in: entity, inverse: inverse)
                if case .linkTable(let table, _) = storage { linkTables.insert(table) }
                relationships[property.name] = storage
            }
            func columns(_ names: [String]) -> [String] {
                names.map { name in entity.property(named: name)?.columnName ?? name }
            }
            // An ephemeral attribute has no column, so no constraint or index can name it.
            let stored = entity.attributes.filter { !$0.isEphemeral }
            let ephemeral = Set(entity.attributes.filter(\.isEphemeral).map(\.name))
            var uniqueColumns = stored.filter { $0.options.contains(.unique) }.map { [$0.columnName] }
            var indexedColumns: [[String]] = []
            for constraint in entity.modelType.schemaConstraints {
                switch constraint {
                case .unique(let names) where ephemeral.isDisjoint(with: names): uniqueColumns.append(columns(names))
                case .index(let names) where ephemeral.isDisjoint(with: names): indexedColumns.append(columns(names))
                default: continue
                }
            }
            entities[entity.name] = EntityLayout(
                entity: entity,
                table: entity.name,
                attributes: stored,
                relationships: relationships,
                relationshipProperties: entity.relationships,
                uniqueColumns: uniqueColumns,
                indexedColumns: indexedColumns
            )
        }
        self.entities = entities
        self.linkTables = linkTables.sorted()
    }

    private static func storage(
        of property: Schema.PropertyMetadata,
        shape: RelationshipShape,
        in entity: Schema.Entity,
        inverse: Schema.PropertyMetadata?
    ) -> RelationshipStorage {
        let destinationName = Schema.entityName(of: shape.destination)
        guard shape.isToMany else { return .foreignKey(column: property.columnName) }
        guard let inverse, let inverseShape = inverse.relationshipShape else {
            return .linkTable(table: "\(entity.name)_\(property.columnName)", isOwner: true)
        }
        if !inverseShape.isToMany {
            return .inverseForeignKey(table: destinationName, column: inverse.columnName)
        }
        let thisEnd = "\(entity.name)_\(property.columnName)"
        let otherEnd = "\(destinationName)_\(inverse.columnName)"
        return thisEnd <= otherEnd
            ? .linkTable(table: thisEnd, isOwner: true)
            : .linkTable(table: otherEnd, isOwner: false)
    }

    /// The layout of `type`'s entity, if the schema stores it.
    func layout(of type: any PersistentModel.Type) -> EntityLayout? {
        entities[Schema.entityName(of: type)]
    }

    /// Every table, entity tables first.
    var allTableNames: [String] { linkTables + entities.keys.sorted() }

    /// The statements that create the tables, indexes and missing columns of the layout.
    func creationStatements(existingColumns: (String) throws -> Set<String>?) rethrows -> [String] {
        var statements: [String] = []
        for name in entities.keys.sorted() {
            let layout = entities[name]!
            var columns: [(String, String)] = layout.attributes.map { ($0.columnName, $0.codec?.columnType ?? "TEXT") }
            for property in layout.relationshipProperties {
                if case .foreignKey(let column) = layout.relationships[property.name] { columns.append((column, "INTEGER")) }
            }
            let table = layout.table.quotedDatabaseIdentifier
            if let existing = try existingColumns(layout.table) {
                for (column, type) in columns where !existing.contains(column) {
                    statements.append("ALTER TABLE \(table) ADD COLUMN \(column.quotedDatabaseIdentifier) \(type)")
                }
            } else {
                let definitions = ["\(Self.primaryKeyColumn.quotedDatabaseIdentifier) INTEGER PRIMARY KEY AUTOINCREMENT"]
                    + columns.map { "\($0.0.quotedDatabaseIdentifier) \($0.1)" }
                statements.append("CREATE TABLE \(table) (\(definitions.joined(separator: ", ")))")
            }
            for columns in layout.uniqueColumns {
                let index = "\(layout.table)_unique_\(columns.joined(separator: "_"))".quotedDatabaseIdentifier
                let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                statements.append("CREATE UNIQUE INDEX IF NOT EXISTS \(index) ON \(table)(\(list))")
            }
            for columns in layout.indexedColumns {
                let index = "\(layout.table)_index_\(columns.joined(separator: "_"))".quotedDatabaseIdentifier
                let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                statements.append("CREATE INDEX IF NOT EXISTS \(index) ON \(table)(\(list))")
            }
            for property in layout.relationshipProperties {
                if case .foreignKey(let column) = layout.relationships[property.name] {
                    let index = "\(layout.table)_\(column)_index".quotedDatabaseIdentifier
                    statements.append("CREATE INDEX IF NOT EXISTS \(index) ON \(table)(\(column.quotedDatabaseIdentifier))")
                }
            }
        }
        for table in linkTables {
            let quoted = table.quotedDatabaseIdentifier
            statements.append("CREATE TABLE IF NOT EXISTS \(quoted) (\"owner\" INTEGER NOT NULL, \"target\" INTEGER NOT NULL, PRIMARY KEY (\"owner\", \"target\")) WITHOUT ROWID")
            statements.append("CREATE INDEX IF NOT EXISTS \("\(table)_target_index".quotedDatabaseIdentifier) ON \(quoted)(\"target\")")
        }
        return statements
    }
}
