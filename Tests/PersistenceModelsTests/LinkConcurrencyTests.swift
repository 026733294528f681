import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// Two writers changing one many-to-many relationship from either side: each save writes only the links
/// it added or removed, so neither undoes the other's.
@Suite("Links saved by two writers")
struct LinkConcurrencyTests {
    /// The names of the notes the tag named `name` carries, read by a fresh context.
    func noteTitles(onTag name: String, in fixture: ModelStoreFixture) throws -> [String] {
        let tag = try #require(
            try fixture.newContext().fetch(FetchDescriptor<Tag>(predicate: #Predicate { $0.name == name })).first)
        return tag.notes.map(\.title).sorted()
    }

    @Test("two contexts that each add a note to a tag they both loaded keep both links")
    func twoContextsAddToOneTag() throws {
        let fixture = try ModelStoreFixture(fileNamed: "links.store")
        defer { fixture.removeFiles() }
        let seed = fixture.newContext()
        let shared = Tag(name: "shared")
        let first = Note(title: "first")
        first.tags.append(shared)
        seed.insert(first)
        try seed.save()

        let a = fixture.newContext()
        let b = fixture.newContext()
        let tagInA = try #require(try a.fetch(FetchDescriptor<Tag>()).first)
        let tagInB = try #require(try b.fetch(FetchDescriptor<Tag>()).first)
        let fromA = Note(title: "from a")
        let fromB = Note(title: "from b")
        a.insert(fromA)
        b.insert(fromB)
        fromA.tags.append(tagInA)
        fromB.tags.append(tagInB)
        #expect(tagInA.notes.count == 2 && tagInB.notes.count == 2)
        try a.save()
        try b.save()

        #expect(try noteTitles(onTag: "shared", in: fixture) == ["first", "from a", "from b"])
    }

    @Test("a context that removes one link leaves a link another context added meanwhile")
    func removalKeepsOthersAdditions() throws {
        let fixture = try ModelStoreFixture(fileNamed: "links.store")
        defer { fixture.removeFiles() }
        let seed = fixture.newContext()
        let shared = Tag(name: "shared")
        for title in ["one", "two"] {
            let note = Note(title: title)
            note.tags.append(shared)
            seed.insert(note)
        }
        try seed.save()

        let remover = fixture.newContext()
        let adder = fixture.newContext()
        let tagInRemover = try #require(try remover.fetch(FetchDescriptor<Tag>()).first)
        tagInRemover.notes.removeAll { $0.title == "one" }
        let tagInAdder = try #require(try adder.fetch(FetchDescriptor<Tag>()).first)
        let three = Note(title: "three")
        adder.insert(three)
        three.tags.append(tagInAdder)
        try adder.save()
        try remover.save()

        #expect(try noteTitles(onTag: "shared", in: fixture) == ["three", "two"])
    }

    @Test("a save writes the changed pairs only, not the relationship's whole membership")
    func saveWritesOnlyChangedPairs() throws {
        let fixture = try ModelStoreFixture(fileNamed: "links.store")
        defer { fixture.removeFiles() }
        let context = fixture.context
        let tag = Tag(name: "shared")
        for title in ["one", "two", "three"] {
            let note = Note(title: title)
            note.tags.append(tag)
            context.insert(note)
        }
        try context.save()
        let four = Note(title: "four")
        context.insert(four)
        four.tags.append(tag)
        let statements = try fixture.statements { try context.save() }
        let linkStatements = statements.filter { $0.contains("Note_tags") }
        #expect(!linkStatements.contains { $0.contains("NOT IN") })
        #expect(!linkStatements.contains { $0.hasPrefix("DELETE") })
        #expect(linkStatements.allSatisfy { $0.hasPrefix("INSERT OR IGNORE") })
        #expect(try noteTitles(onTag: "shared", in: fixture) == ["four", "one", "three", "two"])
    }

    @Test("undoing a change before saving writes no link at all")
    func addedThenRemovedWritesNothing() throws {
        let fixture = try ModelStoreFixture(fileNamed: "links.store")
        defer { fixture.removeFiles() }
        let context = fixture.context
        let tag = Tag(name: "shared")
        let note = Note(title: "one")
        context.insert(note)
        context.insert(tag)
        try context.save()
        note.tags.append(tag)
        note.tags.removeAll()
        note.title = "renamed"
        let statements = try fixture.statements { try context.save() }
        #expect(!statements.contains { $0.contains("Note_tags") })
        #expect(try noteTitles(onTag: "shared", in: fixture) == [])
    }
}
