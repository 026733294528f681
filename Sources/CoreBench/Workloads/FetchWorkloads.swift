import Foundation
import GRDB
import PersistenceModels
import PersistenceSQLiteStore

/// Workload 2: fetch every note as objects.
struct FetchAllWorkload: Workload {
    let rows: Int
    var name: String { "fetch-all" }
    var title: String { "Fetch all \(rows) notes as objects" }
    var budgets: [Budget] { [.ratioToRaw(atMost: 2), .fasterThanGRDB] }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.filledNotesStore(rows: rows)
        let expected = rows
        let check: (Int) throws -> Void = { count in
            guard count == expected else {
                throw BenchError.wrongResult("fetched \(count) notes instead of \(expected)")
            }
        }
        switch way {
        case .core, .coreClean:
            let container = try OpenConnections.container(for: [BenchNote.self], reading: BenchNote.self, at: url)
            return PreparedRun(
                action: {
                    let notes = try ModelContext(container).fetch(FetchDescriptor<BenchNote>())
                    try check(notes.count)
                }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path, mapsFile: true)
            let statement = try database.prepare("SELECT \(RawNotes.columns) FROM \"BenchNote\"")
            return PreparedRun(action: { try check(RawNotes.read(statement).count) }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try OpenConnections.pool(at: url)
            return PreparedRun(
                action: { try check(pool.read { try NoteRecord.fetchAll($0) }.count) },
                cleanUp: { scratch.discard(url) })
        }
    }
}

/// Workload 3: an indexed, filtered, sorted fetch returning about 20 rows.
struct FilteredFetchWorkload: Workload {
    let rows: Int
    var name: String { "filtered-fetch" }
    var title: String { "Filtered, sorted fetch of ~20 of \(rows) notes (index on priority, date), per query" }
    var budgets: [Budget] { [.milliseconds(atMost: 5), .ratioToRaw(atMost: 2), .fasterThanGRDB] }
    var operationsPerSample: Int { 50 }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.filledNotesStore(rows: rows)
        let priorities = (0..<operationsPerSample).map { ($0 * 997) % NoteValues.priorityCount(rows: rows) }
        let check: (Int) throws -> Void = { count in
            guard (10...30).contains(count) else {
                throw BenchError.wrongResult("the filtered fetch returned \(count) notes")
            }
        }
        switch way {
        case .core, .coreClean:
            let container = try OpenConnections.container(for: [BenchNote.self], reading: BenchNote.self, at: url)
            return PreparedRun(
                action: {
                    let context = ModelContext(container)
                    for priority in priorities {
                        let descriptor = FetchDescriptor<BenchNote>(
                            predicate: #Predicate { $0.priority == priority },
                            sortBy: [SortDescriptor(\.date, order: .reverse)]
                        )
                        try check(context.fetch(descriptor).count)
                    }
                }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path, mapsFile: true)
            let statement = try database.prepare(
                "SELECT \(RawNotes.columns) FROM \"BenchNote\" WHERE \"priority\" = ? ORDER BY \"date\" DESC, \"_pk\""
            )
            return PreparedRun(
                action: {
                    for priority in priorities {
                        statement.bind(1, Int64(priority))
                        try check(RawNotes.read(statement).count)
                    }
                }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try OpenConnections.pool(at: url)
            return PreparedRun(
                action: {
                    for priority in priorities {
                        let notes = try pool.read { db in
                            try NoteRecord.filter(Column("priority") == priority).order(Column("date").desc).fetchAll(
                                db)
                        }
                        try check(notes.count)
                    }
                }, cleanUp: { scratch.discard(url) })
        }
    }
}

/// Workload 4: count the notes matching a predicate.
struct CountWorkload: Workload {
    let rows: Int
    var name: String { "count" }
    var title: String { "fetchCount with a predicate over \(rows) notes, per query" }
    var budgets: [Budget] { [.ratioToRaw(atMost: 1.5), .fasterThanGRDB] }
    var operationsPerSample: Int { 5 }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.filledNotesStore(rows: rows)
        let threshold = NoteValues.priorityCount(rows: rows) / 4
        let operations = operationsPerSample
        let check: (Int) throws -> Void = { count in
            guard count > 0 else { throw BenchError.wrongResult("the count was \(count)") }
        }
        switch way {
        case .core, .coreClean:
            let container = try OpenConnections.container(for: [BenchNote.self], reading: BenchNote.self, at: url)
            return PreparedRun(
                action: {
                    let context = ModelContext(container)
                    let descriptor = FetchDescriptor<BenchNote>(
                        predicate: #Predicate { $0.priority < threshold && !$0.isArchived })
                    for _ in 0..<operations { try check(context.fetchCount(descriptor)) }
                }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path, mapsFile: true)
            let statement = try database.prepare(
                "SELECT COUNT(*) FROM \"BenchNote\" WHERE \"priority\" < ? AND \"isArchived\" = 0")
            return PreparedRun(
                action: {
                    for _ in 0..<operations {
                        statement.bind(1, Int64(threshold))
                        _ = try statement.step()
                        let count = Int(statement.int64(0))
                        statement.reset()
                        try check(count)
                    }
                }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try OpenConnections.pool(at: url)
            return PreparedRun(
                action: {
                    for _ in 0..<operations {
                        try check(
                            pool.read { db in
                                try NoteRecord.filter(Column("priority") < threshold && Column("isArchived") == false)
                                    .fetchCount(db)
                            })
                    }
                }, cleanUp: { scratch.discard(url) })
        }
    }
}

/// Workload 11: the filtered fetch of workload 3 from a context holding one unsaved edit of a note.
///
/// The edit moves a note into the first query's results, so the fetch must merge it with the rows SQL
/// returns. `core-clean` runs the same fetches with nothing pending; the raw way shows the floor.
struct PendingFetchWorkload: Workload {
    let rows: Int
    var name: String { "pending-fetch" }
    var title: String { "Filtered fetch of ~20 of \(rows) notes with one unsaved edit pending, per query" }
    var budgets: [Budget] { [.ratio(to: .coreClean, atMost: 2), .peakMemoryRatio(to: .coreClean, atMost: 2)] }
    var ways: [Way] { [.core, .coreClean, .raw] }
    var operationsPerSample: Int { 50 }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.filledNotesStore(rows: rows)
        let priorities = (0..<operationsPerSample).map { ($0 * 997) % NoteValues.priorityCount(rows: rows) }
        let check: (Int) throws -> Void = { count in
            guard (10...31).contains(count) else {
                throw BenchError.wrongResult("the filtered fetch returned \(count) notes")
            }
        }
        switch way {
        case .core, .coreClean:
            let container = try OpenConnections.container(for: [BenchNote.self], reading: BenchNote.self, at: url)
            let context = ModelContext(container)
            context.autosaveEnabled = false
            let firstPriority = priorities[0]
            if way == .core {
                // One note from outside the first query's results, moved into them and left unsaved.
                var descriptor = FetchDescriptor<BenchNote>(predicate: #Predicate { $0.priority != firstPriority })
                descriptor.fetchLimit = 1
                guard let edited = try context.fetch(descriptor).first else {
                    throw BenchError.wrongResult("no note to edit")
                }
                edited.priority = firstPriority
                guard context.hasChanges else { throw BenchError.wrongResult("the edit is not pending") }
            }
            return PreparedRun(
                action: {
                    for priority in priorities {
                        let descriptor = FetchDescriptor<BenchNote>(
                            predicate: #Predicate { $0.priority == priority },
                            sortBy: [SortDescriptor(\.date, order: .reverse)]
                        )
                        try check(context.fetch(descriptor).count)
                    }
                },
                cleanUp: {
                    // A context dropped with a change pending is kept alive by the changed model, which holds it,
                    // with its container and connections; dropping the change lets the next runs start clean.
                    context.rollback()
                    scratch.discard(url)
                })
        case .raw, .grdb:
            let database = try RawDatabase(path: url.path, mapsFile: true)
            let statement = try database.prepare(
                "SELECT \(RawNotes.columns) FROM \"BenchNote\" WHERE \"priority\" = ? ORDER BY \"date\" DESC, \"_pk\""
            )
            return PreparedRun(
                action: {
                    for priority in priorities {
                        statement.bind(1, Int64(priority))
                        try check(RawNotes.read(statement).count)
                    }
                }, cleanUp: { scratch.discard(url) })
        }
    }
}

/// A result that shows a workload did not do its job.
enum BenchError: Error, CustomStringConvertible {
    case wrongResult(String)

    var description: String {
        switch self {
        case .wrongResult(let detail): "Benchmark check failed: \(detail) — while verifying a workload's result"
        }
    }
}
