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
    static let sortOrder = "sortOrder"
    static let defaultPinned = "defaultPinned"
    static let notesPerPage = "notesPerPage"
}

/// NoteTaker's settings screen: three preferences, and what its picker, toggle and stepper do to them.
///
/// Every property reads and writes the store on each access, so two `NoteSettings` values, or any other
/// code using the same keys, always agree.
public struct NoteSettings {
    /// How the note list is ordered: the picker's selection.
    @AppStorage public var sortOrder: SortOrder
    /// Whether a new note starts pinned: the toggle's state.
    @AppStorage public var defaultPinned: Bool
    /// How many notes one page shows: the stepper's value.
    @AppStorage public var notesPerPage: Int

    /// Settings kept in `store`, or in the current app's standard preferences when `store` is nil.
    public init(store: UserDefaults? = nil) {
        _sortOrder = AppStorage(wrappedValue: .date, NoteSettingsKey.sortOrder, store: store)
        _defaultPinned = AppStorage(wrappedValue: false, NoteSettingsKey.defaultPinned, store: store)
        _notesPerPage = AppStorage(wrappedValue: NotesPerPage.defaultValue, NoteSettingsKey.notesPerPage, store: store)
    }

    /// The picker: saves `order` as the list's sort order.
    public func chooseSortOrder(_ order: SortOrder) {
        sortOrder = order
    }

    /// The toggle: flips whether new notes start pinned.
    public func toggleDefaultPinned() {
        defaultPinned.toggle()
    }

    /// The stepper's +: shows one step more notes per page, never more than the range allows.
    public func increaseNotesPerPage() {
        notesPerPage = min(notesPerPage + NotesPerPage.step, NotesPerPage.range.upperBound)
    }

    /// The stepper's −: shows one step fewer notes per page, never fewer than the range allows.
    public func decreaseNotesPerPage() {
        notesPerPage = max(notesPerPage - NotesPerPage.step, NotesPerPage.range.lowerBound)
    }
}
