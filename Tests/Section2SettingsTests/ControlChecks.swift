import Foundation
import Observation
import PersistenceCore
import Section2Settings
import Synchronization
import Testing

@Suite("Section 2: the screen's controls")
struct ControlChecks {
    @Test("stepping up adds 5 to notes per page")
    func stepUp() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            settings.increaseNotesPerPage()

            let saved = device.store.integer(forKey: "notesPerPage")
            #expect(
                settings.notesPerPage == 25,
                "One + from the default 20 should show 25 (steps of 5): expected 25, found \(settings.notesPerPage).")
            #expect(saved == 25, "One + from 20 should save 25 under \"notesPerPage\": expected 25, found \(saved).")
        }
    }

    @Test("stepping down takes 5 from notes per page")
    func stepDown() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            settings.decreaseNotesPerPage()

            let saved = device.store.integer(forKey: "notesPerPage")
            #expect(
                settings.notesPerPage == 15,
                "One − from the default 20 should show 15 (steps of 5): expected 15, found \(settings.notesPerPage).")
            #expect(saved == 15, "One − from 20 should save 15 under \"notesPerPage\": expected 15, found \(saved).")
        }
    }

    @Test("notes per page never goes above 50")
    func upperBound() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            settings.notesPerPage = 45
            var shown: [Int] = []
            for _ in 1...3 {
                settings.increaseNotesPerPage()
                shown.append(settings.notesPerPage)
            }

            #expect(
                shown == [50, 50, 50],
                "Three + from 45 should reach 50 and stay there: expected [50, 50, 50], found \(shown).")
        }
    }

    @Test("notes per page never goes below 10")
    func lowerBound() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            settings.notesPerPage = 15
            var shown: [Int] = []
            for _ in 1...3 {
                settings.decreaseNotesPerPage()
                shown.append(settings.notesPerPage)
            }

            #expect(
                shown == [10, 10, 10],
                "Three − from 15 should reach 10 and stay there: expected [10, 10, 10], found \(shown).")
        }
    }

    @Test("stepping up from 48 stops at 50")
    func stepUpNearTop() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            device.store.set(48, forKey: "notesPerPage")
            settings.increaseNotesPerPage()

            let saved = device.store.integer(forKey: "notesPerPage")
            #expect(
                saved == 50,
                "Notes per page never leaves 10…50, and one + from 48 is a step toward the top: expected 50 saved, found \(saved)."
            )
        }
    }

    @Test("stepping down from 12 stops at 10")
    func stepDownNearBottom() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            device.store.set(12, forKey: "notesPerPage")
            settings.decreaseNotesPerPage()

            let saved = device.store.integer(forKey: "notesPerPage")
            #expect(
                saved == 10,
                "Notes per page never leaves 10…50, and one − from 12 is a step toward the bottom: expected 10 saved, found \(saved)."
            )
        }
    }

    @Test("the toggle turns pinning new notes on, then off")
    func toggle() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            settings.toggleDefaultPinned()
            let afterOne = device.store.object(forKey: "defaultPinned") as? Bool
            settings.toggleDefaultPinned()
            let afterTwo = device.store.object(forKey: "defaultPinned") as? Bool

            #expect(
                afterOne == true,
                "One toggle from the default should save true under \"defaultPinned\": expected true, found \(afterOne.map(String.init) ?? "nothing")."
            )
            #expect(
                afterTwo == false,
                "A second toggle should save false under \"defaultPinned\": expected false, found \(afterTwo.map(String.init) ?? "nothing")."
            )
        }
    }

    @Test("choosing a sort order shows it and saves it")
    func chooseSortOrder() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            settings.chooseSortOrder(.title)
            let shownTitle = settings.sortOrder
            settings.chooseSortOrder(.date)
            let saved = device.store.string(forKey: "sortOrder")

            #expect(
                shownTitle == .title,
                "After choosing .title the picker should show .title: expected .title, found .\(shownTitle.rawValue).")
            #expect(
                saved == "date",
                "Choosing .date again should save \"date\" under \"sortOrder\": expected \"date\", found \(saved.map { "\"\($0)\"" } ?? "nothing")."
            )
        }
    }

    @Test("choosing the order already shown saves it")
    func chooseShownSortOrder() {
        let device = SettingsDevice()
        device.run {
            let settings = NoteSettings(store: device.store)
            settings.chooseSortOrder(.date)

            let element = device.savedElement(forKey: "sortOrder")
            #expect(
                element == "<string>date</string>",
                "Picking .date while the default .date shows is still the user's choice: expected <string>date</string> under \"sortOrder\", found \(element ?? "no \"sortOrder\" key; saved keys: \(describe(device.savedKeys()))")."
            )
        }
    }

    @Test("a screen reading a setting is told when another screen changes it")
    func observedChange() {
        let device = SettingsDevice()
        device.run {
            let screen = NoteSettings(store: device.store)
            let otherScreen = NoteSettings(store: device.store)
            let told = ChangeFlag()
            withObservationTracking {
                _ = screen.notesPerPage
            } onChange: {
                told.raise()
            }

            otherScreen.increaseNotesPerPage()

            let wasTold = told.isRaised
            #expect(
                wasTold,
                "A screen that read notesPerPage should be told when it changes, as a SwiftUI view is redrawn: expected a change notice, found none."
            )
        }
    }

    @Test("a screen reading the sort order or the pin toggle is told when another screen changes it")
    func observedPickerAndToggle() {
        let device = SettingsDevice()
        device.run {
            let screen = NoteSettings(store: device.store)
            let otherScreen = NoteSettings(store: device.store)
            let toldOfOrder = ChangeFlag()
            let toldOfPinning = ChangeFlag()
            withObservationTracking {
                _ = screen.sortOrder
            } onChange: {
                toldOfOrder.raise()
            }
            withObservationTracking {
                _ = screen.defaultPinned
            } onChange: {
                toldOfPinning.raise()
            }

            otherScreen.chooseSortOrder(.title)
            otherScreen.toggleDefaultPinned()

            let told = (order: toldOfOrder.isRaised, pinning: toldOfPinning.isRaised)
            #expect(
                told.order,
                "A screen that read sortOrder should be told when another screen picks .title: expected a change notice, found none."
            )
            #expect(
                told.pinning,
                "A screen that read defaultPinned should be told when another screen flips it: expected a change notice, found none."
            )
        }
    }
}

/// Remembers whether an observation's change handler ran; the handler may run on any thread.
final class ChangeFlag: Sendable {
    private let raised = Atomic(false)

    /// Records that the handler ran.
    func raise() {
        raised.store(true, ordering: .sequentiallyConsistent)
    }

    /// Whether the handler ran.
    var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
}
