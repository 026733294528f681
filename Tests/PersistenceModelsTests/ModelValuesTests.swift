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

    @Test("a copy is independent of the values it was copied from")
    func copiesAreIndependent() {
        let layout = ModelSlotLayout(names: ["title"])
        var values = ModelValues(layout: layout, slots: ["Before"])
        let committed = values
        values["title"] = "After"
        #expect(committed["title"] as? String == "Before")
        #expect(values["title"] as? String == "After")
    }
}
