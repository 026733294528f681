import Foundation
import PersistenceSandbox
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Schema details")
struct SchemaEvolutionTests {
    @Test("opening a store with a new optional attribute adds its column and keeps the rows")
    func addsMissingColumns() throws {
        let sandbox = AppSandbox.temporary()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        let url = sandbox.applicationSupportDirectory.appending(path: "gadgets.store")
        do {
            let container = try ModelContainer(
                for: StoreVersion1.Gadget.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(StoreVersion1.Gadget(name: "Widget"))
            try context.save()
        }
        let container = try ModelContainer(for: StoreVersion2.Gadget.self, configurations: ModelConfiguration(url: url))
        let gadget = try #require(try ModelContext(container).fetch(FetchDescriptor<StoreVersion2.Gadget>()).first)
        #expect(gadget.name == "Widget")
        #expect(gadget.serialNumber == nil)
    }

    @Test("inverses named from one side pair up two relationships to the same type")
    func inversesNamedFromTheOtherSide() throws {
        let store = try ModelStoreFixture([Author.self, Novel.self])
        let ann = Author(name: "Ann")
        let bob = Author(name: "Bob")
        let novel = Novel(title: "Tides")
        for model in [ann, bob] { store.context.insert(model) }
        novel.author = ann
        novel.editor = bob
        #expect(ann.ownedBooks.map(\.title) == ["Tides"])
        #expect(ann.editedBooks.isEmpty)
        #expect(bob.editedBooks.map(\.title) == ["Tides"])
        #expect(bob.ownedBooks.isEmpty)
        try store.context.save()
        let loaded = try store.newContext().fetch(FetchDescriptor<Author>(sortBy: [SortDescriptor(\.name)]))
        #expect(loaded.map { $0.ownedBooks.map(\.title) } == [["Tides"], []])
        #expect(loaded.map { $0.editedBooks.map(\.title) } == [[], ["Tides"]])
    }

    @Test("the schema finds models reachable through relationships")
    func schemaDiscoversRelatedModels() {
        let schema = Schema([Note.self])
        #expect(Set(schema.entities.map(\.name)) == ["Note", "Tag", "Folder"])
        #expect(schema.entity(for: Tag.self)?.relationships.map(\.name) == ["notes"])
    }
}
