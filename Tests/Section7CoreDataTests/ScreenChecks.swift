import Foundation
import LegacyFetching
import PersistenceCore
import PersistenceWorkbench
import Section7CoreData
import Testing

@Suite("Section 7: @FetchRequest, ported to @Query")
struct ScreenChecks {
    @Test("the pinned notes screen lists what the old @FetchRequest listed")
    func screenMatchesLegacy() throws {
        let container = try NoteBench.inMemoryContainer()
        let context = ModelContext(container)
        for note in NoteBench.sampleNotes() { context.insert(note) }
        try context.save()

        let screen = ModelEnvironment.with(context) { PinnedNotesScreen() }
        let expected = try LegacyNoteRequests.pinnedNewestFirst.execute(in: context)
        let found = screen.notes
        #expect(
            found.map(\.persistentModelID) == expected.map(\.persistentModelID),
            "PinnedNotesScreen().notes: expected the pinned notes, newest first, \(describe(expected)), found \(describe(found))."
        )
    }

    @Test("the pinned notes screen updates when a pinned note is saved")
    func screenStaysCurrent() throws {
        let container = try NoteBench.inMemoryContainer()
        let context = ModelContext(container)
        for note in NoteBench.sampleNotes() { context.insert(note) }
        try context.save()
        let screen = ModelEnvironment.with(context) { PinnedNotesScreen() }
        let before = screen.notes.map(\.title)

        context.insert(Note(title: "Flight check-in", createdAt: NoteBench.hour(30), isPinned: true))
        try context.save()

        let expected = try LegacyNoteRequests.pinnedNewestFirst.execute(in: context)
        let found = screen.notes
        #expect(
            found.map(\.persistentModelID) == expected.map(\.persistentModelID),
            "PinnedNotesScreen().notes after saving a new pinned note (first read: \(before)): expected \(describe(expected)), found \(describe(found))."
        )
    }

    @Test("the pinned notes screen keeps notes created at the same moment in the order they were saved")
    func screenTies() throws {
        let context = try NoteBench.tiedContext()
        let screen = ModelEnvironment.with(context) { PinnedNotesScreen() }

        let expected = try LegacyNoteRequests.pinnedNewestFirst.execute(in: context)
        let found = screen.notes
        #expect(
            found.map(\.persistentModelID) == expected.map(\.persistentModelID),
            "PinnedNotesScreen().notes on pinned notes that share a creation time: expected what the old @FetchRequest listed, \(describe(expected)), found \(describe(found))."
        )
    }
}
