import Foundation
import Observation
import PersistencePreferences
import PersistenceSandbox
import PersistenceWorkbench
import Synchronization
import Testing

private enum SortOrder: String {
    case date, title
}

private enum Density: Int {
    case compact = 1
    case regular = 2
}

/// Written the way a SwiftUI settings view declares its preferences.
private struct SettingsView {
    @AppStorage("sortOrder") var sortOrder = "date"
    @AppStorage("showPinnedFirst") var showPinnedFirst = true
    @AppStorage("notesPerPage") var notesPerPage = 20
}

@Test("@AppStorage declared as in SwiftUI reads and writes the current app's preferences")
func swiftUIStyleDeclaration() {
    let preferences = TemporaryPreferences()
    AppSandbox.withCurrent(preferences.sandbox) {
        let view = SettingsView()
        #expect(view.sortOrder == "date")
        #expect(view.notesPerPage == 20)

        view.sortOrder = "title"
        view.showPinnedFirst = false

        #expect(UserDefaults.standard.string(forKey: "sortOrder") == "title")
        #expect(SettingsView().showPinnedFirst == false)
    }
}

@Test("reading an @AppStorage default never writes it")
func defaultNotWritten() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    @AppStorage("k", store: store) var value = 3

    #expect(value == 3)
    #expect(store.object(forKey: "k") == nil)
}

@Test("a registered default beats the @AppStorage default")
func registeredBeatsDefault() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    @AppStorage("k", store: store) var value = 3
    store.register(defaults: ["k": 8])
    #expect(value == 8)
}

@Test("two @AppStorage properties with one key see each other's writes and direct writes")
func instancesShareKey() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    @AppStorage("k", store: store) var first = 0
    @AppStorage("k", store: UserDefaults(sandbox: preferences.sandbox)) var second = 0

    first = 5
    #expect(second == 5)

    store.set(9, forKey: "k")
    #expect(first == 9)
    #expect(second == 9)
}

@Test("an enum stores its raw value and an unknown raw value reads as the default")
func rawRepresentable() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    @AppStorage("sort", store: store) var sort = SortOrder.date
    @AppStorage("density", store: store) var density = Density.regular

    sort = .title
    density = .compact
    #expect(store.string(forKey: "sort") == "title")
    #expect(store.integer(forKey: "density") == 1)

    store.set("size", forKey: "sort")
    store.set(7, forKey: "density")
    #expect(sort == .date)
    #expect(density == .regular)
}

@Test("setting an optional @AppStorage to nil removes the key")
func optionalRemoves() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    @AppStorage("name", store: store) var name: String?
    @AppStorage("sort", store: store) var sort: SortOrder?
    @AppStorage("density", store: store) var density: Density?
    #expect(name == nil)

    name = "Ada"
    sort = .title
    density = .compact
    #expect(store.string(forKey: "name") == "Ada")
    #expect(sort == .title)
    #expect(density == .compact)

    name = nil
    sort = nil
    #expect(store.object(forKey: "name") == nil)
    #expect(store.object(forKey: "sort") == nil)
}

@Test("every supported type round-trips through @AppStorage")
func supportedTypes() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let date = Date(timeIntervalSince1970: 1_000)
    @AppStorage("bool", store: store) var bool = false
    @AppStorage("int", store: store) var int = 0
    @AppStorage("double", store: store) var double = 0.0
    @AppStorage("string", store: store) var string = ""
    @AppStorage("url", store: store) var url = URL(string: "https://example.com")!
    @AppStorage("data", store: store) var data = Data()
    @AppStorage("date", store: store) var when = Date.distantPast
    @AppStorage("optionalBool", store: store) var optionalBool: Bool?
    @AppStorage("optionalInt", store: store) var optionalInt: Int?
    @AppStorage("optionalDouble", store: store) var optionalDouble: Double?
    @AppStorage("optionalURL", store: store) var optionalURL: URL?
    @AppStorage("optionalData", store: store) var optionalData: Data?
    @AppStorage("optionalDate", store: store) var optionalDate: Date?

    bool = true
    int = 4
    double = 2.5
    string = "s"
    url = URL(string: "https://swift.org/x")!
    data = Data([1])
    when = date
    optionalBool = false
    optionalInt = 1
    optionalDouble = 0.5
    optionalURL = URL(fileURLWithPath: "/tmp/a")
    optionalData = Data([2])
    optionalDate = date

    #expect(bool && int == 4 && double == 2.5 && string == "s")
    #expect(url == URL(string: "https://swift.org/x")! && data == Data([1]) && when == date)
    #expect(optionalBool == false && optionalInt == 1 && optionalDouble == 0.5)
    #expect(optionalURL == URL(fileURLWithPath: "/tmp/a") && optionalData == Data([2]) && optionalDate == date)
}

@Test("existing values are read with the typed getters' coercions")
func appStorageCoerces() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    store.set("YES", forKey: "flag")
    store.set("12", forKey: "count")
    @AppStorage("flag", store: store) var flag = false
    @AppStorage("count", store: store) var count = 0
    #expect(flag)
    #expect(count == 12)
}

@Test("the projected value reads and writes the same key")
func projectedValue() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    @AppStorage("theme", store: store) var theme = "light"
    let binding = $theme

    binding.wrappedValue = "dark"

    #expect(theme == "dark")
    #expect(binding.wrappedValue == "dark")
}

@Test("Observation tracking of an @AppStorage value is told about a write to its key only")
func observationTracksKey() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    @AppStorage("theme", store: store) var theme = "light"
    let changes = NotificationCounterBox()

    withObservationTracking {
        _ = theme
    } onChange: {
        changes.increment()
    }
    store.set(3, forKey: "unrelated")
    #expect(changes.value == 0)

    store.set("dark", forKey: "theme")
    #expect(changes.value == 1)
}

@Test("a write through @AppStorage posts the store's change notification")
func appStorageNotifies() {
    let preferences = TemporaryPreferences()
    let store = preferences.store
    let counter = NotificationCounter(observing: store)
    @AppStorage("theme", store: store) var theme = "light"

    theme = "dark"

    #expect(counter.value == 1)
}

/// A thread-safe counter for observation callbacks.
private final class NotificationCounterBox: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
