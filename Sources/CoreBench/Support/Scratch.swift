import Foundation
import PersistenceModels
import PersistenceSQLiteStore

/// Temporary store files for the workloads, and filled templates copied before each run.
final class Scratch {
    let root: URL
    private var templates: [Int: URL] = [:]
    private var counter = 0

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "core-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: root)
    }

    /// A path for a store that does not exist yet.
    func freshPath() -> URL {
        counter += 1
        let folder = root.appending(path: "run-\(counter)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appending(path: "bench.store")
    }

    /// Removes a run's store and its WAL files.
    func discard(_ url: URL) {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

    /// A new store whose tables the core created, for `types`; nothing is open on it afterwards.
    func emptyStore(for types: [any PersistentModel.Type]) throws -> URL {
        let url = freshPath()
        _ = try ModelContainer(for: Schema(types), configurations: ModelConfiguration(url: url))
        return url
    }

    /// A copy of a store holding `rows` generated notes.
    func filledNotesStore(rows: Int) throws -> URL {
        let template = try notesTemplate(rows: rows)
        let url = freshPath()
        try FileManager.default.copyItem(at: template, to: url)
        return url
    }

    private func notesTemplate(rows: Int) throws -> URL {
        if let template = templates[rows] { return template }
        let url = try emptyStore(for: [BenchNote.self])
        let database = try RawDatabase(path: url.path)
        try RawNotes.insert(rows: rows, into: database)
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        templates[rows] = url
        return url
    }
}
