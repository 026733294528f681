// Section 8 — Practice project: NoteTaker
// The three settings of the note list. See Note.swift for the goal.

import PersistenceCore

/// NoteTaker's settings: how the list is sorted, whether pinned notes come first, and how many notes a
/// page of the list shows.
///
/// Every property reads and writes the store on each access, so the list always sees the latest value.
public struct NoteTakerSettings {
    /// How the list is ordered; `.date` until the user chooses otherwise.
    @AppStorage public var sortOrder: NoteSortOrder
    /// Whether pinned notes lead the list; `true` until the user turns it off.
    @AppStorage public var showPinnedFirst: Bool
    /// How many notes one page of the list shows; 20 until the user chooses otherwise.
    @AppStorage public var notesPerPage: Int

    /// Settings kept in `store`, or in the current app's standard preferences when `store` is nil.
    public init(store: UserDefaults? = nil) {
        _sortOrder = AppStorage(wrappedValue: .date, NoteTakerKeys.sortOrder, store: store)
        _showPinnedFirst = AppStorage(wrappedValue: true, NoteTakerKeys.showPinnedFirst, store: store)
        _notesPerPage = AppStorage(wrappedValue: 20, NoteTakerKeys.notesPerPage, store: store)
    }
}
