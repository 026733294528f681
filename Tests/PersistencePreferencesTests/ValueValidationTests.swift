import Foundation
import PersistencePreferences
import PersistenceWorkbench
import Testing

private struct Layout {
    var columns: Int
}

@Test("a custom struct is refused with the key and type named, and nothing is written")
func customStructRefused() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set("dark", forKey: "theme")

    store.set(Layout(columns: 2), forKey: "layout")

    #expect(store.object(forKey: "layout") == nil)
    let error = try #require(store.reportedErrors.last)
    #expect(error == .notPropertyList(key: "layout", typeName: "Layout", location: "layout"))
    #expect(error.description.contains("'layout'"))
    #expect(error.description.contains("Layout"))
    #expect(try preferences.fileContents()?.keys.sorted() == ["theme"])
}

@Test("setOrThrow throws for a value that is not a property list")
func setOrThrowThrows() {
    let preferences = TemporaryPreferences()
    #expect(throws: UserDefaultsError.notPropertyList(key: "id", typeName: "UUID", location: "id")) {
        try preferences.store.setOrThrow(UUID(), forKey: "id")
    }
}

@Test("a value hidden inside an array or dictionary is found and refused")
func nestedValueRefused() {
    let preferences = TemporaryPreferences()
    let store = preferences.store

    store.set(["a", Layout(columns: 1)] as [Any], forKey: "list")
    store.set([1: "one"], forKey: "numbers")

    #expect(store.object(forKey: "list") == nil)
    #expect(store.object(forKey: "numbers") == nil)
    #expect(store.reportedErrors.count == 2)
    #expect(store.reportedErrors.first == .notPropertyList(key: "list", typeName: "Layout", location: "list[1]"))
}

@Test("setting nil removes the key, like removeObject")
func setNilRemoves() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set("dark", forKey: "theme")
    store.set(14, forKey: "fontSize")

    store.set(nil, forKey: "theme")
    store.removeObject(forKey: "fontSize")

    #expect(store.object(forKey: "theme") == nil)
    #expect(store.object(forKey: "fontSize") == nil)
    #expect(store.reportedErrors.isEmpty)
}

@Test("an optional value is stored as what it wraps, and nil removes")
func optionalValues() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let some: Int? = 5
    let none: Int? = nil

    store.set(some as Any, forKey: "k")
    #expect(store.integer(forKey: "k") == 5)

    store.set(none as Any, forKey: "k")
    #expect(store.object(forKey: "k") == nil)
}
