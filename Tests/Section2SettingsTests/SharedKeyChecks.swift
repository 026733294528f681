import Foundation
import PersistenceCore
import Section2Settings
import Testing

@Suite("Section 2: everything using the same key agrees")
struct SharedKeyChecks {
    @Test("two settings values stay in sync")
    func twoInstancesAgree() {
        let device = SettingsDevice()
        device.run {
            let settingsScreen = NoteSettings()
            let noteList = NoteSettings()
            _ = (noteList.sortOrder, noteList.defaultPinned, noteList.notesPerPage)

            settingsScreen.chooseSortOrder(.title)
            settingsScreen.toggleDefaultPinned()
            settingsScreen.notesPerPage = 30

            #expect(
                noteList.sortOrder == .title,
                "A change made through one NoteSettings should be seen by another at once: expected .title, found .\(noteList.sortOrder.rawValue)."
            )
            #expect(
                noteList.defaultPinned,
                "A change made through one NoteSettings should be seen by another at once: expected defaultPinned true, found \(noteList.defaultPinned)."
            )
            #expect(
                noteList.notesPerPage == 30,
                "A change made through one NoteSettings should be seen by another at once: expected 30, found \(noteList.notesPerPage)."
            )
        }
    }

    @Test("a value set with UserDefaults under the same key is seen by the settings")
    func directWritesAreSeen() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            _ = (settings.sortOrder, settings.defaultPinned, settings.notesPerPage)

            device.store.set("title", forKey: "sortOrder")
            device.store.set(true, forKey: "defaultPinned")
            device.store.set(45, forKey: "notesPerPage")

            #expect(
                settings.sortOrder == .title,
                "After set(\"title\", forKey: \"sortOrder\") the settings should show .title: expected .title, found .\(settings.sortOrder.rawValue)."
            )
            #expect(
                settings.defaultPinned,
                "After set(true, forKey: \"defaultPinned\") the settings should show true: expected true, found \(settings.defaultPinned)."
            )
            #expect(
                settings.notesPerPage == 45,
                "After set(45, forKey: \"notesPerPage\") the settings should show 45: expected 45, found \(settings.notesPerPage)."
            )
        }
    }

    @Test("removing a saved value brings the default back")
    func removalShowsDefault() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            settings.chooseSortOrder(.title)
            settings.defaultPinned = true
            settings.notesPerPage = 45
            let saved = (settings.sortOrder, settings.defaultPinned, settings.notesPerPage)

            for key in ["sortOrder", "defaultPinned", "notesPerPage"] {
                device.store.removeObject(forKey: key)
            }

            #expect(
                saved == (.title, true, 45),
                "The settings should show what was just set: expected (.title, true, 45), found (.\(saved.0.rawValue), \(saved.1), \(saved.2))."
            )
            #expect(
                settings.sortOrder == .date,
                "After removeObject(forKey: \"sortOrder\") the default should show again: expected .date, found .\(settings.sortOrder.rawValue)."
            )
            #expect(
                !settings.defaultPinned,
                "After removeObject(forKey: \"defaultPinned\") the default should show again: expected false, found \(settings.defaultPinned)."
            )
            #expect(
                settings.notesPerPage == 20,
                "After removeObject(forKey: \"notesPerPage\") the default should show again: expected 20, found \(settings.notesPerPage)."
            )
        }
    }
}
