import Foundation
import PersistenceModels
import Testing

/// A model whose default value makes another model: the shelf's label.
@Model
final class PantryLabel {
    var text: String = "new shelf"

    init(text: String = "new shelf") {
        self.text = text
    }
}

/// A model with default values, one of which makes a model of another type.
@Model
final class PantryShelf {
    // First, so that the label is made before any other default value of the shelf runs.
    var label: PantryLabel? = PantryLabel()
    var name: String = "unnamed"
    var capacity: Int = 10

    init(name: String) {
        self.name = name
    }
}

/// A class hierarchy whose classes both have default values.
@Model
class StorageBox {
    var name: String = "box"

    init(name: String) {
        self.name = name
    }
}

@Model
final class ToolCrate: StorageBox {
    var slots: Int = 4

    init(name: String, slots: Int) {
        self.slots = slots
        super.init(name: name)
    }
}

/// Default values run whenever a model is made, also when it is made from a stored row: the row's values
/// must win, and a default that makes another model must make its own.
@Suite("Default values of models read from the store")
struct DefaultValueTests {
    @Test("a model read from the store keeps its stored values, and one made in code its defaults, every time")
    func storedValuesWin() throws {
        let store = try ModelStoreFixture([PantryShelf.self, PantryLabel.self])
        let shelf = PantryShelf(name: "kitchen")
        shelf.capacity = 3
        store.context.insert(shelf)
        shelf.label?.text = "spices"
        try store.context.save()

        for _ in 0..<3 {
            let context = store.newContext()
            let fetched = try context.fetch(FetchDescriptor<PantryShelf>())
            #expect(
                !context.hasChanges,
                "reading a shelf changed something: \(fetched.map(\.persistentBackingData.changedKeys))")
            #expect(fetched.map(\.name) == ["kitchen"])
            #expect(fetched.map(\.capacity) == [3])
            #expect(fetched.map { $0.label?.text } == ["spices"])
            let labels = try store.newContext().fetch(FetchDescriptor<PantryLabel>())
            #expect(labels.map(\.text) == ["spices"], "the label a default made while reading must not be stored")
        }

        let fresh = PantryShelf(name: "hall")
        #expect(fresh.capacity == 10)
        #expect(fresh.label?.text == "new shelf")
        let label = PantryLabel()
        #expect(label.text == "new shelf")
    }

    @Test("a subclass and its superclass both keep their stored values over their defaults")
    func hierarchyKeepsStoredValues() throws {
        let store = try ModelStoreFixture([StorageBox.self, ToolCrate.self])
        store.context.insert(ToolCrate(name: "tools", slots: 9))
        store.context.insert(StorageBox(name: "loose"))
        try store.context.save()

        let context = store.newContext()
        let crates = try context.fetch(FetchDescriptor<ToolCrate>())
        #expect(crates.map(\.name) == ["tools"])
        #expect(crates.map(\.slots) == [9])
        let all = try context.fetch(FetchDescriptor<StorageBox>(sortBy: [SortDescriptor(\.name)]))
        #expect(all.map(\.name) == ["loose", "tools"])
        #expect(ToolCrate(name: "new", slots: 2).name == "new")
    }
}
