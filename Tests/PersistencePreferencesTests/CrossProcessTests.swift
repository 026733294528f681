import CoreTestSupport
import Foundation
import PersistencePreferences
import Testing

@Test("values written by another process are read without restarting")
func otherProcessWritesAreSeen() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(0, forKey: "mine")

    let result = try ProbeProcess.run([
        "write-preferences", preferences.sandbox.deviceRoot.path, preferences.sandbox.appIdentifier, "theirs", "3",
    ])

    #expect(result.status == 0)
    #expect(store.integer(forKey: "theirs-2") == 2)
    #expect(store.object(forKey: "mine") != nil)
}

@Test("two processes writing different keys at the same time lose neither write")
func twoProcessesKeepBothWrites() throws {
    let preferences = TemporaryPreferences()
    let root = preferences.sandbox.deviceRoot.path
    let app = preferences.sandbox.appIdentifier
    let count = 40

    let first = try ProbeProcess.start(["write-preferences", root, app, "first", "\(count)"])
    let second = try ProbeProcess.start(["write-preferences", root, app, "second", "\(count)"])
    first.waitUntilExit()
    second.waitUntilExit()

    #expect(first.terminationStatus == 0)
    #expect(second.terminationStatus == 0)
    let stored = try #require(try preferences.fileContents())
    #expect(stored.count == 2 * count)
    for index in 0..<count {
        #expect(stored["first-\(index)"] as? Int == index)
        #expect(stored["second-\(index)"] as? Int == index)
    }
}
