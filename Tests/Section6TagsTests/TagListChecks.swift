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

            #expect(added?.name == "Recipes", "The tag addTag(named: \"Recipes\") returned: expected a tag named \"Recipes\", found \(added.map { "a tag named \"\($0.name)\"" } ?? "nil").")
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(names == ["Recipes"], "Tags in the store file after addTag(named: \"Recipes\"), read by a fresh container: expected [\"Recipes\"], found \(describe(names)). Insert the tag into the environment's context, then save.")
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
            #expect(after == ["Home", "Work"], "The same tag list after adding \"Home\" (first read: \(describe(before))): expected [\"Home\", \"Work\"], found \(describe(after)). Declare `tags` with `@Query(sort: \\Tag.name)`.")
        }
    }

    @Test("a tag name is stored without the spaces around it")
    func addTagTrims() throws {
        try NoteBench.run { bench in
            let screen = try bench.launch().tagList()
            try screen.addTag(named: "  Travel \n")

            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(names == ["Travel"], "Stored tags after addTag(named: \"  Travel \\n\"): expected [\"Travel\"], found \(describe(names)). Trim the name with `trimmingCharacters(in: .whitespacesAndNewlines)`.")
        }
    }

    @Test("a blank tag name adds no tag")
    func blankNameAddsNothing() throws {
        try NoteBench.run { bench in
            let screen = try bench.launch().tagList()
            let work = try screen.addTag(named: "Work")
            try #require(work != nil, "addTag(named: \"Work\") should add a tag: expected a tag named \"Work\", found nil.")
            let empty = try screen.addTag(named: "")
            let spaces = try screen.addTag(named: "   ")

            #expect(empty == nil && spaces == nil, "addTag(named:) for \"\" and \"   \": expected nil both times, found \(empty.map { "a tag named \"\($0.name)\"" } ?? "nil") and \(spaces.map { "a tag named \"\($0.name)\"" } ?? "nil").")
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(names == ["Work"], "Stored tags after adding \"Work\", \"\" and \"   \": expected [\"Work\"], found \(describe(names)). Return nil for a name that is empty once trimmed, before inserting anything.")
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

            #expect(returned === existing, "addTag(named: \"work\") with a tag \"Work\" in the store: expected the existing tag \"Work\", found \(returned.map { "a tag named \"\($0.name)\"" + ($0 === existing ? "" : " (a new one)") } ?? "nil"). Compare names ignoring case, e.g. `caseInsensitiveCompare(_:) == .orderedSame`.")
            let names = try storedTags(in: bench.launch().context).map(\.name)
            #expect(names == ["Work"], "Stored tags after adding \"work\" next to \"Work\": expected [\"Work\"], found \(describe(names)).")
        }
    }

    @Test("deleting a tag keeps its notes and takes the tag off them")
    func deleteTagKeepsNotes() throws {
        try NoteBench.run { bench in
            try bench.seed(tripAndBudget)
            let screen = try bench.launch().tagList()
            let before = screen.tags.map(\.name)
            try #require(before == ["Ideas", "Travel"], "The tag list before deleting: expected [\"Ideas\", \"Travel\"], found \(describe(before)).")
            try screen.deleteTags(at: IndexSet(integer: 1))

            let reopened = try bench.launch().context
            let tags = try storedTags(in: reopened).map(\.name)
            #expect(tags == ["Ideas"], "Stored tags after deleting \"Travel\", read by a fresh container: expected [\"Ideas\"], found \(describe(tags)). Delete through the context, then save.")
            let notes = try storedNotes(in: reopened).map(summary(of:))
            let expected = ["Budget: no tags", "Trip: Ideas"]
            #expect(notes == expected, "Each stored note and its tags after deleting \"Travel\": expected \(describe(expected)), found \(describe(notes)). Deleting a tag must keep its notes; delete only the tag.")
        }
    }

    @Test("the tag list counts the notes of each tag")
    func countsNotes() throws {
        try NoteBench.run { bench in
            try bench.seed { context in
                let home = Tag(name: "Home")
                let work = Tag(name: "Work")
                context.insert(Tag(name: "Ideas"))
                for (title, tags) in [("Rent", [home]), ("Garden", [home, work]), ("Report", [work]), ("Plumber", [home])] {
                    let note = makeNote(title, minutesAgo: 10)
                    context.insert(note)
                    note.tags = tags
                }
            }
            let app = try bench.launch()
            let screen = app.tagList()

            let counts = try storedTags(in: app.context).map { "\($0.name): \(screen.noteCount(of: $0))" }
            let expected = ["Home: 3", "Ideas: 0", "Work: 2"]
            #expect(counts == expected, "noteCount(of:) for each tag: expected \(describe(expected)), found \(describe(counts)). Count the tag's side of the relationship, `tag.notes`.")
        }
    }
}
