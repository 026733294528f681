import Foundation
import PersistencePreferences
import PersistenceSandbox
import PersistenceWorkbench
import Testing

@Test("a suite's values are invisible to the app's domain and land in <suite>.plist")
func suiteIsSeparate() throws {
    let preferences = TemporaryPreferences()
    let suite = try #require(UserDefaults(suiteName: "S", sandbox: preferences.sandbox))

    suite.set("value", forKey: "k")

    #expect(preferences.store.object(forKey: "k") == nil)
    #expect(try preferences.fileContents("S")?["k"] as? String == "value")
    #expect(suite.fileURL == preferences.sandbox.preferencesDirectory.appending(path: "S.plist"))
}

@Test("the app's domain lands in <app identifier>.plist")
func appDomainFile() throws {
    let preferences = TemporaryPreferences()
    preferences.store.set(1, forKey: "k")
    #expect(try preferences.fileContents()?["k"] as? Int == 1)
}

@Test("a nil suite name means the app's own domain")
func nilSuiteName() throws {
    let preferences = TemporaryPreferences()
    let store = try #require(UserDefaults(suiteName: nil, sandbox: preferences.sandbox))
    #expect(store.fileURL == preferences.store.fileURL)
}

@Test("unusable suite names give no store", arguments: ["com.example.NoteTaker", "NSGlobalDomain", "", "a/b", ".."])
func unusableSuiteNames(name: String) {
    let preferences = TemporaryPreferences()
    #expect(UserDefaults(suiteName: name, sandbox: preferences.sandbox) == nil)
}

@Test("two stores for the same suite see each other's writes at once")
func storesShareSuite() throws {
    let preferences = TemporaryPreferences()
    let first = try #require(UserDefaults(suiteName: "S", sandbox: preferences.sandbox))
    let second = try #require(UserDefaults(suiteName: "S", sandbox: preferences.sandbox))
    #expect(second.object(forKey: "k") == nil)

    first.set(3, forKey: "k")

    #expect(second.integer(forKey: "k") == 3)
}

@Test("standard is the app domain of the current sandbox")
func standardFollowsCurrent() {
    let preferences = TemporaryPreferences()
    let standard = AppSandbox.withCurrent(preferences.sandbox) { UserDefaults.standard }
    let again = AppSandbox.withCurrent(preferences.sandbox) { UserDefaults.standard }
    #expect(standard === again)
    #expect(standard.fileURL == preferences.store.fileURL)
}
