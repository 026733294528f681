import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section2Settings
import Testing

/// `init(store:)` promises that every setting, read or written by any control, uses the store it is
/// given; the app's standard preference file must stay untouched.
@Suite("Section 2: every setting uses the store it is given")
struct GivenStoreChecks {
    @Test("the sort order is read from and saved in the store the settings are given")
    func sortOrderUsesGivenStore() throws {
        let device = SettingsDevice()
        try device.run {
            let suite = try device.suiteStore()
            let settings = NoteSettings(store: suite)
            suite.set("title", forKey: "sortOrder")
            let shown = settings.sortOrder
            settings.chooseSortOrder(.date)
            let saved = suite.string(forKey: "sortOrder")

            #expect(
                shown == .title,
                "With \"title\" saved in the given store, the picker should show .title: expected .title, found .\(shown.rawValue)."
            )
            #expect(
                saved == "date",
                "Choosing .date should save \"date\" in the given store: expected \"date\", found \(saved.map { "\"\($0)\"" } ?? "nothing")."
            )
            device.expectStandardFileUntouched(after: "choosing a sort order in settings given another store")
        }
    }

    @Test("pinning new notes is read from and saved in the store the settings are given")
    func defaultPinnedUsesGivenStore() throws {
        let device = SettingsDevice()
        try device.run {
            let suite = try device.suiteStore()
            let settings = NoteSettings(store: suite)
            suite.set(true, forKey: "defaultPinned")
            let shown = settings.defaultPinned
            settings.toggleDefaultPinned()
            let saved = suite.object(forKey: "defaultPinned") as? Bool

            #expect(
                shown, "With true saved in the given store, the toggle should show true: expected true, found \(shown)."
            )
            #expect(
                saved == false,
                "Toggling from true should save false in the given store: expected false, found \(saved.map(String.init) ?? "nothing")."
            )
            device.expectStandardFileUntouched(after: "toggling pinning in settings given another store")
        }
    }

    @Test("the stepper reads and saves notes per page in the store the settings are given")
    func stepperUsesGivenStore() throws {
        let device = SettingsDevice()
        try device.run {
            let suite = try device.suiteStore()
            let settings = NoteSettings(store: suite)
            suite.set(30, forKey: "notesPerPage")
            settings.increaseNotesPerPage()
            let afterUp = suite.object(forKey: "notesPerPage") as? Int
            settings.decreaseNotesPerPage()
            settings.decreaseNotesPerPage()
            let afterDown = suite.object(forKey: "notesPerPage") as? Int

            #expect(
                afterUp == 35,
                "One + from the 30 saved in the given store should save 35 there: expected 35, found \(afterUp.map(String.init) ?? "nothing")."
            )
            #expect(
                afterDown == 25,
                "Two − from 35 should save 25 in the given store: expected 25, found \(afterDown.map(String.init) ?? "nothing")."
            )
            device.expectStandardFileUntouched(after: "using the stepper in settings given another store")
        }
    }
}

extension SettingsDevice {
    /// A suite store on this device, the kind of store a caller hands to `NoteSettings(store:)`.
    func suiteStore() throws -> UserDefaults {
        try #require(
            UserDefaults(suiteName: "group.com.example.NoteTaker", sandbox: sandbox),
            "A suite store for the check could not be made."
        )
    }

    /// Records a failure when the app's standard preference file holds any key.
    func expectStandardFileUntouched(after action: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let saved = savedKeys()
        #expect(
            saved.isEmpty,
            "After \(action), the standard preferences should be left alone: expected no key in \(store.fileURL.lastPathComponent), found \(describe(saved)).",
            sourceLocation: sourceLocation
        )
    }
}
