import Foundation
import Testing

@testable import PersistenceModels
@testable import PersistenceSQLiteStore

@Suite("Model values")
struct ModelValuesTests {
    @Test("values kept by name can be set, replaced and removed")
    func namedValues() {
        var values = ModelValues()
        #expect(values.isEmpty)
        values["title"] = "Groceries"
        values["count"] = 3
        values["title"] = "Errands"
        #expect(values["title"] as? String == "Errands")
        #expect(values["count"] as? Int == 3)
        values["title"] = nil
        #expect(values["title"] == nil)
        #expect(values["count"] as? Int == 3)
        #expect(!values.isEmpty)
        values["count"] = nil
        #expect(values.isEmpty)
    }

    @Test("an optional holding nil is a value, not an absent one")
    func storedNil() {
        var values = ModelValues()
        values["note"] = String?.none as Any
        #expect(values["note"] != nil)
        #expect(!values.isEmpty)
    }

    @Test("slot values are read by name, and a name outside the layout is kept beside them")
    func slotValues() {
        let layout = ModelSlotLayout(names: ["title", "tags", "count"])
        var values = ModelValues(layout: layout, slots: ["Groceries", nil, 2])
        #expect(values["title"] as? String == "Groceries")
        #expect(values["tags"] == nil)
        values["extra"] = true
        values["tags"] = ["a"]
        #expect(values["extra"] as? Bool == true)
        #expect(values["tags"] as? [String] == ["a"])
        #expect(values["count"] as? Int == 2)
        values["extra"] = nil
        #expect(values["extra"] == nil)
        #expect(values["title"] as? String == "Groceries")
    }

    @Test("a read with a position hint finds every value in any order, wrapping around, and moves the hint on")
    func hintedReads() {
        var values = ModelValues()
        for (name, value) in [("a", 1), ("b", 2), ("c", 3)] { values.setValue(value, forKey: name) }
        var hint = 0
        #expect(values.value(forKey: "a", hint: &hint) as? Int == 1)
        #expect(hint == 1)
        #expect(values.value(forKey: "b", hint: &hint) as? Int == 2)
        #expect(values.value(forKey: "c", hint: &hint) as? Int == 3)
        #expect(hint == 3)
        // Out of order, and from a hint past the end: the search wraps around.
        #expect(values.value(forKey: "b", hint: &hint) as? Int == 2)
        #expect(values.value(forKey: "a", hint: &hint) as? Int == 1)
        hint = 7
        #expect(values.value(forKey: "c", hint: &hint) as? Int == 3)
        // A name it does not hold is absent and leaves the hint alone.
        #expect(values.value(forKey: "d", hint: &hint) == nil)
        #expect(hint == 3)
        // Empty values, and values in a layout with a name kept beside it.
        var none = 0
        #expect(ModelValues().value(forKey: "a", hint: &none) == nil)
        var laidOut = ModelValues(layout: ModelSlotLayout(names: ["title", "count"]), slots: ["Groceries", nil])
        laidOut.setValue(true, forKey: "extra")
        #expect(laidOut.value(forKey: "count", hint: &none) == nil)
        #expect(laidOut.value(forKey: "extra", hint: &none) as? Bool == true)
        #expect(laidOut.value(forKey: "title", hint: &none) as? String == "Groceries")
    }

    @Test("setting a value by name replaces the one before, in a layout's slot or kept by name")
    func setValues() {
        var values = ModelValues()
        values.setValue("Groceries", forKey: "title")
        values.setValue("Errands", forKey: "title")
        values.setValue(String?.none as Any, forKey: "note")
        #expect(values["title"] as? String == "Errands")
        #expect(values["note"] != nil)
        #expect(values.entries.map(\.key) == ["title", "note"])
        var laidOut = ModelValues(layout: ModelSlotLayout(names: ["title"]), slots: [nil])
        laidOut.setValue("Groceries", forKey: "title")
        laidOut.setValue(2, forKey: "count")
        #expect(laidOut.entries.map(\.key) == ["title", "count"])
        #expect(laidOut["count"] as? Int == 2)
    }

    @Test("a copy is independent of the values it was copied from")
    func copiesAreIndependent() {
        let layout = ModelSlotLayout(names: ["title"])
        var values = ModelValues(layout: layout, slots: ["Before"])
        let committed = values
        values["title"] = "After"
        #expect(committed["title"] as? String == "Before")
        #expect(values["title"] as? String == "After")
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
        let committed = values
        #expect(values.isEmpty == false)
        #expect(values["p0"] as? String == "v0")
        if count > 1 { #expect(values["p1"] == nil) }
        values["extra"] = 7
        values["p0"] = "changed"
        values.setValue("last", at: ModelValues.Slot(forKey: "p\(count - 1)", in: layout))
        #expect(values.hasValue(at: ModelValues.Slot(forKey: "p\(count - 1)", in: layout)))
        var hint = 0
        #expect(values.value(forKey: "extra", hint: &hint) as? Int == 7)
        #expect(
            values.entries.map(\.key) == layout.names.enumerated().compactMap { index, name in
                index.isMultiple(of: 2) || index == count - 1 ? name : nil
            } + ["extra"])
        // The copy taken before the changes keeps the values it had.
        #expect(committed["p0"] as? String == "v0")
        #expect(committed["extra"] == nil)
        // Emptying every slot and the value kept by name leaves the values empty.
        for name in layout.names { values[name] = nil }
        #expect(!values.isEmpty)
        values["extra"] = nil
        #expect(values.isEmpty)
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
