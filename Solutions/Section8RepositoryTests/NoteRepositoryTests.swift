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

/// Adds notes with these titles, created a minute apart in the order given.
@discardableResult
func addNotes(_ titles: [String], to repository: NoteRepository, pinned: Set<String> = []) throws -> [Note] {
    let notes = try titles.map { try repository.addNote(title: $0, isPinned: pinned.contains($0)) }
    for (minute, note) in notes.enumerated() {
        note.createdAt = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(minute) * 60)
    }
    try repository.context.save()
    return notes
}

@Suite("NoteRepository")
struct NoteRepositoryTests {
    @Test("a new note is listed with what it was given")
    func addedNoteIsListed() throws {
        try withRepository { repository in
            try repository.addNote(title: "Groceries", content: "Milk, eggs", isPinned: true)
            let listed = try repository.notes().map { "\($0.title): \($0.content), pinned \($0.isPinned)" }
            #expect(listed == ["Groceries: Milk, eggs, pinned true"])
        }
    }

    @Test("date order puts the newest note first")
    func newestFirst() throws {
        try withRepository { repository in
            try addNotes(["first", "second", "third"], to: repository)
            repository.settings.sortOrder = .date
            #expect(try repository.notes().map(\.title) == ["third", "second", "first"])
        }
    }

    @Test("title order is alphabetical, whatever the order of creation")
    func alphabetical() throws {
        try withRepository { repository in
            try addNotes(["pears", "apples", "cherries"], to: repository)
            repository.settings.sortOrder = .title
            #expect(try repository.notes().map(\.title) == ["apples", "cherries", "pears"])
        }
    }

    @Test("pinned notes lead when the setting is on and take their place when it is off")
    func pinnedFirst() throws {
        try withRepository { repository in
            try addNotes(["bills", "wifi code", "dentist"], to: repository, pinned: ["wifi code"])
            repository.settings.sortOrder = .title
            repository.settings.showPinnedFirst = true
            #expect(try repository.notes().map(\.title) == ["wifi code", "bills", "dentist"])
            repository.settings.showPinnedFirst = false
            #expect(try repository.notes().map(\.title) == ["bills", "dentist", "wifi code"])
        }
    }

    @Test("search looks in titles and contents, ignoring case and accents")
    func searchMatches() throws {
        try withRepository { repository in
            try repository.addNote(title: "Crème brûlée")
            try repository.addNote(title: "Dessert", content: "CREME caramel")
            try repository.addNote(title: "Cream tea")
            let found = try repository.notes(matching: "creme").map(\.title).sorted()
            #expect(found == ["Crème brûlée", "Dessert"])
        }
    }

    @Test("search results keep the list's order")
    func searchOrder() throws {
        try withRepository { repository in
            try addNotes(["hotel a", "gym", "hotel b", "hotel c"], to: repository, pinned: ["hotel b"])
            repository.settings.sortOrder = .date
            #expect(try repository.notes(matching: "hotel").map(\.title) == ["hotel b", "hotel c", "hotel a"])
        }
    }

    @Test("a note added with tag names carries each tag once, reusing a tag that exists")
    func addWithTags() throws {
        try withRepository { repository in
            let work = try repository.addTag(named: "work")
            let note = try repository.addNote(title: "Standup", tags: ["work", "daily", "work"])
            #expect(note.tags.map(\.name).sorted() == ["daily", "work"])
            #expect(note.tags.contains { $0 === work })
            #expect(try repository.allTags().map(\.name) == ["daily", "work"])
        }
    }

    @Test("a deleted note leaves the list")
    func deletedNoteLeaves() throws {
        try withRepository { repository in
            let notes = try addNotes(["keep", "drop"], to: repository)
            try repository.deleteNote(notes[1])
            #expect(try repository.notes().map(\.title) == ["keep"])
        }
    }

    @Test("an image's file taken off its note is removed from disk, and the note keeps no filename")
    func removedImageFileRemoved() throws {
        try withRepository { repository in
            let note = try repository.addNote(title: "Ticket")
            try repository.attachImage(Data("ticket".utf8), pathExtension: "png", to: note)
            let filename = try #require(note.imageFilename)
            try repository.removeImage(from: note)
            #expect(note.imageFilename == nil)
            #expect((try? repository.images.load(filename: filename)) == nil)
            #expect(try repository.imageData(of: note) == nil)
        }
    }

    @Test("a replaced image's file, and a deleted note's, are removed from disk")
    func imageFilesRemoved() throws {
        try withRepository { repository in
            let note = try repository.addNote(title: "Receipt")
            try repository.attachImage(Data("first".utf8), pathExtension: "jpg", to: note)
            let first = try #require(note.imageFilename)
            try repository.attachImage(Data("second".utf8), pathExtension: "jpg", to: note)
            let second = try #require(note.imageFilename)
            #expect((try? repository.images.load(filename: first)) == nil)
            #expect(try repository.imageData(of: note) == Data("second".utf8))

            try repository.deleteNote(note)
            #expect((try? repository.images.load(filename: second)) == nil)
        }
    }
}
