import Foundation
import GRDB

/// The links a save adds to link tables, written a hundred to a statement
/// (``GRDB/Database/insertRows(_:sql:while:binding:)``).
///
/// Adding the links of a thousand notes with five tags each one statement at a time costs more in
/// running the statements than in SQLite's own work; each table's links wait here until the save has
/// gathered them, or until a link of the same table is to be removed, so that the links of a table are
/// added and removed in the order the save decided them.
struct LinkInsertBatch {
    /// The tables with links waiting, in the order their first link came. A save touches a few link
    /// tables, so they are found by comparing names, not by hashing one for every link.
    private var waiting: [(table: String, links: [(owner: Int64, target: Int64)])] = []

    /// Adds the link of `owner` and `target` to `table` with the next write.
    mutating func add(owner: Int64, target: Int64, to table: String) {
        if let index = waiting.lastIndex(where: { $0.table == table }) {
            waiting[index].links.append((owner, target))
        } else {
            waiting.append((table, [(owner, target)]))
        }
    }

    /// Writes the links waiting for `table`.
    mutating func write(table: String, in db: Database) throws {
        guard let index = waiting.firstIndex(where: { $0.table == table }) else { return }
        let links = waiting.remove(at: index).links
        try db.insertRows(
            links, sql: { StoreStatements.link(in: table, count: $0) }, while: "linking rows in \(table)",
            binding: { binder, link in
                binder.bind(link.owner)
                binder.bind(link.target)
            })
    }

    /// Writes every link waiting.
    mutating func writeAll(in db: Database) throws {
        while let table = waiting.first?.table { try write(table: table, in: db) }
    }
}
