import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Model values")
struct ModelValuesTests {
    @Test("values kept by name can be set, replaced and removed")
    func namedValues() {
        var values = ModelValues()
        #expect(values.readingIsEmpty)
        values["title"] = "Groceries"
        values["count"] = 3
        values["title"] = "Errands"
        #expect(values.reading("title") as? String == "Errands")
        #expect(values.reading("count") as? Int == 3)
        values["title"] = nil
        #expect(values.reading("title") == nil)
        #expect(values.reading("count") as? Int == 3)
        #expect(!values.readingIsEmpty)
        values["count"] = nil
        #expect(values.readingIsEmpty)
    }

    @Test("an optional holding nil is a value, not an absent one")
    func storedNil() {
        var values = ModelValues()
        values["note"] = String?.none as Any
        #expect(values.reading("note") != nil)
        #expect(!values.readingIsEmpty)
    }

    @Test("slot values are read by name, and a name outside the layout is kept beside them")
    func slotValues() {
        let layout = ModelSlotLayout(names: ["title", "tags", "count"])
        var values = ModelValues(layout: layout, slots: ["Groceries", nil, 2])
        #expect(values.reading("title") as? String == "Groceries")
        #expect(values.reading("tags") == nil)
        values["extra"] = true
        values["tags"] = ["a"]
        #expect(values.reading("extra") as? Bool == true)
        #expect(values.reading("tags") as? [String] == ["a"])
        #expect(values.reading("count") as? Int == 2)
        values["extra"] = nil
        #expect(values.reading("extra") == nil)
        #expect(values.reading("title") as? String == "Groceries")
    }

    @Test("a read with a position hint finds every value in any order, wrapping around, and moves the hint on")
    func hintedReads() {
        var values = ModelValues()
        for (name, value) in [("a", 1), ("b", 2), ("c", 3)] { values.setValue(value, forKey: name) }
        var hint = 0
        #expect(values.reading(forKey: "a", hint: &hint) as? Int == 1)
        #expect(hint == 1)
        #expect(values.reading(forKey: "b", hint: &hint) as? Int == 2)
        #expect(values.reading(forKey: "c", hint: &hint) as? Int == 3)
        #expect(hint == 3)
        // Out of order, and from a hint past the end: the search wraps around.
        #expect(values.reading(forKey: "b", hint: &hint) as? Int == 2)
        #expect(values.reading(forKey: "a", hint: &hint) as? Int == 1)
        hint = 7
        #expect(values.reading(forKey: "c", hint: &hint) as? Int == 3)
        // A name it does not hold is absent and leaves the hint alone.
        #expect(values.reading(forKey: "d", hint: &hint) == nil)
        #expect(hint == 3)
        // Empty values, and values in a layout with a name kept beside it.
        var none = 0
        var empty = ModelValues()
        #expect(empty.reading(forKey: "a", hint: &none) == nil)
        var laidOut = ModelValues(layout: ModelSlotLayout(names: ["title", "count"]), slots: ["Groceries", nil])
        laidOut.setValue(true, forKey: "extra")
        #expect(laidOut.reading(forKey: "count", hint: &none) == nil)
        #expect(laidOut.reading(forKey: "extra", hint: &none) as? Bool == true)
        #expect(laidOut.reading(forKey: "title", hint: &none) as? String == "Groceries")
    }

    @Test("setting a value by name replaces the one before, in a layout's slot or kept by name")
    func setValues() {
        var values = ModelValues()
        values.setValue("Groceries", forKey: "title")
        values.setValue("Errands", forKey: "title")
        values.setValue(String?.none as Any, forKey: "note")
        #expect(values.reading("title") as? String == "Errands")
        #expect(values.reading("note") != nil)
        #expect(values.readingEntries.map(\.key) == ["title", "note"])
        var laidOut = ModelValues(layout: ModelSlotLayout(names: ["title"]), slots: [nil])
        laidOut.setValue("Groceries", forKey: "title")
        laidOut.setValue(2, forKey: "count")
        #expect(laidOut.readingEntries.map(\.key) == ["title", "count"])
        #expect(laidOut.reading("count") as? Int == 2)
    }

    @Test("a copy is independent of the values it was copied from")
    func copiesAreIndependent() {
        let layout = ModelSlotLayout(names: ["title"])
        var values = ModelValues(layout: layout, slots: ["Before"])
        var committed = values
        values["title"] = "After"
        #expect(committed.reading("title") as? String == "Before")
        #expect(values.reading("title") as? String == "After")
    }

    /// A layout of `count` properties named `p0`, `p1`, ….
    static func layout(of count: Int) -> ModelSlotLayout {
        ModelSlotLayout(names: (0..<count).map { "p\($0)" })
    }

    @Test(
        "slots inside the values and slots in an array behave alike, past the inline capacity too",
        arguments: [1, ModelValues.inlineCapacity, ModelValues.inlineCapacity + 1, 20])
    func slotsOfEverySize(count: Int) throws {
        let layout = Self.layout(of: count)
        var values = try ModelValues(layout: layout) { slots, initializedCount in
            for index in 0..<slots.count {
                (slots.baseAddress! + index).initialize(to: index.isMultiple(of: 2) ? "v\(index)" : nil)
                initializedCount += 1
            }
        }
        var committed = values
        #expect(values.readingIsEmpty == false)
        #expect(values.reading("p0") as? String == "v0")
        if count > 1 { #expect(values.reading("p1") == nil) }
        values["extra"] = 7
        values["p0"] = "changed"
        values.setValue("last", at: ModelValues.Slot(forKey: "p\(count - 1)", in: layout))
        #expect(values.readingHasValue(at: ModelValues.Slot(forKey: "p\(count - 1)", in: layout)))
        var hint = 0
        #expect(values.reading(forKey: "extra", hint: &hint) as? Int == 7)
        #expect(
            values.readingEntries.map(\.key) == layout.names.enumerated().compactMap { index, name in
                index.isMultiple(of: 2) || index == count - 1 ? name : nil
            } + ["extra"])
        // The copy taken before the changes keeps the values it had.
        #expect(committed.reading("p0") as? String == "v0")
        #expect(committed.reading("extra") == nil)
        // Emptying every slot and the value kept by name leaves the values empty.
        for name in layout.names { values[name] = nil }
        #expect(!values.readingIsEmpty)
        values["extra"] = nil
        #expect(values.readingIsEmpty)
    }

    @Test(
        "values whose slots fail to fill release the slots filled before the failure",
        arguments: [3, ModelValues.inlineCapacity + 4])
    func failedFillReleasesValues(count: Int) {
        final class Tracked {}
        weak var first: Tracked?
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            _ = try ModelValues(layout: Self.layout(of: count)) { slots, initializedCount in
                let tracked = Tracked()
                first = tracked
                (slots.baseAddress!).initialize(to: tracked)
                initializedCount = 1
                throw Failure()
            }
        }
        #expect(first == nil)
    }
}

extension ModelValues {
    // Reads for `#expect`, whose closures hold the values immutably: the reads of ``ModelValues`` are mutating.

    func reading(_ key: String) -> Any? {
        var values = self
        return values[key]
    }

    func reading(forKey key: String, hint: inout Int) -> Any? {
        var values = self
        return values.value(forKey: key, hint: &hint)
    }

    func readingHasValue(at slot: Slot) -> Bool {
        var values = self
        return values.hasValue(at: slot)
    }

    var readingIsEmpty: Bool {
        var values = self
        return values.isEmpty
    }

    var readingEntries: [(key: String, value: Any)] {
        var values = self
        return values.entries
    }
}
