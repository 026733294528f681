// Section 7 — Core Data, recognised
//
// Goal: move the note-taking app's fetches from Core Data's string-based requests to SwiftData's
// typed ones, without changing a single result.
//
//   - `NoteRequests` (this file): one `FetchDescriptor<Note>` for each request of
//     `LegacyNoteRequests` (LegacyNoteRequests.swift), returning the same notes in the same order.
//     The predicate becomes a `#Predicate`, each sort key a `SortDescriptor` on a key path, and the
//     fetch limit the descriptor's `fetchLimit`.
//   - `PinnedNotesScreen` (PinnedNotesScreen.swift): the old screen's `@FetchRequest` as an `@Query`.
//   - `LegacyRequestAudit` (LegacyRequestAudit.swift): runs old requests and reports which ones fail,
//     showing that a misspelt key in a format string is only found when the request runs.
//   - `NoteStack` and `NoteImporter` (NoteStack.swift): the old Core Data stack around the requests —
//     a container kept in memory or in a store file, and a background context that adds notes.
//
// Note.swift and the Legacy folder are given; you do not need to change them.
// Run `swift test --filter Section7` (or `swift run coach check 7`) to see which checks pass.

import PersistenceCore

/// The note-taking app's fetches, written with `FetchDescriptor`, `#Predicate` and `SortDescriptor`.
///
/// ```swift
/// let pinned = try context.fetch(NoteRequests.pinnedNewestFirst)
/// ```
public enum NoteRequests {
    // TODO: Port each request of `LegacyNoteRequests`. Every placeholder below returns
    // `notYetPorted`, a descriptor that matches no note; replace each one with its port.

    /// A descriptor that matches no note: the placeholder of every request not yet ported.
    private static var notYetPorted: FetchDescriptor<Note> {
        FetchDescriptor(predicate: #Predicate<Note> { _ in false })
    }

    /// Pinned notes, newest first; the port of ``LegacyNoteRequests/pinnedNewestFirst``.
    public static var pinnedNewestFirst: FetchDescriptor<Note> {
        // TODO: `isPinned == YES`, sorted by `createdAt` with `ascending: false`.
        notYetPorted
    }

    /// Notes whose title contains `text`, ignoring case and accents, by title; the port of
    /// ``LegacyNoteRequests/titledContaining(_:)``.
    public static func titledContaining(_ text: String) -> FetchDescriptor<Note> {
        // TODO: `title CONTAINS[cd] %@`, sorted by `title` going up.
        notYetPorted
    }

    /// Notes created from `start` to `end`, both included, oldest first; the port of
    /// ``LegacyNoteRequests/createdBetween(_:_:)``.
    public static func createdBetween(_ start: Date, _ end: Date) -> FetchDescriptor<Note> {
        // TODO: `createdAt >= %@ AND createdAt <= %@`, sorted by `createdAt` going up.
        notYetPorted
    }

    /// The first `limit` unpinned notes by title; the port of ``LegacyNoteRequests/unpinnedByTitle(limit:)``.
    public static func unpinnedByTitle(limit: Int) -> FetchDescriptor<Note> {
        // TODO: `isPinned == NO`, sorted by `title` going up, and the fetch limit.
        notYetPorted
    }

    /// Every note by folder (unfiled notes first), newest first within a folder; the port of
    /// ``LegacyNoteRequests/byFolderThenNewest``.
    public static var byFolderThenNewest: FetchDescriptor<Note> {
        // TODO: No predicate; two sort descriptors, in the legacy order of importance.
        notYetPorted
    }

    /// Notes of `folder` that are pinned or have at least `minimumWords` words, newest first; the port
    /// of ``LegacyNoteRequests/worthReviewing(in:minimumWords:)``.
    public static func worthReviewing(in folder: String, minimumWords: Int) -> FetchDescriptor<Note> {
        // TODO: `folder == %@ AND (isPinned == YES OR wordCount >= %d)`, newest first.
        notYetPorted
    }
}
