import Foundation

/// A note read by the raw SQLite baseline: a plain Swift value, as an app would build.
struct RawNote {
    var key: Int64
    var identifier: String
    var title: String
    var content: String
    var date: Double
    var isArchived: Bool
    var priority: Int64
}

/// Hand-written SQLite code for the notes table.
enum RawNotes {
    static let columns = "\"_pk\", \"identifier\", \"title\", \"content\", \"date\", \"isArchived\", \"priority\""

    /// Inserts generated notes `range` (of a store sized for `rows`) in one transaction.
    static func insert(rows: Int, range: Range<Int>? = nil, into database: RawDatabase) throws {
        let statement = try database.prepare(
            "INSERT INTO \"BenchNote\" (\"identifier\", \"title\", \"content\", \"date\", \"isArchived\", \"priority\") VALUES (?, ?, ?, ?, ?, ?)"
        )
        try database.transaction {
            for index in range ?? 0..<rows {
                let values = NoteValues(index: index, rows: rows)
                statement.bind(1, values.identifier.uuidString)
                statement.bind(2, values.title)
                statement.bind(3, values.content)
                statement.bind(4, values.storedDate)
                statement.bind(5, Int64(values.isArchived ? 1 : 0))
                statement.bind(6, Int64(values.priority))
                try statement.run()
            }
        }
    }

    /// Reads every row a statement returns (its columns in ``columns`` order) into values.
    static func read(_ statement: RawStatement) throws -> [RawNote] {
        var notes: [RawNote] = []
        while try statement.step() {
            notes.append(
                RawNote(
                    key: statement.int64(0),
                    identifier: statement.string(1),
                    title: statement.string(2),
                    content: statement.string(3),
                    date: statement.double(4),
                    isArchived: statement.int64(5) != 0,
                    priority: statement.int64(6)
                ))
        }
        statement.reset()
        return notes
    }
}
