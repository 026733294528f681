import Foundation
import PersistencePreferences
import PersistenceSandbox
import PersistenceWorkbench
import Testing

@Test("reinstalling the app wipes its preferences but keeps vault items")
func reinstallWipesPreferences() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set("dark", forKey: "theme")
    let vaultItem = preferences.sandbox.vaultDirectory.appending(path: "token")
    try FileManager.default.createDirectory(at: preferences.sandbox.vaultDirectory, withIntermediateDirectories: true)
    try Data("secret".utf8).write(to: vaultItem)

    try preferences.sandbox.reinstall()

    #expect(store.object(forKey: "theme") == nil)
    #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    #expect(try Data(contentsOf: vaultItem) == Data("secret".utf8))
}

@Test("preferences are part of the backup")
func preferencesBackedUp() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(1, forKey: "k")
    #expect(try preferences.sandbox.backupManifest().contains(store.fileURL))
}

@Test("writes from many tasks at once are all kept")
func concurrentWritesInProcess() async throws {
    let preferences = TemporaryPreferences()
    let sandbox = preferences.sandbox
    await withTaskGroup(of: Void.self) { group in
        for writer in 0..<8 {
            group.addTask {
                let store = UserDefaults(sandbox: sandbox)
                for index in 0..<10 { store.set(index, forKey: "w\(writer)-\(index)") }
            }
        }
    }
    let stored = try #require(try preferences.fileContents())
    #expect(stored.count == 80)
}
