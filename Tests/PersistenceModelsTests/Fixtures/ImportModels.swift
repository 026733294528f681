import Foundation

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// The models the import and history tests store.
enum ImportModels {
    nonisolated(unsafe) static let all: [any PersistentModel.Type] = [
        ImportedRecord.self, Note.self, Tag.self, Folder.self,
    ]
}

/// A small model for bulk imports: no relationships, so an import measures saving alone.
@Model
final class ImportedRecord {
    var index: Int
    var name: String

    init(index: Int, name: String) {
        self.index = index
        self.name = name
    }
}

/// Imports records and works on notes off the main actor, as an app's background importer would.
@ModelActor
actor RecordImporter {
    /// Inserts `count` records, saving every `batchSize`; returns how many saves it made.
    func importRecords(count: Int, batchSize: Int, firstIndex: Int = 0) throws -> Int {
        var saves = 0
        var next = firstIndex
        let end = firstIndex + count
        while next < end {
            let batchEnd = min(next + batchSize, end)
            for index in next..<batchEnd {
                modelContext.insert(ImportedRecord(index: index, name: "record \(index)"))
            }
            try modelContext.save()
            saves += 1
            next = batchEnd
        }
        return saves
    }

    /// Whether the caller runs on this actor's own model executor rather than on the main thread.
    func runsOnItsModelExecutor() -> Bool {
        let onExecutor = (modelExecutor as? DefaultSerialModelExecutor)?.isRunningCurrentJob ?? false
        return onExecutor && !Thread.isMainThread
    }

    /// Renames the note with an identifier another context handed over; `false` when there is no such note.
    func renameNote(_ id: PersistentIdentifier, to title: String) throws -> Bool {
        guard let note = self[id, as: Note.self] else { return false }
        note.title = title
        try modelContext.save()
        return true
    }

    /// Looks a note up by identifier: whether the context held it before, its title through
    /// `model(for:)`, and whether the context holds it once loaded.
    func lookUpNote(_ id: PersistentIdentifier) -> (heldBefore: Bool, title: String?, heldAfter: Bool) {
        let before: Note? = modelContext.registeredModel(for: id)
        let note = modelContext.model(for: id) as? Note
        let after: Note? = modelContext.registeredModel(for: id)
        return (before != nil, note?.title, after != nil && after === note)
    }

    /// Inserts and saves a note, returning its identifier for other contexts.
    func insertNote(titled title: String) throws -> PersistentIdentifier {
        let note = Note(title: title)
        modelContext.insert(note)
        try modelContext.save()
        return note.persistentModelID
    }

    /// The number of records this actor's context sees.
    func recordCount() throws -> Int {
        try modelContext.fetchCount(FetchDescriptor<ImportedRecord>())
    }
}
