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
    /// Newest first; notes written at the same moment in title order, so ties never depend on chance.
    private static var newestFirst: [SortDescriptor<Note>] {
        [SortDescriptor(\.createdAt, order: .reverse), SortDescriptor(\.title)]
    }

    /// Every note, newest first; notes written at the same moment in title order (A to Z).
    public static func allNotes() -> FetchDescriptor<Note> {
        FetchDescriptor(sortBy: newestFirst)
    }

    /// The pinned notes only, newest first.
    public static func pinnedNotes() -> FetchDescriptor<Note> {
        FetchDescriptor(predicate: #Predicate { $0.isPinned }, sortBy: newestFirst)
    }

    /// The notes whose title or content contains `text`, ignoring upper and lower case and accents
    /// ("cafe" finds "Café"), newest first. An empty `text` finds every note.
    ///
    /// - Parameter text: What the user typed in the search field.
    public static func search(_ text: String) -> FetchDescriptor<Note> {
        guard !text.isEmpty else { return allNotes() }
        let matches = #Predicate<Note> { note in
            note.title.localizedStandardContains(text) || note.content.localizedStandardContains(text)
        }
        return FetchDescriptor(predicate: matches, sortBy: newestFirst)
    }

    /// The notes written after `date` (strictly later: a note written exactly at `date` is not
    /// after it), newest first.
    ///
    /// - Parameter date: The cutoff.
    public static func notes(createdAfter date: Date) -> FetchDescriptor<Note> {
        FetchDescriptor(predicate: #Predicate { $0.createdAt > date }, sortBy: newestFirst)
    }

    /// The notes that are pinned and also written after `date`, newest first.
    ///
    /// - Parameter date: The cutoff, as in `notes(createdAfter:)`.
    public static func pinnedNotes(createdAfter date: Date) -> FetchDescriptor<Note> {
        FetchDescriptor(predicate: #Predicate { $0.isPinned && $0.createdAt > date }, sortBy: newestFirst)
    }

    /// Every note, pinned notes first; within each group, newest first.
    public static func pinnedFirst() -> FetchDescriptor<Note> {
        FetchDescriptor(sortBy: [SortDescriptor(\.isPinned, order: .reverse)] + newestFirst)
    }

    /// The `limit` newest notes, newest first: at most `limit` notes.
    ///
    /// - Parameter limit: How many notes to return at most.
    public static func latestNotes(limit: Int) -> FetchDescriptor<Note> {
        var descriptor = FetchDescriptor<Note>(sortBy: newestFirst)
        descriptor.fetchLimit = limit
        return descriptor
    }
}
