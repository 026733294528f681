import Foundation
import PersistenceCore
import Section8NoteTaker
import Testing

@Suite("Section 8: the models")
struct ModelChecks {
    @Test("every property of a note survives reopening the store")
    func everyPropertyPersists() throws {
        try NoteTakerBench.run { bench in
            let context = try bench.openContext()
            let note = Note(title: "Trip to Porto", content: "Book the train", isPinned: true)
            note.imageFilename = "A1B2C3D4.jpg"
            context.insert(note)
            try context.save()

            let reopened = try storedNotes(in: bench.openContext())
            #expect(
                reopened.count == 1,
                "One saved note should be in the store after reopening it: expected 1 note, found \(reopened.count).")
            guard let loaded = reopened.first else { return }
            #expect(
                loaded.title == "Trip to Porto",
                "title after reopening: expected \"Trip to Porto\", found \"\(loaded.title)\". Is `title` a stored property set in init?"
            )
            #expect(
                loaded.content == "Book the train",
                "content after reopening: expected \"Book the train\", found \"\(loaded.content)\". Is `content` a stored property set in init?"
            )
            #expect(loaded.isPinned, "isPinned after creating a pinned note and reopening: expected true, found false.")
            #expect(
                loaded.imageFilename == "A1B2C3D4.jpg",
                "imageFilename after reopening: expected \"A1B2C3D4.jpg\", found \(describe(loaded.imageFilename)).")
            #expect(
                loaded.createdAt == note.createdAt,
                "createdAt after reopening: expected \(describe(note.createdAt)), found \(describe(loaded.createdAt)).")
        }
    }

    @Test("a new note is not pinned, has no tags or image and records when it was created")
    func newNoteDefaults() throws {
        let before = Date.now
        let note = Note(title: "Groceries")
        let after = Date.now
        #expect(note.title == "Groceries", "title of a new note: expected \"Groceries\", found \"\(note.title)\".")
        #expect(
            note.content.isEmpty, "content of a note created without any: expected \"\", found \"\(note.content)\".")
        #expect(!note.isPinned, "isPinned of a note created without it: expected false, found true.")
        #expect(note.tags.isEmpty, "tags of a new note: expected none, found \(describe(note.tags.map(\.name))).")
        #expect(
            note.imageFilename == nil,
            "imageFilename of a new note: expected nil, found \(describe(note.imageFilename)).")
        #expect(
            (before...after).contains(note.createdAt),
            "createdAt of a new note: expected the moment it was created (between \(describe(before)) and \(describe(after))), found \(describe(note.createdAt))."
        )
    }

    @Test("tagging a note adds the note to the tag's notes, and both sides survive reopening")
    func manyToManyInverse() throws {
        try NoteTakerBench.run { bench in
            let context = try bench.openContext()
            let note = Note(title: "Quarterly plan")
            let work = Tag(name: "work")
            context.insert(note)
            context.insert(work)
            note.tags.append(work)

            #expect(
                work.notes.map(\.title) == ["Quarterly plan"],
                "After `note.tags.append(work)`, work.notes: expected [\"Quarterly plan\"], found \(describe(work.notes.map(\.title))). `Note.tags` needs `@Relationship(inverse: \\Tag.notes)`."
            )
            try context.save()

            let reopened = try bench.openContext()
            let notes = try storedNotes(in: reopened)
            let tags = try storedTags(in: reopened)
            #expect(
                notes.first.map { $0.tags.map(\.name) } == ["work"],
                "The note's tags after reopening: expected [\"work\"], found \(describe(notes.first?.tags.map(\.name) ?? []))."
            )
            #expect(
                tags.first.map { $0.notes.map(\.title) } == ["Quarterly plan"],
                "The tag's notes after reopening: expected [\"Quarterly plan\"], found \(describe(tags.first?.notes.map(\.title) ?? []))."
            )
        }
    }

    @Test("a note can carry several tags and a tag can be on several notes")
    func manyToManyBothWays() throws {
        try NoteTakerBench.run { bench in
            let context = try bench.openContext()
            let recipe = Note(title: "Lentil soup")
            let shopping = Note(title: "Market list")
            let food = Tag(name: "food")
            let weekend = Tag(name: "weekend")
            for model in [recipe, shopping] { context.insert(model) }
            for model in [food, weekend] { context.insert(model) }
            recipe.tags = [food, weekend]
            shopping.tags = [food]
            try context.save()

            let reopened = try bench.openContext()
            let tagsByNote = try storedNotes(in: reopened).map {
                "\($0.title): \($0.tags.map(\.name).sorted().joined(separator: ", "))"
            }
            let expectedTags = ["Lentil soup: food, weekend", "Market list: food"]
            #expect(
                tagsByNote == expectedTags,
                "Each note's tags after reopening: expected \(describe(expectedTags)), found \(describe(tagsByNote)).")
            let notesByTag = try storedTags(in: reopened).map {
                "\($0.name): \($0.notes.map(\.title).sorted().joined(separator: ", "))"
            }
            let expectedNotes = ["food: Lentil soup, Market list", "weekend: Lentil soup"]
            #expect(
                notesByTag == expectedNotes,
                "Each tag's notes after reopening: expected \(describe(expectedNotes)), found \(describe(notesByTag)).")
        }
    }
}
