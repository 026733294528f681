// This file imports only PersistenceCore, as a learner's file does: `UserDefaults` must then be the
// workbench's (the property lists of the current app), never Foundation's, which writes to ~/.config.
import PersistenceCore
import PersistenceWorkbench
import Testing

/// A throwaway device made current for one test, deleted afterwards.
private func onThrowawayDevice<Result>(_ body: (AppSandbox) throws -> Result) rethrows -> Result {
    let sandbox = AppSandbox.temporary(appIdentifier: "com.example.Journal")
    defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
    return try AppSandbox.withCurrent(sandbox) { try body(sandbox) }
}

/// The keys and values a preference file on disk holds, read by Foundation's own parser.
private func plist(_ name: String, in sandbox: AppSandbox) throws -> [String: Any]? {
    let url = sandbox.preferencesDirectory.appending(path: "\(name).plist")
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    return try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any]
}

private struct ThemePicker {
    @AppStorage("theme") var theme = "light"
}

@Test("UserDefaults.standard is the current app's preference file, which @AppStorage reads")
func standardIsTheWorkbenchStore() throws {
    try onThrowawayDevice { (sandbox: AppSandbox) throws in
        UserDefaults.standard.set("dark", forKey: "theme")

        #expect(ThemePicker().theme == "dark")
        #expect(try plist("com.example.Journal", in: sandbox)?["theme"] as? String == "dark")
    }
}

private struct SharedThemeSettings {
    @AppStorage("selectedTheme", store: UserDefaults(suiteName: "group.com.myapp"))
    var selectedTheme = "default"
}

@Test("@AppStorage with store: UserDefaults(suiteName:) keeps the value in the suite's own file")
func suiteStoreForAppStorage() throws {
    try onThrowawayDevice { (sandbox: AppSandbox) throws in
        let settings = SharedThemeSettings()
        #expect(settings.selectedTheme == "default")

        settings.selectedTheme = "ocean"

        #expect(try plist("group.com.myapp", in: sandbox)?["selectedTheme"] as? String == "ocean")
        #expect(UserDefaults.standard.object(forKey: "selectedTheme") == nil)
        #expect(UserDefaults(suiteName: "group.com.myapp")?.string(forKey: "selectedTheme") == "ocean")
    }
}

/// A property wrapper of one's own over `UserDefaults`, as apps wrote before `@AppStorage` existed.
@propertyWrapper
private struct UserDefault<T> {
    let key: String
    let defaultValue: T
    let container: UserDefaults

    init(_ key: String, defaultValue: T, container: UserDefaults = .standard) {
        self.key = key
        self.defaultValue = defaultValue
        self.container = container
    }

    var wrappedValue: T {
        get { container.object(forKey: key) as? T ?? defaultValue }
        set { container.set(newValue, forKey: key) }
    }
}

private struct ReaderOptions {
    @UserDefault("fontSize", defaultValue: 14) var fontSize: Int
}

@Test("a property wrapper written over UserDefaults.standard saves into the app's preference file")
func handWrittenWrapperUsesTheStandardStore() throws {
    try onThrowawayDevice { (sandbox: AppSandbox) throws in
        var options = ReaderOptions()
        #expect(options.fontSize == 14)

        options.fontSize = 18

        #expect(options.fontSize == 18)
        #expect(UserDefaults.standard.integer(forKey: "fontSize") == 18)
        #expect(try plist("com.example.Journal", in: sandbox)?["fontSize"] as? Int == 18)
    }
}
