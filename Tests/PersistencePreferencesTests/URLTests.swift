import Foundation
import PersistencePreferences
import Testing

@Test("a stored path string reads as a file URL with ~ expanded")
func tildePathString() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set("~/x", forKey: "folder")

    let url = store.url(forKey: "folder")

    #expect(url == URL(fileURLWithPath: NSHomeDirectory()).appending(path: "x"))
    #expect(url?.isFileURL == true)
}

@Test("a web URL round-trips unchanged")
func webURLRoundTrip() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let url = URL(string: "https://a/b")!

    store.set(url, forKey: "site")

    #expect(store.url(forKey: "site") == url)
}

@Test("a file URL in the home folder is stored as a ~ path and reads back")
func fileURLStoredAbbreviated() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let url = URL(fileURLWithPath: NSHomeDirectory()).appending(path: "Notes/a.txt")

    store.set(url, forKey: "last")

    #expect(store.string(forKey: "last") == "~/Notes/a.txt")
    #expect(store.url(forKey: "last")?.path == url.path)
}
