// Section 8 — Practice project: NoteTaker
// The note list screen's live query. See Note.swift for the goal.

import PersistenceCore

/// The note list screen below its drawing: one page of notes, found and ordered as the settings say,
/// kept current by `@Query`.
///
/// The screen makes a new `NoteList` whenever the search text, the page or a setting changes, as a
/// SwiftUI view makes its child view again with new arguments. Make it where a context is in the
/// environment; its notes then follow every saved or processed change of that container:
///
/// ```swift
/// let list = ModelEnvironment.with(context) { NoteList(settings: settings, searchText: "milk", page: 2) }
/// print(list.notes.map(\.title))
/// ```
public struct NoteList {
    /// The notes on this page, in the list's order.
    @Query public var notes: [Note]

    /// Builds the page's query from `settings`, read once, here.
    ///
    /// - Parameters:
    ///   - settings: The order (as ``NoteRepository/notes(matching:)`` gives it) and the page size,
    ///     `notesPerPage`; a size below 1 counts as 1.
    ///   - searchText: Only the notes whose title or content contains it, ignoring case and accents;
    ///     every note when it is empty.
    ///   - page: Which page, counting from 1: page 1 is the first `notesPerPage` notes of the list, page 2
    ///     the next ones. A number below 1 shows page 1; a page past the end is empty.
    public init(settings: NoteTakerSettings, searchText: String = "", page: Int = 1) {
        // TODO: Build a FetchDescriptor<Note> with the same filter and order as
        // NoteRepository.notes(matching:), limit it to one page with `fetchLimit` and `fetchOffset`, and
        // make the query from it: `_notes = Query(descriptor)`. The placeholder below finds nothing.
        _notes = Query(filter: #Predicate<Note> { _ in false })
    }
}
