import Foundation
import PersistencePreferences
import PersistenceWorkbench
import Testing

@Test("a registered default shows until set, never reaches the file, and returns after removal")
func registeredDefaults() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store

    store.register(defaults: ["k": 5])
    #expect(store.integer(forKey: "k") == 5)
    #expect(try preferences.fileContents() == nil)

    store.set(7, forKey: "k")
    #expect(store.integer(forKey: "k") == 7)

    store.removeObject(forKey: "k")
    #expect(store.integer(forKey: "k") == 5)
    #expect(try preferences.fileContents()?["k"] == nil)
}

@Test("registering a key again keeps the later value")
func reRegistering() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.register(defaults: ["k": 1])
    store.register(defaults: ["k": 2])
    #expect(store.integer(forKey: "k") == 2)
}

@Test("dictionaryRepresentation prefers stored values over registered ones")
func dictionaryRepresentationPrefersStored() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.register(defaults: ["theme": "light", "fontSize": 14])
    store.set("dark", forKey: "theme")

    let all = store.dictionaryRepresentation()

    #expect(all["theme"] as? String == "dark")
    #expect(all["fontSize"] as? Int == 14)
    #expect(all.count == 2)
}

@Test("registrations are shared by the app's stores but not by other sandboxes")
func registrationScope() throws {
    let preferences = TemporaryPreferences()
    let other = TemporaryPreferences()
    preferences.store.register(defaults: ["k": 9])

    let suite = try #require(UserDefaults(suiteName: "group.example", sandbox: preferences.sandbox))

    #expect(UserDefaults(sandbox: preferences.sandbox).integer(forKey: "k") == 9)
    #expect(suite.integer(forKey: "k") == 9)
    #expect(other.store.object(forKey: "k") == nil)
}

@Test("a registered value that is not a property list is reported and skipped")
func registeringBadValue() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.register(defaults: ["id": UUID(), "k": 1])
    #expect(store.object(forKey: "id") == nil)
    #expect(store.integer(forKey: "k") == 1)
    #expect(store.reportedErrors.count == 1)
}
