// Known mistake: accepts a store but never uses it, so every value lands in the standard preferences. `coach verify` proves a check rejects it.

import PersistenceCore

/// The preference keys of the settings screen, each typed once so it cannot be mistyped in two places.
enum NoteSettingsKey {
    static let sortOrder = "sortOrder"
    static let defaultPinned = "defaultPinned"
    static let notesPerPage = "notesPerPage"
}

/// NoteTaker's settings screen: three preferences, and what its picker, toggle and stepper do to them.
public struct NoteSettings {
    /// How the note list is ordered: the picker's selection.
    @AppStorage(NoteSettingsKey.sortOrder) public var sortOrder = SortOrder.date
    /// Whether a new note starts pinned: the toggle's state.
    @AppStorage(NoteSettingsKey.defaultPinned) public var defaultPinned = false
    /// How many notes one page shows: the stepper's value.
    @AppStorage(NoteSettingsKey.notesPerPage) public var notesPerPage = NotesPerPage.defaultValue

    /// Settings kept in `store`, or in the current app's standard preferences when `store` is nil.
    public init(store: PreferenceStore? = nil) {}

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
