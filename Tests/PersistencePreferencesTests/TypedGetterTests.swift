import Foundation
import PersistencePreferences
import Testing

@Test("an Int reads as integer, string, double and bool")
func intCoercions() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(42, forKey: "answer")

    #expect(store.integer(forKey: "answer") == 42)
    #expect(store.string(forKey: "answer") == "42")
    #expect(store.double(forKey: "answer") == 42.0)
    #expect(store.float(forKey: "answer") == 42.0)
    #expect(store.bool(forKey: "answer"))
}

@Test(
    "integer scans strings and truncates doubles",
    arguments: [
        ("42" as any Sendable, 42), ("3.9" as any Sendable, 3), ("abc" as any Sendable, 0), (3.7 as any Sendable, 3),
        (-3.7 as any Sendable, -3),
    ])
func integerCoercions(stored: any Sendable, expected: Int) {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(stored, forKey: "k")
    #expect(store.integer(forKey: "k") == expected)
}

@Test("true reads as integer 1 and string \"1\"")
func boolCoercions() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(true, forKey: "flag")

    #expect(store.integer(forKey: "flag") == 1)
    #expect(store.string(forKey: "flag") == "1")
    #expect(store.double(forKey: "flag") == 1)
}

@Test("bool reads YES, true, 1, 2 and 1.0 as true", arguments: ["YES" as any Sendable, "true", "1", 2, 1.0])
func boolTrueCoercions(stored: any Sendable) {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(stored, forKey: "k")
    #expect(store.bool(forKey: "k"))
}

@Test("bool reads NO, false, 0 and maybe as false", arguments: ["NO", "false", "0", "maybe"])
func boolFalseCoercions(stored: String) {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(stored, forKey: "k")
    #expect(!store.bool(forKey: "k"))
}

@Test("double and string convert in both directions")
func doubleCoercions() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set("12.34", forKey: "text")
    store.set(12.34, forKey: "number")

    #expect(store.double(forKey: "text") == 12.34)
    #expect(store.string(forKey: "number") == "12.34")
    #expect(store.string(forKey: "text") == "12.34")
}

@Test("a missing key reads as 0, false or nil")
func missingKeyDefaults() {
    let preferences = TemporaryPreferences()
    let store = preferences.store

    #expect(store.integer(forKey: "missing") == 0)
    #expect(store.double(forKey: "missing") == 0)
    #expect(store.float(forKey: "missing") == 0)
    #expect(store.bool(forKey: "missing") == false)
    #expect(store.string(forKey: "missing") == nil)
    #expect(store.data(forKey: "missing") == nil)
    #expect(store.url(forKey: "missing") == nil)
    #expect(store.object(forKey: "missing") == nil)
    #expect(store.array(forKey: "missing") == nil)
    #expect(store.dictionary(forKey: "missing") == nil)
    #expect(store.stringArray(forKey: "missing") == nil)
}

@Test("string of Data or a Date is nil")
func stringOfDataOrDate() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(Data([1, 2]), forKey: "data")
    store.set(Date(), forKey: "date")

    #expect(store.string(forKey: "data") == nil)
    #expect(store.string(forKey: "date") == nil)
}

@Test("collection getters give nil for the wrong type, and stringArray for any non-string element")
func collectionGetters() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(["a", "b"], forKey: "strings")
    store.set(["a", 1] as [Any], forKey: "mixed")
    store.set(["columns": 2], forKey: "layout")

    #expect(store.stringArray(forKey: "strings") == ["a", "b"])
    #expect(store.stringArray(forKey: "mixed") == nil)
    #expect(store.array(forKey: "mixed")?.count == 2)
    #expect(store.dictionary(forKey: "layout")?["columns"] as? Int == 2)
    #expect(store.array(forKey: "layout") == nil)
    #expect(store.dictionary(forKey: "strings") == nil)
    #expect(store.data(forKey: "strings") == nil)
}

@Test("object gives back the stored values with their types")
func objectRoundTrips() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    store.set("dark", forKey: "theme")
    store.set(date, forKey: "seen")
    store.set(Data([9]), forKey: "blob")
    store.set(Float(1.5), forKey: "ratio")

    #expect(store.object(forKey: "theme") as? String == "dark")
    #expect(store.object(forKey: "seen") as? Date == date)
    #expect(store.data(forKey: "blob") == Data([9]))
    #expect(store.object(forKey: "ratio") as? Double == 1.5)
}
