import Foundation
import PersistenceCore
import Section8NoteTaker
import Testing

@Suite("Section 8: creating, finding, editing and deleting notes")
struct NoteListChecks {
    @Test("a note added through the repository is saved at once")
    func addNoteSaves() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Call the plumber", content: "Before Friday", isPinned: true)

            #expect(
                note.title == "Call the plumber",
                "title of the note addNote returned: expected \"Call the plumber\", found \"\(note.title)\".")
            let reopened = try storedNotes(in: bench.openContext())
            let found = reopened.map { "\($0.title) / \($0.content) / pinned: \($0.isPinned)" }
            let expected = ["Call the plumber / Before Friday / pinned: true"]
            #expect(
                found == expected,
                "Notes in the store file right after addNote, without any other save: expected \(describe(expected)), found \(describe(found))."
            )
        }
    }

    @Test("an empty search lists every note")
    func emptySearchListsAll() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            for title in ["Books to read", "Gift ideas", "Packing list"] {
                try repository.addNote(title: title)
            }

            let titles = try repository.notes(matching: "").map(\.title).sorted()
            let expected = ["Books to read", "Gift ideas", "Packing list"]
            #expect(
                titles == expected,
                "notes(matching: \"\") after adding three notes: expected all of \(describe(expected)), found \(describe(titles))."
            )
        }
    }

    @Test("search finds notes by title or content, ignoring case")
    func searchTitleAndContent() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            try repository.addNote(title: "Garden plans", content: "Plant tomatoes in May")
            try repository.addNote(title: "Salad", content: "Tomato, feta and olives")
            try repository.addNote(title: "TOMATO sauce")
            try repository.addNote(title: "Car service", content: "Oil and tyres")

            let titles = try repository.notes(matching: "tomato").map(\.title).sorted()
            let expected = ["Garden plans", "Salad", "TOMATO sauce"]
            #expect(
                titles == expected,
                "notes(matching: \"tomato\"): expected \(describe(expected)) (a match in the title or in the content, in any case), found \(describe(titles))."
            )
        }
    }

    @Test("editing a note's title, content and pin is saved")
    func editSaves() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Draft", content: "First thoughts")
            try repository.update(note, title: "Essay outline", isPinned: true)
            try repository.update(note, content: "Intro, three points, end")

            let found = try storedNotes(in: bench.openContext()).map {
                "\($0.title) / \($0.content) / pinned: \($0.isPinned)"
            }
            let expected = ["Essay outline / Intro, three points, end / pinned: true"]
            #expect(
                found == expected,
                "The note after two edits and reopening the store: expected \(describe(expected)), found \(describe(found))."
            )
        }
    }

    @Test("deleting a note removes it from the store and from its tags")
    func deleteNoteSaves() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let old = try repository.addNote(title: "Old idea")
            let kept = try repository.addNote(title: "Good idea")
            let ideas = try repository.addTag(named: "ideas")
            try repository.assign(ideas, to: old)
            try repository.assign(ideas, to: kept)
            try repository.deleteNote(old)

            let reopened = try bench.openContext()
            let titles = try storedNotes(in: reopened).map(\.title)
            #expect(
                titles == ["Good idea"],
                "Stored notes after deleting \"Old idea\" and reopening: expected [\"Good idea\"], found \(describe(titles))."
            )
            let tagged = try storedTags(in: reopened).first.map { $0.notes.map(\.title) } ?? []
            #expect(
                tagged == ["Good idea"],
                "The notes of the tag \"ideas\" after the delete and reopening: expected [\"Good idea\"], found \(describe(tagged))."
            )
        }
    }

    @Test("search ignores accents as well as case")
    func searchIgnoresAccents() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            try repository.addNote(title: "Crème brûlée", content: "Six egg yolks")
            try repository.addNote(title: "Dessert menu", content: "CREME caramel, sorbet")
            try repository.addNote(title: "Résumé", content: "Update before June")
            try repository.addNote(title: "Cream tea")

            let creme = try repository.notes(matching: "crème").map(\.title).sorted()
            let expectedCreme = ["Crème brûlée", "Dessert menu"]
            #expect(
                creme == expectedCreme,
                "notes(matching: \"crème\"): expected \(describe(expectedCreme)) (\"Crème\" in a title and \"CREME\" in a content), found \(describe(creme))."
            )
            let resume = try repository.notes(matching: "resume").map(\.title)
            #expect(
                resume == ["Résumé"],
                "notes(matching: \"resume\") with a note titled \"Résumé\": expected [\"Résumé\"], found \(describe(resume))."
            )
        }
    }

    @Test("an edit sets exactly the values given: an empty text, an unpin, or the same pin twice")
    func editSetsExactValues() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Boiler service", content: "Call on Monday")
            try repository.update(note, isPinned: true)
            try repository.update(note, isPinned: true)
            let pinnedTwice = try storedNotes(in: bench.openContext()).map(\.isPinned)
            #expect(
                pinnedTwice == [true],
                "isPinned in the store after pinning the note twice: expected [true], found \(pinnedTwice).")

            try repository.update(note, content: "")
            try repository.update(note, isPinned: false)
            try repository.update(note)
            let found = try storedNotes(in: bench.openContext()).map {
                "\($0.title) / \($0.content) / pinned: \($0.isPinned)"
            }
            let expected = ["Boiler service /  / pinned: false"]
            #expect(
                found == expected,
                "The note in the store after update(content: \"\"), update(isPinned: false) and update() with nothing: expected \(describe(expected)), found \(describe(found))."
            )
        }
    }

    @Test("a note change the store refuses to save reaches the caller")
    func noteSaveFailuresReachCaller() throws {
        try NoteTakerBench.run { bench in
            try bench.openRepository().addNote(title: "Insurance renewal", content: "Due in May")
            let refusing = NoteRepository(context: try bench.openContextThatCannotSave())
            let note = try #require(
                try storedNotes(in: refusing.context).first,
                "The note saved through a first repository should be in the store.")

            let adding = thrownError { try refusing.addNote(title: "Never stored", tags: ["home"]) }
            #expect(
                adding as? SwiftDataError == SwiftDataError.saveNotAllowed,
                "addNote when the store refuses the save: expected the context's SwiftDataError .saveNotAllowed, found \(describe(adding))."
            )
            let editing = thrownError { try refusing.update(note, title: "Renamed") }
            #expect(
                editing as? SwiftDataError == SwiftDataError.saveNotAllowed,
                "update when the store refuses the save: expected the context's SwiftDataError .saveNotAllowed, found \(describe(editing))."
            )
            let deleting = thrownError { try refusing.deleteNote(note) }
            #expect(
                deleting as? SwiftDataError == SwiftDataError.saveNotAllowed,
                "deleteNote when the store refuses the save: expected the context's SwiftDataError .saveNotAllowed, found \(describe(deleting))."
            )

            let stored = try storedNotes(in: bench.openContext()).map(\.title)
            #expect(
                stored == ["Insurance renewal"],
                "Notes in the store after every refused save: expected only [\"Insurance renewal\"], found \(describe(stored))."
            )
        }
    }
}
