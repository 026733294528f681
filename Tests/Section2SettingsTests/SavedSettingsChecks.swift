import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section2Settings
import Testing

@Suite("Section 2: settings are saved in the preference file")
struct SavedSettingsChecks {
    @Test("the settings show their defaults without saving anything")
    func defaultsAreNotSaved() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            let shown = (settings.sortOrder, settings.defaultPinned, settings.notesPerPage)

            #expect(
                shown.0 == .date, "The sort order should start as .date: expected .date, found .\(shown.0.rawValue).")
            #expect(shown.1 == false, "New notes should not start pinned: expected false, found \(shown.1).")
            #expect(shown.2 == 20, "Notes per page should start at 20: expected 20, found \(shown.2).")
            let saved = device.savedKeys()
            #expect(
                saved.isEmpty,
                "A default is only what to show while nothing is saved; it must never be written: expected no key in \(device.store.fileURL.lastPathComponent), found \(describe(saved))."
            )
        }
    }

    @Test("the sort order is saved under \"sortOrder\" as a string")
    func sortOrderIsSaved() {
        let device = SettingsDevice()
        device.run {
            NoteSettings(store: device.store).chooseSortOrder(.title)

            let element = device.savedElement(forKey: "sortOrder")
            #expect(
                element == "<string>title</string>",
                "Choosing .title should save the raw value under the key \"sortOrder\": expected <string>title</string>, found \(element ?? "no \"sortOrder\" key; saved keys: \(describe(device.savedKeys()))")."
            )
        }
    }

    @Test("pinning new notes is saved under \"defaultPinned\" as a Bool")
    func defaultPinnedIsSaved() {
        let device = SettingsDevice()
        device.run {
            NoteSettings(store: device.store).defaultPinned = true

            let element = device.savedElement(forKey: "defaultPinned")
            #expect(
                element == "<true/>",
                "Turning the toggle on should save a Bool under the key \"defaultPinned\": expected <true/>, found \(element ?? "no \"defaultPinned\" key; saved keys: \(describe(device.savedKeys()))")."
            )
        }
    }

    @Test("notes per page is saved under \"notesPerPage\" as an integer")
    func notesPerPageIsSaved() {
        let device = SettingsDevice()
        device.run {
            NoteSettings(store: device.store).notesPerPage = 35

            let element = device.savedElement(forKey: "notesPerPage")
            #expect(
                element == "<integer>35</integer>",
                "Setting 35 should save an integer under the key \"notesPerPage\" (mind the capital P): expected <integer>35</integer>, found \(element ?? "no \"notesPerPage\" key; saved keys: \(describe(device.savedKeys()))")."
            )
        }
    }

    @Test("the settings are still there after a relaunch")
    func settingsSurviveRelaunch() throws {
        let device = SettingsDevice()
        try device.run {
            let before = NoteSettings(store: device.store)
            before.chooseSortOrder(.title)
            before.defaultPinned = true
            before.notesPerPage = 40
            guard device.preferenceFileText() != nil else {
                Issue.record(
                    "The settings should be saved in \(device.store.fileURL.path) before the app quits: expected a file, found none."
                )
                return
            }

            let relaunched = try device.relaunch()
            let after = NoteSettings(store: UserDefaults(sandbox: relaunched))

            #expect(
                after.sortOrder == .title,
                "After a relaunch the sort order should still be .title: expected .title, found .\(after.sortOrder.rawValue)."
            )
            #expect(
                after.defaultPinned,
                "After a relaunch new notes should still start pinned: expected true, found \(after.defaultPinned).")
            #expect(
                after.notesPerPage == 40,
                "After a relaunch notes per page should still be 40: expected 40, found \(after.notesPerPage).")
        }
    }

    @Test("without a store the settings use the app's standard preferences")
    func defaultStoreIsStandard() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings()
            settings.chooseSortOrder(.title)
            settings.toggleDefaultPinned()
            settings.notesPerPage = 45

            let found = ["sortOrder", "defaultPinned", "notesPerPage"].map {
                device.savedElement(forKey: $0) ?? "nothing"
            }
            let expected = ["<string>title</string>", "<true/>", "<integer>45</integer>"]
            #expect(
                found == expected,
                "NoteSettings() should keep every setting in the standard preference file \(device.store.fileURL.lastPathComponent): expected \(expected) under \"sortOrder\", \"defaultPinned\" and \"notesPerPage\", found \(found)."
            )
        }
    }

    @Test("the settings use the store they are given")
    func givenStoreIsUsed() throws {
        let device = SettingsDevice()
        try device.run {
            let suite = try device.suiteStore()
            NoteSettings(store: suite).notesPerPage = 45

            let inSuite = suite.object(forKey: "notesPerPage") as? Int
            #expect(
                inSuite == 45,
                "NoteSettings(store:) should save in the store it is given: expected 45 in that store, found \(inSuite.map(String.init) ?? "nothing")."
            )
            device.expectStandardFileUntouched(after: "setting notesPerPage in settings given another store")
        }
    }
}
