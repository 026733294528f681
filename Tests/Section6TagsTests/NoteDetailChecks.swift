import Foundation
import PersistenceCore
import Section6Tags
import Testing

@Suite("Section 6: editing a note")
struct NoteEditingChecks {
    @Test("editing a note on the detail screen changes the note itself")
    func editsWriteThrough() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Draft", minutesAgo: 5, content: "First words"))
            }
            let app = try bench.launch()
            let note = try #require(try app.note(titled: "Draft"), "The seeded note \"Draft\" should be in the store.")
            let detail = app.detail(of: note)
            detail.title = "Shopping"
            detail.content = "Milk, eggs"
            detail.isPinned = true

            let found = "\(note.title) / \(note.content) / pinned: \(note.isPinned)"
            let expected = "Shopping / Milk, eggs / pinned: true"
            #expect(
                found == expected,
                "The note after setting the detail screen's title, content and isPinned: expected \"\(expected)\", found \"\(found)\". Each field must read and write the note's own property (the @Bindable idea), not a copy."
            )
        }
    }

    @Test("edits made on the detail screen survive reopening the store")
    func editsPersist() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Draft", minutesAgo: 5))
            }
            let app = try bench.launch()
            let note = try #require(try app.note(titled: "Draft"), "The seeded note \"Draft\" should be in the store.")
            let detail = app.detail(of: note)
            detail.title = "Recipe"
            detail.content = "Flour, water, salt"
            detail.isPinned = true
            try detail.close()

            let stored = try storedNotes(in: bench.launch().context)
            let found = stored.map { "\($0.title) / \($0.content) / pinned: \($0.isPinned)" }
            let expected = ["Recipe / Flour, water, salt / pinned: true"]
            #expect(
                found == expected,
                "The stored note after editing it and closing the detail screen, read by a fresh container: expected \(describe(expected)), found \(describe(found))."
            )
        }
    }
}

extension NoteEditingChecks {
    @Test("the detail screen's fields show the note's current values")
    func fieldsReadTheNote() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                let note = makeNote("Draft", minutesAgo: 5, content: "First words")
                note.isPinned = true
                context.insert(note)
            }
            let app = try bench.launch()
            let note = try #require(try app.note(titled: "Draft"), "The seeded note \"Draft\" should be in the store.")
            let detail = app.detail(of: note)
            // Another screen renames the note while the detail screen is open.
            note.title = "Renamed"

            let found = "\(detail.title) / \(detail.content) / pinned: \(detail.isPinned)"
            let expected = "Renamed / First words / pinned: true"
            #expect(
                found == expected,
                "The detail screen's title, content and isPinned for a pinned note \"Draft\" with the text \"First words\", renamed \"Renamed\" after the screen opened: expected \"\(expected)\", found \"\(found)\"."
            )
        }
    }

    @Test("setting Pinned to the value it already has leaves the pin as it is")
    func pinSetTwice() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                let note = makeNote("Draft", minutesAgo: 5)
                note.isPinned = true
                context.insert(note)
            }
            let app = try bench.launch()
            let note = try #require(try app.note(titled: "Draft"), "The seeded note \"Draft\" should be in the store.")
            let detail = app.detail(of: note)
            detail.isPinned = true
            let afterTrue = note.isPinned
            detail.isPinned = false
            detail.isPinned = false

            let afterFalseTwice = note.isPinned
            #expect(
                afterTrue && !afterFalseTwice,
                "note.isPinned of a pinned note after setting isPinned to true, then to false twice: expected true, then false, found \(afterTrue), then \(afterFalseTwice)."
            )
        }
    }

    @Test("closing the detail screen reports a save the store refuses")
    func closeReportsRefusedSave() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(makeNote("Draft", minutesAgo: 5))
            }
            let app = try bench.launch(allowsSave: false)
            let note = try #require(try app.note(titled: "Draft"), "The seeded note \"Draft\" should be in the store.")
            let detail = app.detail(of: note)
            detail.title = "Recipe"

            expectRefusedSave(of: "close() after editing the title") { try detail.close() }
        }
    }
}

@Suite("Section 6: assigning tags (Exercise 6.1)")
struct TagPickerChecks {
    /// Stores the note "Draft" and the tags Home, Ideas and Work, with `assigned` already on the note.
    static func seedDraft(in bench: NoteBench, assigned: Set<String>) throws {
        try bench.seed { context in
            let note = makeNote("Draft", minutesAgo: 5)
            context.insert(note)
            for name in ["Work", "Home", "Ideas"] {
                let tag = Tag(name: name)
                context.insert(tag)
                if assigned.contains(name) { note.tags.append(tag) }
            }
        }
    }

    /// The seeded note, its detail screen, and the seeded tags by name, in one launch of the app.
    static func openDraft(in bench: NoteBench) throws -> (note: Note, detail: NoteDetailScreen, tags: [String: Tag]) {
        let app = try bench.launch()
        let note = try #require(try app.note(titled: "Draft"), "The seeded note \"Draft\" should be in the store.")
        let tags = Dictionary(uniqueKeysWithValues: try storedTags(in: app.context).map { ($0.name, $0) })
        return (note, app.detail(of: note), tags)
    }

    @Test("the tag picker offers every tag, in alphabetical order")
    func pickerListsTags() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: [])
            let (_, detail, _) = try Self.openDraft(in: bench)

            let names = detail.allTags.map(\.name)
            #expect(
                names == ["Home", "Ideas", "Work"],
                "The detail screen's allTags: expected [\"Home\", \"Ideas\", \"Work\"], found \(describe(names)).")
        }
    }

    @Test("the tag picker offers a tag saved while the detail screen is open")
    func pickerStaysCurrent() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: [])
            let app = try bench.launch()
            let note = try #require(try app.note(titled: "Draft"), "The seeded note \"Draft\" should be in the store.")
            let detail = app.detail(of: note)
            let before = detail.allTags.map(\.name)
            app.context.insert(Tag(name: "Garden"))
            try app.context.save()

            let after = detail.allTags.map(\.name)
            let expected = ["Garden", "Home", "Ideas", "Work"]
            #expect(
                after == expected,
                "The same detail screen's allTags after a tag \"Garden\" is saved (first read: \(describe(before))): expected \(describe(expected)), found \(describe(after))."
            )
        }
    }

    @Test("the tag picker marks only the tags the note carries")
    func pickerMarksAssigned() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: ["Home", "Work"])
            let (_, detail, tags) = try Self.openDraft(in: bench)

            let marks = tags.values.sorted { $0.name < $1.name }.map {
                "\($0.name): \(detail.isAssigned($0) ? "checked" : "unchecked")"
            }
            let expected = ["Home: checked", "Ideas: unchecked", "Work: checked"]
            #expect(
                marks == expected,
                "isAssigned(_:) for each tag of a note tagged Home and Work: expected \(describe(expected)), found \(describe(marks))."
            )
        }
    }

    @Test("toggling an unassigned tag assigns it on both sides of the relationship")
    func toggleAssigns() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: [])
            let (note, detail, tags) = try Self.openDraft(in: bench)
            let work = try #require(tags["Work"], "The seeded tag \"Work\" should be in the store.")
            try detail.toggle(work)

            #expect(
                tagNames(of: note) == ["Work"],
                "note.tags after toggling Work on an untagged note: expected [\"Work\"], found \(describe(tagNames(of: note)))."
            )
            #expect(
                noteTitles(of: work) == ["Draft"],
                "work.notes after toggling Work on the note \"Draft\": expected [\"Draft\"], found \(describe(noteTitles(of: work)))."
            )
        }
    }

    @Test("toggling an assigned tag unassigns it on both sides of the relationship")
    func toggleUnassigns() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: ["Work"])
            let (note, detail, tags) = try Self.openDraft(in: bench)
            let work = try #require(tags["Work"], "The seeded tag \"Work\" should be in the store.")
            try detail.toggle(work)

            #expect(
                tagNames(of: note).isEmpty,
                "note.tags after toggling Work on a note tagged Work: expected [], found \(describe(tagNames(of: note)))."
            )
            #expect(
                noteTitles(of: work).isEmpty,
                "work.notes after toggling Work off the note \"Draft\": expected [], found \(describe(noteTitles(of: work)))."
            )
        }
    }

    @Test("toggling a tag twice leaves it unassigned, never assigned twice")
    func toggleTwice() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: [])
            let (note, detail, tags) = try Self.openDraft(in: bench)
            let home = try #require(tags["Home"], "The seeded tag \"Home\" should be in the store.")
            try detail.toggle(home)
            let afterFirst = tagNames(of: note)
            try detail.toggle(home)

            let afterSecond = tagNames(of: note)
            #expect(
                afterFirst == ["Home"] && afterSecond.isEmpty,
                "note.tags after toggling Home once, then again: expected [\"Home\"], then [], found \(describe(afterFirst)), then \(describe(afterSecond))."
            )
        }
    }

    @Test("unassigning one tag keeps the note's other tags")
    func unassignKeepsOthers() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: ["Home", "Ideas", "Work"])
            let (note, detail, tags) = try Self.openDraft(in: bench)
            let ideas = try #require(tags["Ideas"], "The seeded tag \"Ideas\" should be in the store.")
            try detail.toggle(ideas)

            #expect(
                tagNames(of: note) == ["Home", "Work"],
                "note.tags after toggling Ideas off a note tagged Home, Ideas and Work: expected [\"Home\", \"Work\"], found \(describe(tagNames(of: note)))."
            )
        }
    }

    @Test("tag assignments survive reopening the store")
    func assignmentsPersist() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: ["Home"])
            let (_, detail, tags) = try Self.openDraft(in: bench)
            let home = try #require(tags["Home"], "The seeded tag \"Home\" should be in the store.")
            let work = try #require(tags["Work"], "The seeded tag \"Work\" should be in the store.")
            try detail.toggle(work)
            try detail.toggle(home)

            let reopened = try bench.launch().context
            let notes = try storedNotes(in: reopened).map(summary(of:))
            #expect(
                notes == ["Draft: Work"],
                "The stored note and its tags after toggling Work on and Home off, read by a fresh container: expected [\"Draft: Work\"], found \(describe(notes))."
            )
            let tagged = try storedTags(in: reopened).map(summary(of:))
            let expected = ["Home: no notes", "Ideas: no notes", "Work: Draft"]
            #expect(
                tagged == expected,
                "Each stored tag and its notes after reopening: expected \(describe(expected)), found \(describe(tagged))."
            )
        }
    }

    @Test("assigning a tag keeps the tags the note already carries")
    func assignKeepsOthers() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: ["Home", "Ideas"])
            let (note, detail, tags) = try Self.openDraft(in: bench)
            let work = try #require(tags["Work"], "The seeded tag \"Work\" should be in the store.")
            try detail.toggle(work)

            #expect(
                tagNames(of: note) == ["Home", "Ideas", "Work"],
                "note.tags after toggling Work on a note tagged Home and Ideas: expected [\"Home\", \"Ideas\", \"Work\"], found \(describe(tagNames(of: note)))."
            )
        }
    }

    /// Stores the note "Draft" and two different tags both named "Work"; the note carries the first.
    static func seedTwoWorkTags(in bench: NoteBench) throws {
        try bench.seed { context in
            let note = makeNote("Draft", minutesAgo: 5)
            context.insert(note)
            let carried = Tag(name: "Work")
            context.insert(carried)
            context.insert(Tag(name: "Work"))
            note.tags.append(carried)
        }
    }

    /// The seeded note, its detail screen, the "Work" tag it carries and the other "Work" tag.
    static func openTwoWorkTags(in bench: NoteBench) throws -> (
        note: Note, detail: NoteDetailScreen, carried: Tag, other: Tag
    ) {
        let app = try bench.launch()
        let note = try #require(try app.note(titled: "Draft"), "The seeded note \"Draft\" should be in the store.")
        let carried = try #require(note.tags.first, "The seeded note \"Draft\" should carry a tag \"Work\".")
        let other = try #require(
            try storedTags(in: app.context).first { $0 !== carried }, "A second tag \"Work\" should be in the store.")
        return (note, app.detail(of: note), carried, other)
    }

    @Test("the tag picker tells apart two tags with the same name")
    func pickerMarksByIdentity() throws {
        try NoteBench.run { bench in
            try Self.seedTwoWorkTags(in: bench)
            let (_, detail, carried, other) = try Self.openTwoWorkTags(in: bench)

            let marks =
                "the carried one \(detail.isAssigned(carried) ? "checked" : "unchecked"), the other \(detail.isAssigned(other) ? "checked" : "unchecked")"
            #expect(
                marks == "the carried one checked, the other unchecked",
                "isAssigned(_:) for two tags named \"Work\", of which the note carries one: expected the carried one checked, the other unchecked, found \(marks)."
            )
        }
    }

    @Test("toggling one of two tags with the same name leaves the other as it is")
    func toggleByIdentity() throws {
        try NoteBench.run { bench in
            try Self.seedTwoWorkTags(in: bench)
            let (note, detail, carried, other) = try Self.openTwoWorkTags(in: bench)
            try detail.toggle(other)

            let carriesBoth =
                note.tags.count == 2 && note.tags.contains { $0 === carried } && note.tags.contains { $0 === other }
            #expect(
                carriesBoth,
                "note.tags after toggling the \"Work\" tag the note does not carry, next to the \"Work\" tag it does: expected both tags, found \(note.tags.count) tag(s)\(note.tags.contains { $0 === carried } ? ", the first one among them" : ", without the one it carried")."
            )
        }
    }

    @Test("a tap in the tag picker reports a save the store refuses")
    func toggleReportsRefusedSave() throws {
        try NoteBench.run { bench in
            try Self.seedDraft(in: bench, assigned: [])
            let app = try bench.launch(allowsSave: false)
            let note = try #require(try app.note(titled: "Draft"), "The seeded note \"Draft\" should be in the store.")
            let work = try #require(try app.tag(named: "Work"), "The seeded tag \"Work\" should be in the store.")
            let detail = app.detail(of: note)

            expectRefusedSave(of: "toggle(_:) assigning Work") { try detail.toggle(work) }
        }
    }
}
