import Foundation
import PersistenceCore
import Section6Tags
import Testing

@Suite("Section 6: managing tags")
struct TagListChecks {
    @Test("a tag added from the tag list is saved in the store file")
    func addTagSaves() throws {
        try NoteBench.run { bench in
            let added = try bench.launch().tagList().addTag(named: "Recipes")

            #expect(
                added?.name == "Recipes",
                "The tag addTag(named: \"Recipes\") returned: expected a tag named \"Recipes\", found \(added.map { "a tag named \"\($0.name)\"" } ?? "nil")."
            )
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Recipes"],
                "Tags in the store file after addTag(named: \"Recipes\"), read by a fresh container: expected [\"Recipes\"], found \(describe(names))."
            )
        }
    }

    @Test("a tag added from the tag list appears in it at once, in alphabetical order")
    func addedTagShows() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(Tag(name: "Work"))
            }
            let screen = try bench.launch().tagList()
            let before = screen.tags.map(\.name)
            try screen.addTag(named: "Home")

            let after = screen.tags.map(\.name)
            #expect(
                after == ["Home", "Work"],
                "The same tag list after adding \"Home\" (first read: \(describe(before))): expected [\"Home\", \"Work\"], found \(describe(after))."
            )
        }
    }

    @Test("a tag name is stored without the spaces around it")
    func addTagTrims() throws {
        try NoteBench.run { bench in
            let screen = try bench.launch().tagList()
            try screen.addTag(named: "  Travel \n")

            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Travel"],
                "Stored tags after addTag(named: \"  Travel \\n\"): expected [\"Travel\"], found \(describe(names)).")
        }
    }

    @Test("a blank tag name adds no tag")
    func blankNameAddsNothing() throws {
        try NoteBench.run { bench in
            let screen = try bench.launch().tagList()
            let work = try screen.addTag(named: "Work")
            try #require(
                work != nil, "addTag(named: \"Work\") should add a tag: expected a tag named \"Work\", found nil.")
            let empty = try screen.addTag(named: "")
            let spaces = try screen.addTag(named: "   ")

            #expect(
                empty == nil && spaces == nil,
                "addTag(named:) for \"\" and \"   \": expected nil both times, found \(empty.map { "a tag named \"\($0.name)\"" } ?? "nil") and \(spaces.map { "a tag named \"\($0.name)\"" } ?? "nil")."
            )
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Work"],
                "Stored tags after adding \"Work\", \"\" and \"   \": expected [\"Work\"], found \(describe(names)).")
        }
    }

    @Test("adding a tag whose name exists in other letter case reuses the existing tag")
    func addTagIgnoresCase() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(Tag(name: "Work"))
            }
            let app = try bench.launch()
            let existing = try #require(try app.tag(named: "Work"), "The seeded tag \"Work\" should be in the store.")
            let returned = try app.tagList().addTag(named: "work")

            #expect(
                returned === existing,
                "addTag(named: \"work\") with a tag \"Work\" in the store: expected the existing tag \"Work\", found \(returned.map { "a tag named \"\($0.name)\"" + ($0 === existing ? "" : " (a new one)") } ?? "nil")."
            )
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Work"],
                "Stored tags after adding \"work\" next to \"Work\": expected [\"Work\"], found \(describe(names)).")
        }
    }

    @Test("deleting a tag keeps its notes and takes the tag off them")
    func deleteTagKeepsNotes() throws {
        try NoteBench.run { bench in
            try bench.seed(tripAndBudget)
            let screen = try bench.launch().tagList()
            let before = screen.tags.map(\.name)
            try #require(
                before == ["Ideas", "Travel"],
                "The tag list before deleting: expected [\"Ideas\", \"Travel\"], found \(describe(before)).")
            try screen.deleteTags(at: IndexSet(integer: 1))

            let reopened = try bench.launch().context
            let tags = try storedTags(in: reopened).map(\.name)
            #expect(
                tags == ["Ideas"],
                "Stored tags after deleting \"Travel\", read by a fresh container: expected [\"Ideas\"], found \(describe(tags))."
            )
            let notes = try storedNotes(in: reopened).map(summary(of:))
            let expected = ["Budget: no tags", "Trip: Ideas"]
            #expect(
                notes == expected,
                "Each stored note and its tags after deleting \"Travel\": expected \(describe(expected)), found \(describe(notes))."
            )
        }
    }

    @Test("the tag list counts the notes of each tag")
    func countsNotes() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                let home = Tag(name: "Home")
                let work = Tag(name: "Work")
                context.insert(Tag(name: "Ideas"))
                for (title, tags) in [
                    ("Rent", [home]), ("Garden", [home, work]), ("Report", [work]), ("Plumber", [home]),
                ] {
                    let note = makeNote(title, minutesAgo: 10)
                    context.insert(note)
                    note.tags = tags
                }
            }
            let app = try bench.launch()
            let screen = app.tagList()

            let counts = try storedTags(in: app.context).map { "\($0.name): \(screen.noteCount(of: $0))" }
            let expected = ["Home: 3", "Ideas: 0", "Work: 2"]
            #expect(
                counts == expected,
                "noteCount(of:) for each tag: expected \(describe(expected)), found \(describe(counts)).")
        }
    }

    @Test("a name with spaces around an existing tag's name in other letter case reuses that tag")
    func addTagTrimsBeforeComparing() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(Tag(name: "Work"))
            }
            let app = try bench.launch()
            let existing = try #require(try app.tag(named: "Work"), "The seeded tag \"Work\" should be in the store.")
            let returned = try app.tagList().addTag(named: "  work \n")

            #expect(
                returned === existing,
                "addTag(named: \"  work \\n\") with a tag \"Work\" in the store: expected the existing tag \"Work\", found \(describeReturned(returned, existing: existing))."
            )
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Work"],
                "Stored tags after adding \"  work \\n\" next to \"Work\": expected [\"Work\"], found \(describe(names))."
            )
        }
    }

    @Test("adding the exact name of an existing tag reuses that tag")
    func addTagSameName() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(Tag(name: "Work"))
            }
            let app = try bench.launch()
            let existing = try #require(try app.tag(named: "Work"), "The seeded tag \"Work\" should be in the store.")
            let returned = try app.tagList().addTag(named: "Work")

            #expect(
                returned === existing,
                "addTag(named: \"Work\") with a tag \"Work\" in the store: expected the existing tag, found \(describeReturned(returned, existing: existing))."
            )
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Work"],
                "Stored tags after adding \"Work\" next to \"Work\": expected [\"Work\"], found \(describe(names)).")
        }
    }

    @Test("a name that is only part of an existing tag's name adds a new tag")
    func addTagPartOfName() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(Tag(name: "Workshop"))
            }
            let app = try bench.launch()
            let existing = try #require(
                try app.tag(named: "Workshop"), "The seeded tag \"Workshop\" should be in the store.")
            let returned = try app.tagList().addTag(named: "work")

            #expect(
                returned != nil && returned !== existing && returned?.name == "work",
                "addTag(named: \"work\") with only a tag \"Workshop\" in the store: expected a new tag named \"work\", found \(describeReturned(returned, existing: existing))."
            )
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Workshop", "work"].sorted(),
                "Stored tags after adding \"work\" next to \"Workshop\": expected \(describe(["Workshop", "work"].sorted())), found \(describe(names))."
            )
        }
    }

    @Test("a name that differs from an existing tag's name only in accents adds a new tag")
    func addTagMindsAccents() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(Tag(name: "Cafe"))
            }
            let app = try bench.launch()
            let existing = try #require(try app.tag(named: "Cafe"), "The seeded tag \"Cafe\" should be in the store.")
            let returned = try app.tagList().addTag(named: "Café")

            #expect(
                returned != nil && returned !== existing && returned?.name == "Café",
                "addTag(named: \"Café\") with a tag \"Cafe\" in the store: expected a new tag named \"Café\" (the names differ in more than letter case), found \(describeReturned(returned, existing: existing))."
            )
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Cafe", "Café"],
                "Stored tags after adding \"Café\" next to \"Cafe\": expected [\"Cafe\", \"Café\"], found \(describe(names))."
            )
        }
    }

    @Test("a name of only line breaks and tabs adds no tag")
    func lineBreaksAddNothing() throws {
        try NoteBench.run { bench in
            let screen = try bench.launch().tagList()
            let work = try screen.addTag(named: "Work")
            try #require(
                work != nil, "addTag(named: \"Work\") should add a tag: expected a tag named \"Work\", found nil.")
            let returned = try screen.addTag(named: "\n\t \n")

            #expect(
                returned == nil,
                "addTag(named: \"\\n\\t \\n\"): expected nil, found a tag named \(returned.map { $0.name.debugDescription } ?? "")."
            )
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Work"],
                "Stored tags after adding \"Work\" and \"\\n\\t \\n\": expected [\"Work\"], found [\(names.map(\.debugDescription).joined(separator: ", "))]."
            )
        }
    }

    @Test("the tag the Add button returns is the tag it stored")
    func addTagReturnsStoredTag() throws {
        try NoteBench.run { bench in
            let app = try bench.launch()
            let returned = try app.tagList().addTag(named: "Recipes")

            let stored = try storedTags(in: app.context)
            #expect(
                stored.count == 1 && stored.first === returned,
                "The tags the app's context holds after addTag(named: \"Recipes\"): expected exactly the tag addTag returned, found \(stored.count) tag(s)\(stored.contains { $0 === returned } ? "" : ", none of them the returned one")."
            )
        }
    }

    @Test("deleting tags at offsets deletes exactly the tags in those rows")
    func deleteTagsAtOffsets() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                for name in ["Work", "Travel", "Home", "Ideas"] { context.insert(Tag(name: name)) }
            }
            let screen = try bench.launch().tagList()
            let before = screen.tags.map(\.name)
            try #require(
                before == ["Home", "Ideas", "Travel", "Work"],
                "The tag list before deleting: expected [\"Home\", \"Ideas\", \"Travel\", \"Work\"], found \(describe(before))."
            )
            try screen.deleteTags(at: IndexSet([0, 2]))

            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(
                names == ["Ideas", "Work"],
                "Stored tags after deleteTags(at: [0, 2]) on \(describe(before)), read by a fresh container: expected [\"Ideas\", \"Work\"] (rows 0 and 2 gone), found \(describe(names))."
            )
        }
    }

    @Test("adding a tag reports a save the store refuses")
    func addTagReportsRefusedSave() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(Tag(name: "Work"))
            }
            let screen = try bench.launch(allowsSave: false).tagList()

            expectRefusedSave(of: "addTag(named: \"Recipes\")") { try screen.addTag(named: "Recipes") }
        }
    }

    @Test("swipe-to-delete on the tag list reports a save the store refuses")
    func deleteTagsReportsRefusedSave() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                context.insert(Tag(name: "Work"))
            }
            let screen = try bench.launch(allowsSave: false).tagList()
            try #require(
                screen.tags.count == 1,
                "The tag list before deleting: expected 1 tag, found \(describe(screen.tags.map(\.name))).")

            expectRefusedSave(of: "deleteTags(at: [0])") { try screen.deleteTags(at: IndexSet(integer: 0)) }
        }
    }
}

/// What `addTag(named:)` returned, as a learner reads it: nil, the existing tag, or a new one.
private func describeReturned(_ returned: Tag?, existing: Tag) -> String {
    guard let returned else { return "nil" }
    return returned === existing ? "the existing tag \"\(existing.name)\"" : "a new tag named \"\(returned.name)\""
}
