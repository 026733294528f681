// Section 5 — Querying
// A note list driven by a search field. See NoteQueries.swift for the goal.

import PersistenceCore

/// The note list under the search field: each time the search text changes, the app creates the
/// list again with the new text, and the list's `@Query` is built from it in `init`.
///
/// ```swift
/// let list = ModelEnvironment.with(container) { SearchableNoteList(searchText: "cafe") }
/// print(list.notes.map(\.title))
/// ```
public struct SearchableNoteList {
    /// The notes the list shows: those whose title or content contains the search text, ignoring
    /// case and accents, newest first; every note when the search text is empty.
    @Query public var notes: [Note]

    /// Creates the list for one search text.
    ///
    /// - Parameter searchText: What the user typed; empty when the field is empty.
    public init(searchText: String) {
        // TODO: Build the query from `searchText`: `_notes = Query(…)`.
        _notes = Query(filter: #Predicate<Note> { _ in false })
    }
}
