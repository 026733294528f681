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
    /// The pinned notes, newest first, fetched again whenever the store changes.
    @Query(filter: #Predicate<Note> { $0.isPinned }, sort: \Note.createdAt, order: .reverse)
    public var notes: [Note]

    /// Creates the screen; its query uses the context of the scope it is created in.
    public init() {}
}
