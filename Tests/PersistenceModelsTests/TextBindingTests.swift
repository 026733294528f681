import Foundation
import PersistenceModels
import Testing

/// Text is bound to SQLite from the string's own storage: every kind of string a save or a predicate binds
/// must read back as it was written.
@Suite("Text bound from a string's own storage")
struct TextBindingTests {
    /// Empty, small (kept inside the string value), large, non-ASCII and bridged strings.
    static let titles = [
        "", "a", "fifteen bytes!!", "sixteen bytes!!!", "naïve café ☕️ 日本語 🧑🏽‍🚀",
        String(repeating: "long text ", count: 500), NSString(string: "bridged from NSString") as String,
    ]

    @Test("each string saved is read back unchanged, and found by a predicate that binds it")
    func roundTrip() throws {
        let store = try ModelStoreFixture([Note.self])
        for title in Self.titles { store.context.insert(Note(title: title)) }
        try store.context.save()

        let context = store.newContext()
        let read = try context.fetch(FetchDescriptor<Note>()).map(\.title)
        #expect(read.sorted() == Self.titles.sorted())
        for title in Self.titles {
            let found = try context.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.title == title }))
            #expect(found.map(\.title) == [title], "looking for \(title.prefix(30).debugDescription)")
        }
    }
}
