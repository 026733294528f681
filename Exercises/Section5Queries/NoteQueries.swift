// Section 5 — Querying
//
// Goal: the NoteTaker app's lists, each one a query the store answers.
//
//   - `NoteQueries` (this file): fetch descriptors for every list: all notes, pinned notes, a search
//     of titles and contents that ignores case and accents, notes written after a date (alone and
//     together with "pinned"), pinned notes first, and the few latest notes.
//   - `SearchableNoteList` (SearchableNoteList.swift): a view whose `@Query` is built in `init` from
//     the search text.
//   - `TaggedNotesView` (TaggedNotesView.swift), exercise 5.1: a view of the notes carrying one tag.
//
// Every list is newest first, and notes written at the same moment are in title order (A to Z), so
// the order never depends on chance. `Note` and `Tag` (Note.swift, Tag.swift) are given.
//
// Run `swift test --filter Section5` (or `swift run coach check 5`) to see which checks pass.

import PersistenceCore

/// The fetch descriptors behind the NoteTaker app's lists.
///
/// ```swift
/// let pinned = try context.fetch(NoteQueries.pinnedNotes())
/// ```
public enum NoteQueries {
    // TODO: Each descriptor below matches nothing. Give each one the predicate, the sort descriptors
    //       and (where asked) the limit its comment describes.

    /// Every note, newest first; notes written at the same moment in title order (A to Z).
    public static func allNotes() -> FetchDescriptor<Note> {
        // TODO: No predicate; sort newest first, then by title.
        FetchDescriptor(predicate: #Predicate { _ in false })
    }

    /// The pinned notes only, newest first.
    public static func pinnedNotes() -> FetchDescriptor<Note> {
        // TODO: A predicate on `isPinned`.
        FetchDescriptor(predicate: #Predicate { _ in false })
    }

    /// The notes whose title or content contains `text`, ignoring upper and lower case and accents
    /// ("cafe" finds "Café"), newest first. An empty `text` finds every note.
    ///
    /// - Parameter text: What the user typed in the search field.
    public static func search(_ text: String) -> FetchDescriptor<Note> {
        // TODO: Search both the title and the content, the way a search field should.
        FetchDescriptor(predicate: #Predicate { _ in false })
    }

    /// The notes written after `date` (strictly later: a note written exactly at `date` is not
    /// after it), newest first.
    ///
    /// - Parameter date: The cutoff.
    public static func notes(createdAfter date: Date) -> FetchDescriptor<Note> {
        // TODO: Compare `createdAt` with the date captured from the argument.
        FetchDescriptor(predicate: #Predicate { _ in false })
    }

    /// The notes that are pinned and also written after `date`, newest first.
    ///
    /// - Parameter date: The cutoff, as in `notes(createdAfter:)`.
    public static func pinnedNotes(createdAfter date: Date) -> FetchDescriptor<Note> {
        // TODO: Both conditions in one predicate.
        FetchDescriptor(predicate: #Predicate { _ in false })
    }

    /// Every note, pinned notes first; within each group, newest first.
    public static func pinnedFirst() -> FetchDescriptor<Note> {
        // TODO: Sort by `isPinned` so that pinned notes come first, then newest first.
        FetchDescriptor(predicate: #Predicate { _ in false })
    }

    /// The `limit` newest notes, newest first: at most `limit` notes.
    ///
    /// - Parameter limit: How many notes to return at most.
    public static func latestNotes(limit: Int) -> FetchDescriptor<Note> {
        // TODO: Newest first, and let the store stop after `limit` notes.
        FetchDescriptor(predicate: #Predicate { _ in false })
    }
}
