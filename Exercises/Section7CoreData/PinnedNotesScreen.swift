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
    // TODO: Replace this placeholder with an `@Query` property of the same name and type, with the
    //       filter and the sort order of the `@FetchRequest` above.

    /// The pinned notes, newest first, fetched again whenever the store changes.
    public var notes: [Note] { [] }

    /// Creates the screen; its query uses the context of the scope it is created in.
    public init() {}
}
