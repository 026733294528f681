import Foundation
import PersistenceCore
import Section8NoteTaker
import Testing

@Suite("Section 8: tags")
struct TagChecks {
    @Test("creating a tag saves it, and the same name gives back the same tag")
    func addTagSavesOnce() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let first = try repository.addTag(named: "travel")
            let second = try repository.addTag(named: "travel")

            #expect(
                first.name == "travel",
                "name of the tag addTag(named:) returned: expected \"travel\", found \"\(first.name)\".")
            #expect(
                first === second,
                "addTag(named: \"travel\") twice: expected the same tag both times, found two different tags.")
            let names = try storedTags(in: bench.openContext()).map(\.name)
            #expect(
                names == ["travel"],
                "Tags in the store file right after adding \"travel\" twice: expected [\"travel\"], found \(describe(names))."
            )
        }
    }

    @Test("two contexts that each create a tag of the same name end up with one tag carrying both notes")
    func sameNameFromTwoContexts() throws {
        try NoteTakerBench.run { bench in
            let first = try bench.openContext()
            let second = try bench.openContext()
            for (context, title) in [(first, "Packing list"), (second, "Hotel booking")] {
                let note = Note(title: title)
                context.insert(note)
                note.tags.append(Tag(name: "travel"))
            }
            try first.save()
            try second.save()

            let tags = try storedTags(in: bench.openContext())
            #expect(
                tags.map(\.name) == ["travel"],
                "Tags in the store after two contexts each created and saved a tag named \"travel\": expected [\"travel\"] (one tag), found \(describe(tags.map(\.name)))."
            )
            let titles = (tags.first?.notes.map(\.title) ?? []).sorted()
            #expect(
                titles == ["Hotel booking", "Packing list"],
                "The notes of \"travel\" after both saves: expected [\"Hotel booking\", \"Packing list\"], found \(describe(titles))."
            )
        }
    }

    @Test("a note added with tag names carries each tag once, reusing an existing tag, in one save")
    func addNoteWithTagsInOneSave() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let work = try repository.addTag(named: "work")
            let earlier = try repository.addNote(title: "Standup")
            try repository.assign(work, to: earlier)
            let saves = try repository.context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count

            let note = try repository.addNote(
                title: "Offsite", content: "Book rooms", tags: ["travel", "work", "travel"])

            let savesDuring =
                try repository.context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count - saves
            #expect(
                savesDuring == 1,
                "Saves made by addNote(title:content:tags:) with three tag names: expected 1, found \(savesDuring).")
            let onNote = note.tags.map(\.name).sorted()
            #expect(
                onNote == ["travel", "work"],
                "The returned note's tags after adding it with [\"travel\", \"work\", \"travel\"]: expected [\"travel\", \"work\"], found \(describe(onNote))."
            )
            let reopened = try bench.openContext()
            let tags = try storedTags(in: reopened)
            #expect(
                tags.map(\.name) == ["travel", "work"],
                "Tags in the store after adding the note: expected [\"travel\", \"work\"], found \(describe(tags.map(\.name)))."
            )
            let stored = try storedNotes(in: reopened).first { $0.title == "Offsite" }
            let storedTagNames = (stored?.tags.map(\.name) ?? []).sorted()
            #expect(
                storedTagNames == ["travel", "work"],
                "The stored note's tags after reopening: expected [\"travel\", \"work\"], found \(describe(storedTagNames))."
            )
            let workNotes = (tags.last?.notes.map(\.title) ?? []).sorted()
            #expect(
                workNotes == ["Offsite", "Standup"],
                "The notes of the existing tag \"work\": expected [\"Offsite\", \"Standup\"], found \(describe(workNotes))."
            )
        }
    }

    @Test("all tags are listed by name")
    func tagsByName() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            for name in ["work", "books", "recipes"] {
                try repository.addTag(named: name)
            }

            let names = try repository.allTags().map(\.name)
            let expected = ["books", "recipes", "work"]
            #expect(
                names == expected,
                "allTags() after adding \"work\", \"books\" and \"recipes\": expected \(describe(expected)), found \(describe(names))."
            )
            let found = try repository.tag(named: "books")?.name
            #expect(found == "books", "tag(named: \"books\"): expected the tag \"books\", found \(describe(found)).")
            let missing = try repository.tag(named: "sports")?.name
            #expect(
                missing == nil,
                "tag(named: \"sports\") when there is no such tag: expected nil, found \(describe(missing)).")
        }
    }

    @Test("assigning a tag through the repository is saved on both sides")
    func assignSaves() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Flight times")
            let travel = try repository.addTag(named: "travel")
            try repository.assign(travel, to: note)
            try repository.assign(travel, to: note)

            #expect(
                note.tags.map(\.name) == ["travel"],
                "The note's tags after assigning \"travel\" twice: expected [\"travel\"] (once), found \(describe(note.tags.map(\.name)))."
            )
            let reopened = try bench.openContext()
            let noteTags = try storedNotes(in: reopened).first.map { $0.tags.map(\.name) } ?? []
            #expect(
                noteTags == ["travel"],
                "The note's tags after reopening the store: expected [\"travel\"], found \(describe(noteTags)).")
            let tagNotes = try storedTags(in: reopened).first.map { $0.notes.map(\.title) } ?? []
            #expect(
                tagNotes == ["Flight times"],
                "The notes of \"travel\" after reopening the store: expected [\"Flight times\"], found \(describe(tagNotes))."
            )
        }
    }

    @Test("unassigning a tag takes it off the note and keeps both")
    func unassignKeepsBoth() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let note = try repository.addNote(title: "Birthday party")
            let family = try repository.addTag(named: "family")
            let urgent = try repository.addTag(named: "urgent")
            try repository.assign(family, to: note)
            try repository.assign(urgent, to: note)
            try repository.unassign(urgent, from: note)

            let reopened = try bench.openContext()
            let noteTags = try storedNotes(in: reopened).first.map { $0.tags.map(\.name) } ?? []
            #expect(
                noteTags == ["family"],
                "The note's tags after unassigning \"urgent\" and reopening: expected [\"family\"], found \(describe(noteTags))."
            )
            let names = try storedTags(in: reopened).map(\.name)
            #expect(
                names == ["family", "urgent"],
                "Tags after unassigning one and reopening: expected [\"family\", \"urgent\"] (unassigning deletes nothing), found \(describe(names))."
            )
            let titles = try storedNotes(in: reopened).map(\.title)
            #expect(
                titles == ["Birthday party"],
                "Notes after unassigning a tag and reopening: expected [\"Birthday party\"], found \(describe(titles))."
            )
        }
    }

    @Test("deleting a tag keeps its notes and takes it off them")
    func deleteTagKeepsNotes() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            let first = try repository.addNote(title: "Sprint review")
            let second = try repository.addNote(title: "Team lunch")
            let work = try repository.addTag(named: "work")
            let team = try repository.addTag(named: "team")
            try repository.assign(work, to: first)
            try repository.assign(work, to: second)
            try repository.assign(team, to: second)
            try repository.deleteTag(work)

            let reopened = try bench.openContext()
            let names = try storedTags(in: reopened).map(\.name)
            #expect(
                names == ["team"],
                "Tags after deleting \"work\" and reopening: expected [\"team\"], found \(describe(names)).")
            let tagsByNote = try storedNotes(in: reopened).map {
                "\($0.title): \($0.tags.map(\.name).joined(separator: ", "))"
            }
            let expected = ["Sprint review: ", "Team lunch: team"]
            #expect(
                tagsByNote == expected,
                "Each note's tags after deleting \"work\" and reopening: expected \(describe(expected)) (both notes kept), found \(describe(tagsByNote))."
            )
        }
    }

    @Test("a tag is found by its exact name only")
    func tagByExactName() throws {
        try NoteTakerBench.run { bench in
            let repository = try bench.openRepository()
            for name in ["Work", "workshop", "homework"] {
                try repository.addTag(named: name)
            }

            let found = try ["work", "Work", "works", "shop"].map { name in
                "\(name) → \(describe(try repository.tag(named: name)?.name))"
            }
            let expected = ["work → nil", "Work → \"Work\"", "works → nil", "shop → nil"]
            #expect(
                found == expected,
                "tag(named:) for \"work\", \"Work\", \"works\" and \"shop\" with the tags \"Work\", \"workshop\" and \"homework\": expected \(describe(expected)), found \(describe(found))."
            )
            let lowercase = try repository.addTag(named: "work")
            let names = try storedTags(in: bench.openContext()).map(\.name)
            #expect(
                lowercase.name == "work" && names == ["homework", "Work", "work", "workshop"].sorted(),
                "Tags after addTag(named: \"work\") beside \"Work\": expected a new tag \"work\" and the store holding \(describe(["homework", "Work", "work", "workshop"].sorted())), found \(describe(lowercase.name)) and \(describe(names))."
            )
        }
    }

    @Test("a tag change the store refuses to save reaches the caller")
    func tagSaveFailuresReachCaller() throws {
        try NoteTakerBench.run { bench in
            let setUp = try bench.openRepository()
            let note = try setUp.addNote(title: "Conference notes")
            try setUp.assign(try setUp.addTag(named: "work"), to: note)
            try setUp.addTag(named: "travel")
            let refusing = NoteRepository(context: try bench.openContextThatCannotSave())
            let storedNote = try #require(
                try storedNotes(in: refusing.context).first,
                "The note saved through a first repository should be in the store.")
            let work = try #require(
                try refusing.tag(named: "work"),
                "The tag \"work\" saved through a first repository should be in the store.")
            let travel = try #require(
                try refusing.tag(named: "travel"),
                "The tag \"travel\" saved through a first repository should be in the store.")

            let results = [
                ("addTag(named: \"ideas\")", thrownError { try refusing.addTag(named: "ideas") }),
                ("assign(travel, to: note)", thrownError { try refusing.assign(travel, to: storedNote) }),
                ("unassign(work, from: note)", thrownError { try refusing.unassign(work, from: storedNote) }),
                ("deleteTag(work)", thrownError { try refusing.deleteTag(work) }),
            ]
            for (call, error) in results {
                #expect(
                    error as? SwiftDataError == SwiftDataError.saveNotAllowed,
                    "\(call) when the store refuses the save: expected the context's SwiftDataError .saveNotAllowed, found \(describe(error))."
                )
            }
            let reopened = try bench.openContext()
            let tagNames = try storedTags(in: reopened).map(\.name)
            let noteTags = try storedNotes(in: reopened).first.map { $0.tags.map(\.name) } ?? []
            #expect(
                tagNames == ["travel", "work"] && noteTags == ["work"],
                "The store after every refused save: expected the tags [\"travel\", \"work\"] and the note tagged [\"work\"], found \(describe(tagNames)) and \(describe(noteTags))."
            )
        }
    }
}
