import DeviceBench
import Foundation
import LegacyFetching
import PersistenceCore
import PersistenceWorkbench
import Section7CoreData
import Testing

@Suite("Section 7: old and new code side by side")
struct CoexistenceChecks {
    @Test("old and new fetches agree on one store file while both sides add and delete notes")
    func sideBySide() throws {
        try ThrowawayDevice.run(app: "com.example.NoteTaker") { device in
            let url = device.sandbox.applicationSupportDirectory.appending(path: "Notes.store")
            // The screens not yet ported keep their own container on the same file as the new ones.
            let legacySide = ModelContext(
                try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: url)))
            let newSide = ModelContext(try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: url)))

            for note in NoteBench.sampleNotes() { legacySide.insert(note) }
            try legacySide.save()
            try expectAgreement(legacySide: legacySide, newSide: newSide, after: "the old code saved the sample notes")

            newSide.insert(
                Note(
                    title: "Café terrace booking", createdAt: NoteBench.hour(20), isPinned: true, folder: "Home",
                    wordCount: 20))
            try newSide.save()
            try expectAgreement(legacySide: legacySide, newSide: newSide, after: "the new code saved a pinned note")

            for note in try newSide.fetch(NoteRequests.titledContaining("cafe")) { newSide.delete(note) }
            try newSide.save()
            try expectAgreement(
                legacySide: legacySide, newSide: newSide, after: "the new code deleted the notes it found for \"cafe\"")
        }
    }

    /// Records a failure unless each port, run by the new side, finds the notes its legacy request finds on the old side.
    private func expectAgreement(legacySide: ModelContext, newSide: ModelContext, after event: String) throws {
        let pairs: [(String, LegacyFetchRequest<Note>, FetchDescriptor<Note>)] = [
            ("pinnedNewestFirst", LegacyNoteRequests.pinnedNewestFirst, NoteRequests.pinnedNewestFirst),
            (
                "titledContaining(\"cafe\")", LegacyNoteRequests.titledContaining("cafe"),
                NoteRequests.titledContaining("cafe")
            ),
            ("byFolderThenNewest", LegacyNoteRequests.byFolderThenNewest, NoteRequests.byFolderThenNewest),
        ]
        for (name, legacy, port) in pairs {
            let expected = try legacy.execute(in: legacySide).map(describe)
            let found = try newSide.fetch(port).map(describe)
            #expect(
                found == expected,
                "After \(event), NoteRequests.\(name) through the new container: expected what the legacy request finds through the old one, [\(expected.joined(separator: ", "))], found [\(found.joined(separator: ", "))]. Both containers read the same file, so the two must agree."
            )
        }
    }
}
