// Section 8 — Practice project: NoteTaker
// Exercise 8.2: tests of your own for NoteRepository, on a store in memory.
//
// coach grades these tests, not your repository: they must pass on the reference NoteRepository and
// fail on each of several wrong ones (`swift run coach check 8` lists them as they are caught).
// Run them against your own repository with `swift test --filter Section8RepositoryTests`.

import Foundation
import PersistenceCore
import Section8NoteTaker
import Testing
import PersistenceWorkbench

/// Runs `body` with a repository over a new in-memory store and settings in a preference file of their
/// own, so no test sees another's notes or touches the app's real preferences.
func withRepository(_ body: (NoteRepository) throws -> Void) throws {
    let sandbox = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker.tests")
    defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
    let container = try NoteTakerStore.makeContainer(sandbox: sandbox, inMemory: true)
    let repository = NoteRepository(
        context: ModelContext(container),
        settings: NoteTakerSettings(store: UserDefaults(sandbox: sandbox)),
        images: NoteImageStore(sandbox: sandbox)
    )
    try body(repository)
}

@Suite("NoteRepository")
struct NoteRepositoryTests {
    // TODO: Write a @Test for each promise NoteRepository's documentation makes about listing,
    // searching and adding notes: the order for each setting, pinned notes first or not, what a search
    // matches, and the tags a new note carries. Give notes creation dates of your own (set `createdAt`
    // and save) so an order never depends on how fast the notes were made. For example:
    //
    // @Test("a new note is listed")
    // func addedNoteIsListed() throws {
    //     try withRepository { repository in
    //         try repository.addNote(title: "Groceries")
    //         #expect(try repository.notes().map(\.title) == ["Groceries"])
    //     }
    // }
}
