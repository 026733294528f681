import Foundation
import PersistencePreferences
import Testing

@Test("set and removeObject each post one change notification, synchronously, from the store")
func changeNotifications() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let counter = NotificationCounter(observing: store)

    store.set("dark", forKey: "theme")
    #expect(counter.value == 1)

    store.removeObject(forKey: "theme")
    #expect(counter.value == 2)
}

@Test("a refused value posts no notification")
func noNotificationForRefusal() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let counter = NotificationCounter(observing: store)

    store.set(UUID() as Any, forKey: "id")

    #expect(counter.value == 0)
}

@Test("an observer reading the store in the notification sees the new value")
func notificationAfterSave() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    nonisolated(unsafe) var seen: String?
    let observer = NotificationCenter.default.addObserver(
        forName: UserDefaults.didChangeNotification, object: store, queue: nil
    ) { notification in
        seen = (notification.object as? UserDefaults)?.string(forKey: "theme")
    }
    defer { NotificationCenter.default.removeObserver(observer) }

    store.set("dark", forKey: "theme")

    #expect(seen == "dark")
}
