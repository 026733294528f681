import Foundation
import GRDB
import PersistenceModels
import PersistenceSQLiteStore

/// Shared sizes of the many-to-many workloads.
struct TagShape {
    let notes: Int
    let tagsPerNote = 5
    let tagPool = 100

    func tagIndices(ofNote note: Int) -> [Int] {
        (0..<tagsPerNote).map { (note &* 31 + $0 &* 17) % tagPool }
    }
}

/// Inserts the tagged notes for a way; used by both many-to-many workloads.
enum TagWriter {
    static func insertCore(_ shape: TagShape, into container: ModelContainer) throws {
        let context = ModelContext(container)
        let tags = (0..<shape.tagPool).map { BenchTag(name: "tag \($0)") }
        for index in 0..<shape.notes {
            let note = BenchTaggedNote(title: "Note \(index)")
            context.insert(note)
            note.tags = shape.tagIndices(ofNote: index).map { tags[$0] }
        }
        try context.save()
    }

    static func insertRaw(_ shape: TagShape, into database: RawDatabase) throws {
        let insertTag = try database.prepare("INSERT INTO \"BenchTag\" (\"name\") VALUES (?)")
        let insertNote = try database.prepare("INSERT INTO \"BenchTaggedNote\" (\"title\") VALUES (?)")
        let insertLink = try database.prepare(
            "INSERT INTO \"BenchTaggedNote_tags\" (\"owner\", \"target\") VALUES (?, ?)")
        try database.transaction {
            var tagKeys: [Int64] = []
            for index in 0..<shape.tagPool {
                insertTag.bind(1, "tag \(index)")
                try insertTag.run()
                tagKeys.append(database.lastInsertedRowID)
            }
            for index in 0..<shape.notes {
                insertNote.bind(1, "Note \(index)")
                try insertNote.run()
                let noteKey = database.lastInsertedRowID
                for tag in shape.tagIndices(ofNote: index) {
                    insertLink.bind(1, noteKey)
                    insertLink.bind(2, tagKeys[tag])
                    try insertLink.run()
                }
            }
        }
    }

    static func insertGRDB(_ shape: TagShape, into pool: DatabasePool) throws {
        try pool.write { db in
            var tagKeys: [Int64] = []
            for index in 0..<shape.tagPool {
                var tag = TagRecord(name: "tag \(index)")
                try tag.insert(db)
                tagKeys.append(tag._pk!)
            }
            for index in 0..<shape.notes {
                var note = TaggedNoteRecord(title: "Note \(index)")
                try note.insert(db)
                for tag in shape.tagIndices(ofNote: index) {
                    try TagLinkRecord(owner: note._pk!, target: tagKeys[tag]).insert(db)
                }
            }
        }
    }
}

private var tagTypes: [any PersistentModel.Type] { [BenchTaggedNote.self, BenchTag.self] }

/// Workload 7a: insert notes with five tags each (many-to-many) in one save.
struct TagInsertWorkload: Workload {
    let shape: TagShape
    var name: String { "tags-insert" }
    var title: String { "Insert \(shape.notes) notes × \(shape.tagsPerNote) tags (many-to-many), one save" }
    var budgets: [Budget] { [.ratioToRaw(atMost: 2), .fasterThanGRDB] }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.emptyStore(for: tagTypes)
        let shape = shape
        switch way {
        case .core, .coreClean:
            let container = try ModelContainer(for: Schema(tagTypes), configurations: ModelConfiguration(url: url))
            return PreparedRun(
                action: { try TagWriter.insertCore(shape, into: container) }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path)
            return PreparedRun(
                action: { try TagWriter.insertRaw(shape, into: database) }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try DatabasePool(path: url.path)
            return PreparedRun(
                action: { try TagWriter.insertGRDB(shape, into: pool) }, cleanUp: { scratch.discard(url) })
        }
    }
}

/// Workload 7b: fetch the tagged notes with their tags loaded up front; `prefetch` is the same for
/// rows/10 notes, so that the prefetch reads far more owners than one SQL statement may bind.
struct TagFetchWorkload: Workload {
    let shape: TagShape
    var name = "tags-fetch"
    var title: String { "Fetch \(shape.notes) notes with their tags prefetched, reading every tag" }
    var budgets: [Budget] { [.ratioToRaw(atMost: 2), .fasterThanGRDB] }

    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun {
        let url = try scratch.emptyStore(for: tagTypes)
        let filler = try RawDatabase(path: url.path)
        try TagWriter.insertRaw(shape, into: filler)
        let expected = shape.notes * shape.tagsPerNote
        let check: (Int) throws -> Void = { links in
            guard links == expected else {
                throw BenchError.wrongResult("read \(links) tag links instead of \(expected)")
            }
        }
        switch way {
        case .core, .coreClean:
            let container = try OpenConnections.container(for: tagTypes, reading: BenchTaggedNote.self, at: url)
            return PreparedRun(
                action: {
                    var descriptor = FetchDescriptor<BenchTaggedNote>()
                    descriptor.relationshipKeyPathsForPrefetching = [\.tags]
                    let notes = try ModelContext(container).fetch(descriptor)
                    try check(notes.reduce(0) { $0 + $1.tags.count })
                }, cleanUp: { scratch.discard(url) })
        case .raw:
            let database = try RawDatabase(path: url.path, mapsFile: true)
            let notesQuery = try database.prepare("SELECT \"_pk\", \"title\" FROM \"BenchTaggedNote\" ORDER BY \"_pk\"")
            let tagsQuery = try database.prepare(
                "SELECT link.\"owner\", tag.\"_pk\", tag.\"name\" FROM \"BenchTaggedNote_tags\" AS link JOIN \"BenchTag\" AS tag ON tag.\"_pk\" = link.\"target\""
            )
            return PreparedRun(
                action: {
                    struct Tag {
                        var key: Int64
                        var name: String
                    }
                    struct Note {
                        var key: Int64
                        var title: String
                        var tags: [Tag] = []
                    }
                    var notes: [Note] = []
                    var position: [Int64: Int] = [:]
                    while try notesQuery.step() {
                        position[notesQuery.int64(0)] = notes.count
                        notes.append(Note(key: notesQuery.int64(0), title: notesQuery.string(1)))
                    }
                    notesQuery.reset()
                    while try tagsQuery.step() {
                        guard let index = position[tagsQuery.int64(0)] else { continue }
                        notes[index].tags.append(Tag(key: tagsQuery.int64(1), name: tagsQuery.string(2)))
                    }
                    tagsQuery.reset()
                    try check(notes.reduce(0) { $0 + $1.tags.count })
                }, cleanUp: { scratch.discard(url) })
        case .grdb:
            let pool = try OpenConnections.pool(at: url)
            return PreparedRun(
                action: {
                    let notes = try pool.read { db in
                        try TaggedNoteRecord.including(all: TaggedNoteRecord.tags).asRequest(
                            of: TaggedNoteWithTags.self
                        ).fetchAll(db)
                    }
                    try check(notes.reduce(0) { $0 + $1.tags.count })
                }, cleanUp: { scratch.discard(url) })
        }
    }
}
