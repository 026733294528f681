// Section 7 — Core Data, recognised
// The pinned-notes screen, moved from @FetchRequest to @Query. See NoteRequests.swift for the goal.

import PersistenceCore

/// The list of pinned notes, newest first, that stays current as notes are saved.
///
/// The Core Data version of this screen read:
///
/// ```swift
/// @FetchRequest(
///     sortDescriptors: [NSSortDescriptor(keyPath: \Note.createdAt, ascending: false)],
///     predicate: NSPredicate(format: "isPinned == YES")
/// ) var notes: FetchedResults<Note>
/// ```
///
/// Create it inside `ModelEnvironment.with(container) { PinnedNotesScreen() }`.
public struct PinnedNotesScreen {
    /// The pinned notes, newest first, fetched once when the screen is created.
    public let notes: [Note]

    /// Creates the screen and fetches its notes through the context of the scope it is created in.
    public init() {
        let context = EnvironmentValues().modelContext
        notes = (try? context.fetch(NoteRequests.pinnedNewestFirst)) ?? []
    }
}
