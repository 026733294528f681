import Foundation
import GRDB
import PersistenceModels
import PersistenceSQLiteStore

/// Workload 1: insert notes with one save.
struct InsertWorkload: Workload {
    let rows: Int
    var name: String { "insert" }
    var title: String { "Insert \(rows) notes with one save" }
    var budgets: [Budget] { [.ratioToRaw(atMost: 2), .fasterThanGRDB] }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.emptyStore(for: [BenchNote.self])
        let rows = rows
        switch way {
        case .core, .coreClean:
            let container = try ModelContainer(for: BenchNote.self, configurations: ModelConfiguration(url: url))
            return PreparedRun(
                action: {
                    let context = ModelContext(container)
                    for index in 0..<rows {
                        let values = NoteValues(index: index, rows: rows)
                        context.insert(
                            BenchNote(
                                identifier: values.identifier, title: values.title, content: values.content,
                                date: values.date, isArchived: values.isArchived, priority: values.priority
                            ))
                    }
                    try context.save()
                }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path)
            return PreparedRun(
                action: { try RawNotes.insert(rows: rows, into: database) }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try DatabasePool(path: url.path)
            return PreparedRun(
                action: {
                    try pool.write { db in
                        for index in 0..<rows {
                            var record = NoteRecord(NoteValues(index: index, rows: rows))
                            try record.insert(db)
                        }
                    }
                }, cleanUp: { scratch.discard(url) })
        }
    }
}

/// Workload 8: insert many notes in batches, saving after each batch, and watch peak memory.
struct BatchedInsertWorkload: Workload {
    let rows: Int
    let batchSize: Int
    var name: String { "batched-insert" }
    var title: String { "Insert \(rows) notes in batches of \(batchSize), saving each batch (peak memory)" }
    var budgets: [Budget] { [.peakMemory(atMostMegabytes: 300), .ratioToRaw(atMost: 2), .fasterThanGRDB] }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.emptyStore(for: [BenchNote.self])
        let (rows, batchSize) = (rows, batchSize)
        let batches = stride(from: 0, to: rows, by: batchSize).map { $0..<min($0 + batchSize, rows) }
        switch way {
        case .core, .coreClean:
            let container = try ModelContainer(for: BenchNote.self, configurations: ModelConfiguration(url: url))
            return PreparedRun(
                action: {
                    let context = ModelContext(container)
                    for batch in batches {
                        for index in batch {
                            let values = NoteValues(index: index, rows: rows)
                            context.insert(
                                BenchNote(
                                    identifier: values.identifier, title: values.title, content: values.content,
                                    date: values.date, isArchived: values.isArchived, priority: values.priority
                                ))
                        }
                        try context.save()
                    }
                }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path)
            return PreparedRun(
                action: {
                    for batch in batches { try RawNotes.insert(rows: rows, range: batch, into: database) }
                }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try DatabasePool(path: url.path)
            return PreparedRun(
                action: {
                    for batch in batches {
                        try pool.write { db in
                            for index in batch {
                                var record = NoteRecord(NoteValues(index: index, rows: rows))
                                try record.insert(db)
                            }
                        }
                    }
                }, cleanUp: { scratch.discard(url) })
        }
    }
}
