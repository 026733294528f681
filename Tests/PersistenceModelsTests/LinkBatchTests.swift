import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

/// A save adds many links in few statements; the links must come out exactly as the models hold them.
@Suite("Many-to-many links written in batches")
struct LinkBatchTests {
    /// The names of the tags of the note titled `title`, read in a fresh context.
    static func tagNames(of title: String, in store: ModelStoreFixture) throws -> [String] {
        let notes = try store.newContext().fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.title == title }))
        return try #require(notes.first).tags.map(\.name).sorted()
    }

    @Test("hundreds of links added, removed and added again across saves read back exactly, from either side")
    func manyLinksRoundTrip() throws {
        let store = try ModelStoreFixture([Note.self, Tag.self, Folder.self])
        let context = store.context
        let tags = (0..<330).map { Tag(name: String(format: "t%03d", $0)) }
        let note = Note(title: "many")
        let other = Note(title: "other")
        context.insert(note)
        context.insert(other)
        note.tags = Array(tags[0..<250])
        other.tags = Array(tags[200..<330])
        try context.save()
        #expect(try Self.tagNames(of: "many", in: store) == tags[0..<250].map(\.name))
        #expect(try Self.tagNames(of: "other", in: store) == tags[200..<330].map(\.name))

        // One save that removes ten links and adds 120, and a tag that leaves one note for the other.
        note.tags.removeAll {
            ["t000", "t001", "t002", "t003", "t004", "t005", "t006", "t007", "t008", "t009"].contains($0.name)
        }
        note.tags += Array(tags[250..<330]) + [tags[5]]
        tags[0].notes.append(other)
        try context.save()
        var expected = Set(tags[10..<330].map(\.name))
        expected.insert("t005")
        #expect(try Self.tagNames(of: "many", in: store) == expected.sorted())
        #expect(try Self.tagNames(of: "other", in: store) == (["t000"] + tags[200..<330].map(\.name)).sorted())

        // The same links seen from the tags' side.
        let fresh = store.newContext()
        let shared = try fresh.fetch(FetchDescriptor<Tag>(predicate: #Predicate { $0.name == "t250" }))
        #expect(try #require(shared.first).notes.map(\.title).sorted() == ["many", "other"])
    }
}
