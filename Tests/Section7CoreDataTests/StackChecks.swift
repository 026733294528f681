import DeviceBench
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section7CoreData
import Testing

@Suite("Section 7: the stack around the requests")
struct StackChecks {
    @Test("a store at /dev/null ports as a container kept in memory: no file is written and the next one starts empty")
    func inMemoryStore() throws {
        try ThrowawayDevice.run(app: "com.example.NoteTaker") { device in
            let url = device.sandbox.applicationSupportDirectory.appending(path: "Notes.store")
            for round in 1...3 {
                let container = try NoteStack.makeContainer(storeURL: url, inMemory: true)
                let context = ModelContext(container)
                let found = try context.fetchCount(FetchDescriptor<Note>())
                #expect(
                    found == 0,
                    "Container \(round) kept in memory found \(found) note(s) of an earlier container: a store at /dev/null starts empty every time, so isStoredInMemoryOnly must be true."
                )
                context.insert(Note(title: "Scratch \(round)", createdAt: NoteBench.hour(Double(round))))
                try context.save()
                #expect(
                    try context.fetchCount(FetchDescriptor<Note>()) == 1, "a container kept in memory lost its save")
                #expect(
                    !FileManager.default.fileExists(atPath: url.path),
                    "A container kept in memory wrote the store file \(url.lastPathComponent): inMemory means no file at all."
                )
            }
        }
    }

    @Test("a store file ports as a container on that file: its notes are there each time it is opened again")
    func storeFile() throws {
        try ThrowawayDevice.run(app: "com.example.NoteTaker") { device in
            let url = device.sandbox.applicationSupportDirectory.appending(path: "Notes.store")
            var saved: [String] = []
            for round in 1...3 {
                let container = try NoteStack.makeContainer(storeURL: url, inMemory: false)
                let context = ModelContext(container)
                let found = try context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.createdAt)])).map(\.title)
                #expect(
                    found == saved,
                    "Opened for the \(round). time, the container at \(url.lastPathComponent) found [\(found.joined(separator: ", "))], expected the notes saved before, [\(saved.joined(separator: ", "))]."
                )
                let title = "Kept \(round)"
                context.insert(Note(title: title, createdAt: NoteBench.hour(Double(round))))
                try context.save()
                saved.append(title)
                #expect(
                    FileManager.default.fileExists(atPath: url.path),
                    "After a save, there is no store file at the URL given (\(url.path)): the configuration must name it."
                )
            }
        }
    }

    @Test("the background import saves its notes, and the main context sees them without a merge setting")
    @MainActor
    func backgroundImport() async throws {
        let container = try NoteBench.inMemoryContainer()
        let batches: [([String], Double)] = [
            (["Groceries", "Dentist", "Café booking"], 2), (["Invoice"], 3), (["Packing", "Zoo tickets"], 4),
        ]
        var expected: [String] = []
        let importer = NoteImporter(modelContainer: container)
        for (number, (titles, hour)) in batches.enumerated() {
            // The third batch comes through an importer of its own, as a new background context would.
            let batchImporter = number == 2 ? NoteImporter(modelContainer: container) : importer
            try await batchImporter.importTitles(titles, createdAt: NoteBench.hour(hour))
            expected += titles
            let seen = try container.mainContext.fetch(FetchDescriptor<Note>())
            #expect(
                seen.map(\.title).sorted() == expected.sorted(),
                "After import \(number + 1), the main context found [\(seen.map(\.title).sorted().joined(separator: ", "))], expected [\(expected.sorted().joined(separator: ", "))]: the importer must insert each title once and save."
            )
            let wrongDates = seen.filter { note in
                batches.first { $0.0.contains(note.title) }.map { NoteBench.hour($0.1) != note.createdAt } ?? true
            }
            #expect(
                wrongDates.isEmpty,
                "Notes \(wrongDates.map(\.title)) do not have the createdAt their import was given: each note is created at `createdAt`."
            )
        }
    }

    @Test("an import into a store that refuses saves throws the save's error instead of dropping the notes quietly")
    func refusedImport() async throws {
        let container = try ModelContainer(
            for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: false))
        let importer = NoteImporter(modelContainer: container)
        for round in 1...2 {
            await #expect(
                throws: (any Error).self,
                "Import \(round) into a container whose configuration has allowsSave: false returned without an error: importTitles must pass on the error of its save (try, not try?), where the old code's try? lost the notes without a word."
            ) {
                try await importer.importTitles(["Refused \(round)"], createdAt: NoteBench.hour(Double(round)))
            }
        }
    }
}
