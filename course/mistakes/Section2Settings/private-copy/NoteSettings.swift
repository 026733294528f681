// Known mistake: reads each setting once when created and keeps its own copy, so it misses changes made elsewhere. `coach verify` proves a check rejects it.

import PersistenceCore

/// The preference keys of the settings screen, each typed once so it cannot be mistyped in two places.
enum NoteSettingsKey {
    static let sortOrder = "sortOrder"
    static let defaultPinned = "defaultPinned"
    static let notesPerPage = "notesPerPage"
}

/// NoteTaker's settings screen: three preferences, and what its picker, toggle and stepper do to them.
public final class NoteSettings {
    private let store: PreferenceStore

    /// How the note list is ordered: the picker's selection.
    public var sortOrder: SortOrder {
        didSet { store.set(sortOrder.rawValue, forKey: NoteSettingsKey.sortOrder) }
    }

    /// Whether a new note starts pinned: the toggle's state.
    public var defaultPinned: Bool {
        didSet { store.set(defaultPinned, forKey: NoteSettingsKey.defaultPinned) }
    }

    /// How many notes one page shows: the stepper's value.
    public var notesPerPage: Int {
        didSet { store.set(notesPerPage, forKey: NoteSettingsKey.notesPerPage) }
    }

    /// Settings kept in `store`, or in the current app's standard preferences when `store` is nil.
    public init(store: PreferenceStore? = nil) {
        let preferences = store ?? .standard
        self.store = preferences
        sortOrder = preferences.string(forKey: NoteSettingsKey.sortOrder).flatMap(SortOrder.init(rawValue:)) ?? .date
        defaultPinned = preferences.bool(forKey: NoteSettingsKey.defaultPinned)
        let savedCount = preferences.integer(forKey: NoteSettingsKey.notesPerPage)
        notesPerPage = savedCount == 0 ? NotesPerPage.defaultValue : savedCount
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
