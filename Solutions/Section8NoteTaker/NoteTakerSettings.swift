// Section 8 — Practice project: NoteTaker
// The two settings of the note list. See Note.swift for the goal.

import PersistenceCore

/// NoteTaker's settings: how the list is sorted and whether pinned notes come first.
///
/// Every property reads and writes the store on each access, so the list always sees the latest value.
public struct NoteTakerSettings {
    /// How the list is ordered; `.date` until the user chooses otherwise.
    @AppStorage public var sortOrder: NoteSortOrder
    /// Whether pinned notes lead the list; `true` until the user turns it off.
    @AppStorage public var showPinnedFirst: Bool

    /// Settings kept in `store`, or in the current app's standard preferences when `store` is nil.
    public init(store: UserDefaults? = nil) {
        _sortOrder = AppStorage(wrappedValue: .date, NoteTakerKeys.sortOrder, store: store)
        _showPinnedFirst = AppStorage(wrappedValue: true, NoteTakerKeys.showPinnedFirst, store: store)
    }
}
