import Foundation
import GRDB
import PersistenceModels

/// The tables and columns that hold a schema's entities.
///
/// Each entity gets a table named after it with an integer `_pk` primary key and one column per
/// attribute. A to-one relationship is a column holding the linked row's key. A to-many
/// relationship whose inverse is to-one is read through that inverse's column; any other to-many
/// relationship keeps its links in a table of (`owner`, `target`) pairs owned by one side.
///
/// The entities of a class hierarchy share the table of the one at its top, with a column for every
/// property of any of them and an `_entity` column naming the entity of each row.
struct StoreLayout {
    /// The primary key column of every entity table.
    static let primaryKeyColumn = "_pk"
    /// The column naming the entity of each row, in a table that a class hierarchy shares.
    static let entityColumn = "_entity"

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
        /// In a table a class hierarchy shares, the names of this entity and every entity inheriting from
        /// it, whose rows a fetch of this entity returns; `nil` for a table of one entity.
        let entityNames: [String]?
        /// Whether a query of this entity must select its rows by ``StoreLayout/entityColumn``: the table
        /// holds rows of entities that are not this one or its descendants.
        let selectsByEntity: Bool
        /// The attributes stored in columns: every attribute but the `.ephemeral` ones.
        let attributes: [Schema.PropertyMetadata]
        let relationships: [String: RelationshipStorage]
        let relationshipProperties: [Schema.PropertyMetadata]
        /// Sets of columns whose combined values are unique: `.unique` attributes and `#Unique` declarations.
        let uniqueColumns: [[String]]
        /// Sets of columns with an index: `#Index` declarations.
        let indexedColumns: [[String]]
        /// `\Model.persistentModelID` of the entity's model type, which a predicate compares with the row's key.
        /// Made once: a key path formed in generic code is instantiated anew, with its generic arguments
        /// resolved by name, each time.
        // Immutable, like every key path: safe to share between threads.
        nonisolated(unsafe) let persistentModelIDKeyPath: AnyKeyPath
    }

    let entities: [String: EntityLayout]
    let linkTables: [String]

    /// `\Model.persistentModelID` of `type`.
    static func persistentModelIDKeyPath(of type: any PersistentModel.Type) -> AnyKeyPath {
        func keyPath<Model: PersistentModel>(_ type: Model.Type) -> AnyKeyPath { \Model.persistentModelID }
        return keyPath(type)
    }

    init(schema: Schema) {
        var entities: [String: EntityLayout] = [:]
        var linkTables: Set<String> = []
        // Superentities first, so that a subentity takes the storage of the relationships it inherits.
        let ordered = schema.entities.sorted { Self.depth(of: $0) < Self.depth(of: $1) }
        for entity in ordered {
            var relationships: [String: RelationshipStorage] = [:]
            for property in entity.relationships {
                if let inherited = entity.superentity.flatMap({ entities[$0.name]?.relationships[property.name] }) {
                    relationships[property.name] = inherited
                    continue
                }
                guard let shape = property.relationshipShape else { continue }
                let inverse = ModelTypeCache.inverse(of: property, in: entity.modelType)
                let storage = Self.storage(of: property, shape: shape, in: entity, inverse: inverse, schema: schema)
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
            let root = entity.rootEntity
            let sharesTable = !root.subentities.isEmpty
            entities[entity.name] = EntityLayout(
                entity: entity,
                table: root.name,
                entityNames: sharesTable ? entity.selfAndDescendants.map(\.name) : nil,
                selectsByEntity: sharesTable && entity !== root,
                attributes: stored,
                relationships: relationships,
                relationshipProperties: entity.relationships,
                uniqueColumns: uniqueColumns,
                indexedColumns: indexedColumns,
                persistentModelIDKeyPath: Self.persistentModelIDKeyPath(of: entity.modelType)
            )
        }
        self.entities = entities
        self.linkTables = linkTables.sorted()
    }

    /// How many superentities `entity` has.
    private static func depth(of entity: Schema.Entity) -> Int {
        entity.superentity.map { depth(of: $0) + 1 } ?? 0
    }

    private static func storage(
        of property: Schema.PropertyMetadata,
        shape: RelationshipShape,
        in entity: Schema.Entity,
        inverse: Schema.PropertyMetadata?,
        schema: Schema
    ) -> RelationshipStorage {
        let destinationName = Schema.entityName(of: shape.destination)
        // The destination's rows live in the table of its hierarchy's root.
        let destinationTable = schema.entity(named: destinationName)?.rootEntity.name ?? destinationName
        guard shape.isToMany else { return .foreignKey(column: property.columnName) }
        guard let inverse, let inverseShape = inverse.relationshipShape else {
            return .linkTable(table: "\(entity.name)_\(property.columnName)", isOwner: true)
        }
        if !inverseShape.isToMany {
            return .inverseForeignKey(table: destinationTable, column: inverse.columnName)
        }
        let thisEnd = "\(entity.name)_\(property.columnName)"
        let otherEnd = "\(destinationName)_\(inverse.columnName)"
        return thisEnd <= otherEnd
            ? .linkTable(table: thisEnd, isOwner: true)
            : .linkTable(table: otherEnd, isOwner: false)
    }

    /// The layouts of the entities whose rows `table` keeps, the root entity's first.
    func members(ofTable table: String) -> [EntityLayout] {
        guard let root = entities[table], root.table == table else { return [] }
        return (root.entityNames ?? [table]).compactMap { entities[$0] }
    }

    /// The names of the entity tables, each once.
    var entityTables: [String] { Set(entities.values.map(\.table)).sorted() }

    /// The layout of `type`'s entity, if the schema stores it.
    func layout(of type: any PersistentModel.Type) -> EntityLayout? {
        entities[Schema.entityName(of: type)]
    }

    /// Every table, entity tables first.
    var allTableNames: [String] { linkTables + entityTables }

    /// The statements that create the tables, indexes and missing columns of the layout.
    func creationStatements(existingColumns: (String) throws -> Set<String>?) rethrows -> [String] {
        var statements: [String] = []
        // One table per hierarchy, made from its root entity's layout with the columns of every entity in it.
        for name in entities.keys.sorted() {
            let layout = entities[name]!
            guard layout.table == name else { continue }
            var columns: [(String, String)] = []
            var seen: Set<String> = []
            for member in layout.entityNames ?? [name] {
                guard let memberLayout = entities[member] else { continue }
                var memberColumns = memberLayout.attributes.map { ($0.columnName, $0.codec?.columnType ?? "TEXT") }
                for property in memberLayout.relationshipProperties {
                    if case .foreignKey(let column) = memberLayout.relationships[property.name] {
                        memberColumns.append((column, "INTEGER"))
                    }
                }
                for column in memberColumns where seen.insert(column.0).inserted { columns.append(column) }
            }
            if layout.entityNames != nil {
                // Rows written before the table was shared are of the root entity.
                columns.append((Self.entityColumn, "TEXT NOT NULL DEFAULT \(name.quotedSQLLiteral)"))
            }
            let table = layout.table.quotedDatabaseIdentifier
            if let existing = try existingColumns(layout.table) {
                for (column, type) in columns where !existing.contains(column) {
                    statements.append("ALTER TABLE \(table) ADD COLUMN \(column.quotedDatabaseIdentifier) \(type)")
                }
            } else {
                let definitions =
                    ["\(Self.primaryKeyColumn.quotedDatabaseIdentifier) INTEGER PRIMARY KEY AUTOINCREMENT"]
                    + columns.map { "\($0.0.quotedDatabaseIdentifier) \($0.1)" }
                statements.append("CREATE TABLE \(table) (\(definitions.joined(separator: ", ")))")
            }
            let members = (layout.entityNames ?? [name]).compactMap { entities[$0] }
            for columns in Set(members.flatMap(\.uniqueColumns)).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let index = "\(layout.table)_unique_\(columns.joined(separator: "_"))".quotedDatabaseIdentifier
                let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                statements.append("CREATE UNIQUE INDEX IF NOT EXISTS \(index) ON \(table)(\(list))")
            }
            for columns in Set(members.flatMap(\.indexedColumns)).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let index = "\(layout.table)_index_\(columns.joined(separator: "_"))".quotedDatabaseIdentifier
                let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                statements.append("CREATE INDEX IF NOT EXISTS \(index) ON \(table)(\(list))")
            }
            var foreignKeyColumns: [String] = []
            for member in members {
                for property in member.relationshipProperties {
                    if case .foreignKey(let column) = member.relationships[property.name],
                        !foreignKeyColumns.contains(column)
                    {
                        foreignKeyColumns.append(column)
                    }
                }
            }
            for column in foreignKeyColumns {
                let index = "\(layout.table)_\(column)_index".quotedDatabaseIdentifier
                statements.append("CREATE INDEX IF NOT EXISTS \(index) ON \(table)(\(column.quotedDatabaseIdentifier))")
            }
        }
        for table in linkTables {
            let quoted = table.quotedDatabaseIdentifier
            statements.append(
                "CREATE TABLE IF NOT EXISTS \(quoted) (\"owner\" INTEGER NOT NULL, \"target\" INTEGER NOT NULL, PRIMARY KEY (\"owner\", \"target\")) WITHOUT ROWID"
            )
            statements.append(
                "CREATE INDEX IF NOT EXISTS \("\(table)_target_index".quotedDatabaseIdentifier) ON \(quoted)(\"target\")"
            )
        }
        return statements
    }
}

extension String {
    /// The string as an SQL string literal, its quotes doubled.
    var quotedSQLLiteral: String { "'" + replacingOccurrences(of: "'", with: "''") + "'" }
}
