// Section 2 — Preferences and @AppStorage
//
// Goal: give NoteTaker a settings screen whose settings live in the app's preferences, so they survive
// a relaunch and every part of the app that reads them sees the same values.
//
//   setting           key               type                                   default
//   sort order        "sortOrder"       SortOrder (kept as its String raw value)  .date
//   pin new notes     "defaultPinned"   Bool                                   false
//   notes per page    "notesPerPage"    Int, 10 to 50 in steps of 5            20
//
// Declare each setting with @AppStorage (it needs no SwiftUI: any struct can use it), type each key
// once in NoteSettingsKey, and write what the screen's picker, toggle and stepper do. A default is what
// the screen shows while nothing is saved: never write it to the store.
//
// Run `swift test --filter Section2` (or `swift run coach check 2`) to see which checks pass.

import PersistenceCore

/// The preference keys of the settings screen, each typed once so it cannot be mistyped in two places.
enum NoteSettingsKey {
    // TODO: Add one `static let` per setting, spelled exactly as in the table above.
}

/// NoteTaker's settings screen: three preferences, and what its picker, toggle and stepper do to them.
public struct NoteSettings {
    // TODO: Replace these three placeholders with @AppStorage properties of the same names and types.
    //       Until then they save nothing and show a placeholder value.

    /// How the note list is ordered: the picker's selection.
    public var sortOrder: SortOrder {
        get { .date }
        nonmutating set {}
    }

    /// Whether a new note starts pinned: the toggle's state.
    public var defaultPinned: Bool {
        get { false }
        nonmutating set {}
    }

    /// How many notes one page shows: the stepper's value.
    public var notesPerPage: Int {
        get { 0 }
        nonmutating set {}
    }

    /// Settings kept in `store`, or in the current app's standard preferences when `store` is nil.
    public init(store: UserDefaults? = nil) {
        // TODO: Give each @AppStorage property its key, its default and `store` (see "Choosing the store"
        //       in the lesson).
    }

    /// The picker: saves `order` as the list's sort order.
    public func chooseSortOrder(_ order: SortOrder) {
        // TODO: Save the chosen order.
    }

    /// The toggle: flips whether new notes start pinned.
    public func toggleDefaultPinned() {
        // TODO: Flip the setting.
    }

    /// The stepper's +: shows one step more notes per page, never more than the range allows.
    public func increaseNotesPerPage() {
        // TODO: Add `NotesPerPage.step`, stopping at the top of `NotesPerPage.range`.
    }

    /// The stepper's −: shows one step fewer notes per page, never fewer than the range allows.
    public func decreaseNotesPerPage() {
        // TODO: Take away `NotesPerPage.step`, stopping at the bottom of `NotesPerPage.range`.
    }
}
