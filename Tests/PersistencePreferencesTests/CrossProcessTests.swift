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
    let writer = try ProbeProcess.start(
        ["stalled-atomic-write", folder.appending(path: "com.example.NoteTaker.plist").path, "1024"],
        waitingFor: "writing"
    )
    let started = try FileManager.default.contentsOfDirectory(atPath: folder.path).contains(
        where: AtomicFileWriter.isTemporaryFileName)
    kill(writer.processIdentifier, SIGKILL)
    writer.waitUntilExit()
    #expect(started)

    store.set(2, forKey: "after")

    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names == ["com.example.NoteTaker.plist"], "the Preferences folder holds \(names)")
    #expect(store.integer(forKey: "before") == 1)
}

@Test("writers killed at random moments never lose a committed value or leave an unreadable file")
func killedWritersLoseNothing() throws {
    let preferences = TemporaryPreferences()
    let root = preferences.sandbox.deviceRoot.path
    let app = preferences.sandbox.appIdentifier
    preferences.store.set("kept", forKey: "sentinel")
    var expected = 0
    var lost = 0
    var unreadable = 0
    let kills = 200
    for _ in 0..<kills {
        let committed = try KillLoop.runAndKill(["count-preferences", root, app, "\(expected + 1)"])
        guard let stored = try? preferences.fileContents() else {
            unreadable += 1
            continue
        }
        let value = stored["counter"] as? Int ?? 0
        // The file holds the last committed value or one the killed writer had just written; never less.
        if value < max(expected, committed ?? 0) { lost += 1 }
        #expect(stored["sentinel"] as? String == "kept")
        expected = max(expected, value)
    }
    #expect(lost == 0, "rounds whose last committed value was lost")
    #expect(unreadable == 0, "rounds that left a preference file that does not parse")
    preferences.store.set("again", forKey: "sentinel")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: preferences.sandbox.preferencesDirectory.path)
        .filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "temporary files left after the next write: \(leftovers)")
    print(
        "preference kill test: \(kills) writers killed, counter reached \(expected), \(lost) committed values lost, \(unreadable) unreadable files"
    )
}
