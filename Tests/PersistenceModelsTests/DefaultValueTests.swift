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
    /// A store holding one saved shelf, whose capacity and label's text differ from their defaults.
    private func storeWithShelf(named name: String, capacity: Int, label: String) throws -> ModelStoreFixture {
        let store = try ModelStoreFixture([PantryShelf.self, PantryLabel.self])
        let shelf = PantryShelf(name: name)
        shelf.capacity = capacity
        store.context.insert(shelf)
        shelf.label?.text = label
        try store.context.save()
        return store
    }

    @Test("a model read from the store keeps its stored values, and one made in code its defaults, every time")
    func storedValuesWin() throws {
        let store = try storeWithShelf(named: "kitchen", capacity: 3, label: "spices")

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

    /// A model with no default value, whose initializer never takes the backing data offered to it.
    @Model
    final class PantryJar {
        var contents: String

        init(contents: String) {
            self.contents = contents
        }
    }

    /// What the slot layout of `type` learned about the backing data offered to its initializer.
    private func handOverUse(of type: any PersistentModel.Type) -> BackingDataHandOverUse? {
        BackingDataHandOverUse(rawValue: ModelTypeCache.slotLayout(of: type).handOverUse.load(ordering: .relaxed))
    }

    @Test("the first model read shows whether a type takes the offered backing data, and later ones keep their values")
    func handOverIsLearnedPerType() throws {
        // Types no other test tampers with: what their layouts learn is read at the end.
        let store = try ModelStoreFixture([PantryLabel.self, PantryJar.self, StorageBox.self, ToolCrate.self])
        let label = PantryLabel(text: "jams")
        store.context.insert(label)
        store.context.insert(PantryJar(contents: "honey"))
        store.context.insert(ToolCrate(name: "drills", slots: 2))
        try store.context.save()

        for round in 0..<3 {
            let context = store.newContext()
            #expect(try context.fetch(FetchDescriptor<PantryLabel>()).map(\.text) == ["jams"], "round \(round)")
            #expect(try context.fetch(FetchDescriptor<PantryJar>()).map(\.contents) == ["honey"], "round \(round)")
            let crates = try context.fetch(FetchDescriptor<StorageBox>())
            #expect(crates.map(\.name) == ["drills"], "round \(round)")
            #expect(crates.compactMap { ($0 as? ToolCrate)?.slots } == [2], "round \(round)")
            #expect(!context.hasChanges, "reading changed something in round \(round)")
        }
        #expect(handOverUse(of: PantryLabel.self) == .taken)
        #expect(handOverUse(of: PantryJar.self) == .ignored)
        // The crate's own default takes the offer; the box's, which runs after it, asks for its own type.
        #expect(handOverUse(of: ToolCrate.self) == .taken)
    }

    @Test("a wrong answer about the offered backing data costs time, never stored values")
    func wrongHandOverAnswerKeepsValues() throws {
        let store = try storeWithShelf(named: "attic", capacity: 1, label: "winter clothes")

        let layout = ModelTypeCache.slotLayout(of: PantryShelf.self)
        let learned = layout.handOverUse.load(ordering: .relaxed)
        defer { layout.handOverUse.store(learned, ordering: .relaxed) }
        layout.handOverUse.store(BackingDataHandOverUse.ignored.rawValue, ordering: .relaxed)
        for _ in 0..<2 {
            let context = store.newContext()
            let fetched = try context.fetch(FetchDescriptor<PantryShelf>())
            #expect(fetched.map(\.name) == ["attic"])
            #expect(fetched.map(\.capacity) == [1])
            #expect(fetched.map { $0.label?.text } == ["winter clothes"])
            #expect(!context.hasChanges)
        }
    }
}
