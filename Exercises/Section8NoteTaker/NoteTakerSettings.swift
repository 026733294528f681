// Section 8 — Practice project: NoteTaker
// The three settings of the note list. See Note.swift for the goal.

import PersistenceCore

/// NoteTaker's settings: how the list is sorted, whether pinned notes come first, and how many notes a
/// page of the list shows.
///
/// Every property reads and writes the store on each access, so the list always sees the latest value.
public struct NoteTakerSettings {
    // TODO: Declare the three settings with @AppStorage, under `NoteTakerKeys.sortOrder` (default
    // `.date`), `NoteTakerKeys.showPinnedFirst` (default `true`) and `NoteTakerKeys.notesPerPage`
    // (default 20), passing `store` along as in Section 2. The placeholders below keep nothing.

    /// How the list is ordered; `.date` until the user chooses otherwise.
    public var sortOrder: NoteSortOrder { get { .title } nonmutating set {} }
    /// Whether pinned notes lead the list; `true` until the user turns it off.
    public var showPinnedFirst: Bool { get { false } nonmutating set {} }
    /// How many notes one page of the list shows; 20 until the user chooses otherwise.
    public var notesPerPage: Int { get { 1 } nonmutating set {} }

    /// Settings kept in `store`, or in the current app's standard preferences when `store` is nil.
    public init(store: UserDefaults? = nil) {
        // TODO: Create each @AppStorage through its underscored name. Save nothing here.
    }
}
