import Foundation
import PersistenceCore
import Section6Tags
import Testing

@Suite("Section 6: the note list")
struct NoteListChecks {
    @Test("the note list shows the notes already in the store when the app launches")
    func listReadsTheEnvironment() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Packing list", minutesAgo: 30))
                context.insert(makeNote("Book ideas", minutesAgo: 10))
            }
            let titles = try bench.launch().noteList().notes.map(\.title).sorted()
            let expected = ["Book ideas", "Packing list"]
            #expect(
                titles == expected,
                "The list's notes right after launch, with two notes in the store: expected \(describe(expected)), found \(describe(titles))."
            )
        }
    }

    @Test("a note added from the list is saved in the store file")
    func addNoteSaves() throws {
        try NoteBench.run { bench in
            try bench.launch().noteList().addNote()

            let stored = try storedNotes(in: bench.launch().context)
            #expect(
                stored.map(\.title) == ["New Note"],
                "Notes in the store file after addNote(), read by a fresh container: expected [\"New Note\"], found \(describe(stored.map(\.title)))."
            )
            guard let note = stored.first else { return }
            #expect(
                note.content.isEmpty && !note.isPinned,
                "The new note: expected empty content and not pinned, found content \"\(note.content)\" and isPinned \(note.isPinned)."
            )
        }
    }

    @Test("the note list shows the newest note first")
    func newestFirst() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Tuesday", minutesAgo: 20))
                context.insert(makeNote("Thursday", minutesAgo: 5))
                context.insert(makeNote("Monday", minutesAgo: 30))
            }
            let titles = try bench.launch().noteList().notes.map(\.title)
            let expected = ["Thursday", "Tuesday", "Monday"]
            #expect(
                titles == expected,
                "The list's notes: expected \(describe(expected)) (newest first), found \(describe(titles)).")
        }
    }

    @Test("a new note appears in the list at once")
    func addedNoteShows() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Older note", minutesAgo: 60))
            }
            let list = try bench.launch().noteList()
            let before = list.notes.map(\.title)
            let added = try list.addNote()

            let after = list.notes.map(\.title)
            #expect(
                after == ["New Note", "Older note"],
                "The same list's notes after addNote() (first read: \(describe(before))): expected [\"New Note\", \"Older note\"], found \(describe(after))."
            )
            #expect(
                list.notes.first === added,
                "The first row of the list after addNote(): expected the note addNote() returned, found \(list.notes.first.map { "\"\($0.title)\"" } ?? "no note")."
            )
        }
    }

    @Test("deleted notes leave the list at once")
    func deletedNoteLeaves() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Keep me", minutesAgo: 30))
                context.insert(makeNote("Throw me away", minutesAgo: 10))
            }
            let list = try bench.launch().noteList()
            let before = list.notes.map(\.title)
            try #require(
                before.count == 2, "The list's notes before deleting: expected 2 notes, found \(describe(before)).")
            try list.deleteNotes(at: IndexSet(integer: 0))

            let after = list.notes.map(\.title)
            #expect(
                after == ["Keep me"],
                "The same list's notes after deleteNotes(at: [0]) on \(describe(before)): expected [\"Keep me\"], found \(describe(after))."
            )
        }
    }

    @Test("deleting notes at offsets deletes exactly the notes in those rows")
    func deleteAtOffsets() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Monday", minutesAgo: 40))
                context.insert(makeNote("Tuesday", minutesAgo: 30))
                context.insert(makeNote("Wednesday", minutesAgo: 20))
                context.insert(makeNote("Thursday", minutesAgo: 10))
            }
            let list = try bench.launch().noteList()
            let before = list.notes.map(\.title)
            try #require(
                before.count == 4, "The list's notes before deleting: expected 4 notes, found \(describe(before)).")
            try list.deleteNotes(at: IndexSet([0, 2]))

            let after = list.notes.map(\.title)
            #expect(
                after == ["Wednesday", "Monday"],
                "The list after deleteNotes(at: [0, 2]) on \(describe(before)): expected [\"Wednesday\", \"Monday\"] (rows 0 and 2 gone), found \(describe(after))."
            )
        }
    }

    @Test("the list shows its empty state only when there are no notes")
    func emptyState() throws {
        try NoteBench.run { bench in
            let app = try bench.launch()
            let list = app.noteList()
            let whenEmpty = list.showsEmptyState
            #expect(whenEmpty, "showsEmptyState with no notes in the store: expected true, found false.")
            app.context.insert(makeNote("First note", minutesAgo: 1))
            try app.context.save()
            let withANote = list.showsEmptyState
            #expect(!withANote, "showsEmptyState once a note is saved: expected false, found true.")
        }
    }

    @Test("deleting a note keeps its tags")
    func deleteNoteKeepsTags() throws {
        try NoteBench.run { bench in
            try bench.seed(tripAndBudget)
            let list = try bench.launch().noteList()
            let before = list.notes.map(\.title)
            try #require(
                before == ["Trip", "Budget"],
                "The list's notes before deleting: expected [\"Trip\", \"Budget\"], found \(describe(before)).")
            try list.deleteNotes(at: IndexSet(integer: 0))

            let reopened = try bench.launch().context
            let notes = try storedNotes(in: reopened).map(\.title)
            #expect(
                notes == ["Budget"],
                "Notes in the store file after deleting \"Trip\": expected [\"Budget\"], found \(describe(notes)).")
            let tags = try storedTags(in: reopened)
            let tagged = tags.map(summary(of:))
            let expected = ["Ideas: no notes", "Travel: Budget"]
            #expect(
                tagged == expected,
                "Each stored tag and its notes after deleting \"Trip\": expected \(describe(expected)), found \(describe(tagged))."
            )
        }
    }

    @Test("pressing New Note twice adds two notes, the second at the top")
    func addNoteTwice() throws {
        try NoteBench.run { bench in
            let list = try bench.launch().noteList()
            let first = try list.addNote()
            let second = try list.addNote()

            #expect(
                first !== second,
                "The notes two presses of addNote() returned: expected two different notes, found the same note twice.")
            let stored = try storedNotes(in: bench.launch().context).map(\.title)
            #expect(
                stored == ["New Note", "New Note"],
                "Notes in the store file after addNote() twice, read by a fresh container: expected [\"New Note\", \"New Note\"], found \(describe(stored))."
            )
            #expect(
                list.notes.first === second,
                "The first row of the list after addNote() twice: expected the note the second press returned, found \(list.notes.first === first ? "the note the first press returned" : list.notes.first.map { "\"\($0.title)\"" } ?? "no note")."
            )
        }
    }

    @Test("the New Note button reports a save the store refuses")
    func addNoteReportsRefusedSave() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Older note", minutesAgo: 60))
            }
            let list = try bench.launch(allowsSave: false).noteList()

            expectRefusedSave(of: "addNote()") { try list.addNote() }
        }
    }

    @Test("swipe-to-delete on the note list reports a save the store refuses")
    func deleteNotesReportsRefusedSave() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Keep me", minutesAgo: 30))
                context.insert(makeNote("Throw me away", minutesAgo: 10))
            }
            let list = try bench.launch(allowsSave: false).noteList()
            try #require(
                list.notes.count == 2,
                "The list's notes before deleting: expected 2 notes, found \(describe(list.notes.map(\.title))).")

            expectRefusedSave(of: "deleteNotes(at: [0])") { try list.deleteNotes(at: IndexSet(integer: 0)) }
        }
    }
}
