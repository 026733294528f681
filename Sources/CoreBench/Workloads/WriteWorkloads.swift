import Foundation
import GRDB
import PersistenceModels
import PersistenceSQLiteStore
import PersistenceWorkbench

/// Workload 5: change 1% of the notes through fetched objects and save.
struct UpdateWorkload: Workload {
    let rows: Int
    var name: String { "update" }
    var title: String { "Update 1% of \(rows) notes through fetched objects, one save" }
    var budgets: [Budget] { [.ratioToRaw(atMost: 2), .fasterThanGRDB] }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.filledNotesStore(rows: rows)
        let threshold = NoteValues.priorityCount(rows: rows) / 100
        switch way {
        case .core, .coreClean:
            let container = try OpenConnections.container(for: [BenchNote.self], reading: BenchNote.self, at: url)
            return PreparedRun(
                action: {
                    let context = ModelContext(container)
                    for note in try context.fetch(
                        FetchDescriptor<BenchNote>(predicate: #Predicate { $0.priority < threshold }))
                    {
                        note.title += " (edited)"
                    }
                    try context.save()
                }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path)
            let select = try database.prepare("SELECT \(RawNotes.columns) FROM \"BenchNote\" WHERE \"priority\" < ?")
            let update = try database.prepare("UPDATE \"BenchNote\" SET \"title\" = ? WHERE \"_pk\" = ?")
            return PreparedRun(
                action: {
                    try database.transaction {
                        select.bind(1, Int64(threshold))
                        for note in try RawNotes.read(select) {
                            update.bind(1, note.title + " (edited)")
                            update.bind(2, note.key)
                            try update.run()
                        }
                    }
                }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try OpenConnections.pool(at: url)
            return PreparedRun(
                action: {
                    try pool.write { db in
                        for var note in try NoteRecord.filter(Column("priority") < threshold).fetchAll(db) {
                            note.title += " (edited)"
                            try note.update(db, columns: ["title"])
                        }
                    }
                }, cleanUp: { scratch.discard(url) })
        }
    }
}

/// Workload 6: delete half of the notes with a predicate.
struct DeleteWorkload: Workload {
    let rows: Int
    var name: String { "delete" }
    var title: String { "delete(model:where:) of half of \(rows) notes, then save" }
    var budgets: [Budget] { [.ratioToRaw(atMost: 2), .fasterThanGRDB, .peakMemoryRatio(to: .raw, atMost: 2)] }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.filledNotesStore(rows: rows)
        switch way {
        case .core, .coreClean:
            let container = try OpenConnections.container(for: [BenchNote.self], reading: BenchNote.self, at: url)
            return PreparedRun(
                action: {
                    let context = ModelContext(container)
                    try context.delete(model: BenchNote.self, where: #Predicate { $0.isArchived })
                    try context.save()
                }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path)
            let delete = try database.prepare("DELETE FROM \"BenchNote\" WHERE \"isArchived\" = 1")
            return PreparedRun(
                action: { try database.transaction { try delete.run() } }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try OpenConnections.pool(at: url)
            return PreparedRun(
                action: {
                    _ = try pool.write { db in try NoteRecord.filter(Column("isArchived") == true).deleteAll(db) }
                }, cleanUp: { scratch.discard(url) })
        }
    }
}

/// Workload 9: after a save that changes a row of a 10k-row live `@Query`, read the query's refreshed results.
///
/// The core's way reads a `@Query` created in a model environment: the save marks it stale and the next
/// read brings it up to date. The other ways save and re-run the same query by hand.
struct RefreshWorkload: Workload {
    let rows: Int
    let resultSize: Int
    var name: String { "refresh" }
    var title: String {
        "Save touching a \(resultSize)-row live @Query of \(rows) notes, then read its refreshed results"
    }
    var budgets: [Budget] { [.milliseconds(atMost: 20), .ratioToRaw(atMost: 2), .fasterThanGRDB] }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.filledNotesStore(rows: rows)
        let threshold = NoteValues.priorityCount(rows: rows) * resultSize / rows
        let check: (Int) throws -> Void = { count in
            guard count > 0 else { throw BenchError.wrongResult("the refreshed result was empty") }
        }
        switch way {
        case .core, .coreClean:
            let container = try ModelContainer(for: BenchNote.self, configurations: ModelConfiguration(url: url))
            let list = ModelEnvironment.with(container) {
                RecentNoteList(filter: #Predicate { $0.priority < threshold })
            }
            let shown = list.notes
            try check(shown.count)
            return PreparedRun(
                action: {
                    shown[shown.count / 2].title += " (edited)"
                    try list.context.save()
                    try check(list.notes.count)
                }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path)
            let select = try database.prepare(
                "SELECT \(RawNotes.columns) FROM \"BenchNote\" WHERE \"priority\" < ? ORDER BY \"date\", \"_pk\"")
            let update = try database.prepare("UPDATE \"BenchNote\" SET \"title\" = ? WHERE \"_pk\" = ?")
            select.bind(1, Int64(threshold))
            var shown = try RawNotes.read(select)
            return PreparedRun(
                action: {
                    let edited = shown[shown.count / 2]
                    try database.transaction {
                        update.bind(1, edited.title + " (edited)")
                        update.bind(2, edited.key)
                        try update.run()
                    }
                    select.bind(1, Int64(threshold))
                    shown = try RawNotes.read(select)
                    try check(shown.count)
                }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try DatabasePool(path: url.path)
            let request = NoteRecord.filter(Column("priority") < threshold).order(Column("date"))
            var shown = try pool.read { try request.fetchAll($0) }
            return PreparedRun(
                action: {
                    var edited = shown[shown.count / 2]
                    edited.title += " (edited)"
                    try pool.write { try edited.update($0, columns: ["title"]) }
                    shown = try pool.read { try request.fetchAll($0) }
                    try check(shown.count)
                }, cleanUp: { scratch.discard(url) })
        }
    }
}

/// A list of notes as a view would declare it: a live query sorted by date.
struct RecentNoteList {
    @Query var notes: [BenchNote]

    init(filter: Predicate<BenchNote>) {
        _notes = Query(filter: filter, sort: \.date)
    }

    /// The context the query reads from, where the list's edits are saved.
    var context: ModelContext { _notes.modelContext }
}
