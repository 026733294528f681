import CoreTestSupport
import Foundation
import PersistencePreferences
import PersistenceSandbox
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

@Test("a preference write removes the temporary files that killed writers left in the Preferences folder")
func killedWritersLeaveNoTemporaryFiles() async throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(1, forKey: "before")
    let folder = preferences.sandbox.preferencesDirectory
    let writer = try ProbeProcess.start([
        "slow-atomic-write", folder.appending(path: "com.example.NoteTaker.plist").path, "1024", "1000", "20",
    ])
    var started = false
    for _ in 0..<500 where !started {
        started = try FileManager.default.contentsOfDirectory(atPath: folder.path).contains(where: AtomicFileWriter.isTemporaryFileName)
        try await Task.sleep(for: .milliseconds(10))
    }
    kill(writer.processIdentifier, SIGKILL)
    writer.waitUntilExit()
    #expect(started)

    store.set(2, forKey: "after")

    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["com.example.NoteTaker.plist"])
    #expect(store.integer(forKey: "before") == 1)
}
