import Foundation
import PersistencePreferences
import PersistenceWorkbench
import Testing

@Test("the file is an XML property list with <true/>, <integer> and <date>")
func xmlFormat() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(true, forKey: "flag")
    store.set(42, forKey: "answer")
    store.set(Date(timeIntervalSince1970: 0), forKey: "epoch")

    let data = try Data(contentsOf: store.fileURL)
    var format = PropertyListSerialization.PropertyListFormat.binary
    _ = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    let xml = String(decoding: data, as: UTF8.self)

    #expect(format == .xml)
    #expect(xml.contains("<key>flag</key>\n\t<true/>"))
    #expect(xml.contains("<integer>42</integer>"))
    #expect(xml.contains("<date>1970-01-01T00:00:00Z</date>"))
}

@Test("the file is readable by its owner only and each change is saved at once")
func fileModeAndImmediateSave() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set("dark", forKey: "theme")

    var status = stat()
    stat(store.fileURL.path, &status)
    #expect(status.st_mode & 0o777 == 0o600)
    #expect(try preferences.fileContents()?["theme"] as? String == "dark")
}

@Test("a value written into the file by another tool is read")
func externalEdit() throws {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set(1, forKey: "k")
    let data = try PropertyListSerialization.data(fromPropertyList: ["k": 2], format: .xml, options: 0)
    try data.write(to: store.fileURL)

    #expect(store.integer(forKey: "k") == 2)
}

@Test("the Preferences folder holds only the property lists")
func noExtraFiles() throws {
    let preferences = TemporaryPreferences()
    preferences.store.set(1, forKey: "k")
    let suite = try #require(UserDefaults(suiteName: "S", sandbox: preferences.sandbox))
    suite.set(2, forKey: "k")

    let names = try FileManager.default.contentsOfDirectory(atPath: preferences.sandbox.preferencesDirectory.path)

    #expect(names.sorted() == ["S.plist", "com.example.NoteTaker.plist"])
}

@Test("removing a key that was never set writes no file but still notifies")
func removingMissingKey() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let counter = NotificationCounter(observing: store)

    store.removeObject(forKey: "never")

    #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    #expect(counter.value == 1)
}
