import Foundation
import PersistencePreferences
import PersistenceWorkbench
import Testing

@Test("a corrupt file is reported and moved aside; registered defaults and other suites carry on")
func corruptFileQuarantined() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let suite = try #require(UserDefaults(suiteName: "S", sandbox: preferences.sandbox))
    store.register(defaults: ["theme": "light"])
    store.set("dark", forKey: "theme")
    suite.set(5, forKey: "k")
    try Data("this is not a property list".utf8).write(to: store.fileURL)

    #expect(store.string(forKey: "theme") == "light")

    let names = try FileManager.default.contentsOfDirectory(atPath: preferences.sandbox.preferencesDirectory.path)
    let quarantined = try #require(names.first { $0.hasPrefix("com.example.NoteTaker.plist.corrupt-") })
    guard case .corruptFile(store.fileURL, let aside)? = store.reportedErrors.last else {
        Issue.record("no corrupt-file report: \(store.reportedErrors)")
        return
    }
    #expect(aside?.lastPathComponent == quarantined)
    #expect(suite.integer(forKey: "k") == 5)

    store.set(16, forKey: "fontSize")
    #expect(try preferences.fileContents()?.keys.sorted() == ["fontSize"])
}

@Test("a corrupt file found while writing is moved aside and the write still lands")
func corruptFileDuringWrite() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    try FileManager.default.createDirectory(
        at: preferences.sandbox.preferencesDirectory, withIntermediateDirectories: true)
    try Data([0xFF, 0x00, 0x13]).write(to: store.fileURL)

    store.set(1, forKey: "k")

    #expect(store.integer(forKey: "k") == 1)
    #expect(try preferences.fileContents()?["k"] as? Int == 1)
    #expect(store.reportedErrors.count == 1)
}
