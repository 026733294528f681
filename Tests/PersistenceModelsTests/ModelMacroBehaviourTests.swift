import Foundation
import Observation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("@Model classes")
struct ModelMacroBehaviourTests {
    @Test("stored properties become metadata; computed and @Transient ones do not")
    func metadataListsStoredProperties() {
        let names = Sample.schemaMetadata.map(\.name)
        #expect(names.contains("text"))
        #expect(names.contains("address"))
        #expect(!names.contains("scratch"))
        #expect(!names.contains("shout"))
        #expect(Note.schemaMetadata.map(\.name) == ["title", "content", "createdAt", "isPinned", "tags", "folder"])
    }

    @Test("relationship properties are told apart from attributes by their type")
    func relationshipsAreRecognised() throws {
        let tags = try #require(Note.schemaMetadata.first { $0.name == "tags" })
        let folder = try #require(Note.schemaMetadata.first { $0.name == "folder" })
        let title = try #require(Note.schemaMetadata.first { $0.name == "title" })
        #expect(tags.isRelationship)
        #expect(folder.isRelationship)
        #expect(!title.isRelationship)
    }

    @Test("property defaults and initializer values are readable before any insert")
    func defaultsWork() {
        let sample = Sample(text: "hello")
        #expect(sample.text == "hello")
        #expect(sample.flag == true)
        #expect(sample.words.isEmpty)
        #expect(sample.scratch == "not stored")
        #expect(sample.shout == "HELLO")
        sample.int = 42
        #expect(sample.int == 42)
    }

    @Test("changing a persisted property fires observation tracking")
    func observationFires() {
        let note = Note(title: "Draft")
        let fired = Flag()
        withObservationTracking {
            _ = note.title
        } onChange: {
            fired.set()
        }
        note.title = "Final"
        #expect(fired.value)
    }

    @Test("a new model has a temporary identifier that becomes permanent after its first save")
    func identifierBecomesPermanent() throws {
        let store = try ModelStoreFixture()
        let note = Note(title: "A")
        store.context.insert(note)
        let temporary = note.persistentModelID
        #expect(temporary.isTemporary)
        try store.context.save()
        let permanent = note.persistentModelID
        #expect(!permanent.isTemporary)
        #expect(temporary != permanent)
        #expect(note.id == permanent)
    }

    @Test("identifiers round-trip through Codable and sort")
    func identifierIsCodable() throws {
        let store = try ModelStoreFixture()
        let first = Note(title: "A")
        let second = Note(title: "B")
        store.context.insert(first)
        store.context.insert(second)
        try store.context.save()
        let data = try JSONEncoder().encode(first.persistentModelID)
        let decoded = try JSONDecoder().decode(PersistentIdentifier.self, from: data)
        #expect(decoded == first.persistentModelID)
        #expect(first.persistentModelID < second.persistentModelID)
    }

    @Test("models are equal only to themselves and hash by identity")
    func identityEquality() {
        let a = Note(title: "Same")
        let b = Note(title: "Same")
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, a, b]).count == 2)
    }
}

/// A thread-safe flag for observation callbacks.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    func set() { lock.withLock { isSet = true } }
    var value: Bool { lock.withLock { isSet } }
}
