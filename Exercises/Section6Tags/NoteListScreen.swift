// Section 6 — Tags and the note list
//
// Goal: the three screens of a small note-taking app, written as SwiftUI views are, but as plain
// types whose state and buttons are properties and methods you can call:
//
//   - `NoteListScreen` (this file): every note, newest first, kept current by `@Query`; a "New Note"
//     button and swipe-to-delete.
//   - `NoteDetailScreen` (NoteDetailScreen.swift): edits a note in place (the `@Bindable` idea: the
//     screen writes straight into the model object) and assigns or unassigns tags with a
//     multi-select list that marks the tags the note already has — Exercise 6.1.
//   - `TagListScreen` (TagListScreen.swift): adds and deletes tags and counts each tag's notes.
//
// The screens read their context with `@Environment(\.modelContext)` and their lists with `@Query`,
// inside `ModelEnvironment.with(container) { … }`. Every action saves before it returns, as the
// autosave of an app's main context would a moment later.
//
// Run `swift test --filter Section6` (or `swift run coach check 6`) to see which checks pass.

import PersistenceCore

/// The app's first screen: every note, newest first, with "New Note" and swipe-to-delete.
///
/// ```swift
/// let list = ModelEnvironment.with(container) { NoteListScreen() }
/// let note = try list.addNote()
/// try list.deleteNotes(at: IndexSet(integer: 0))
/// ```
public struct NoteListScreen {
    @Environment(\.modelContext) private var modelContext

    // TODO: Replace this placeholder with a live query of every note, newest first:
    //       `@Query(sort: …, order: …) public var notes: [Note]`.
    /// Every note in the store, newest first; brought up to date once each action's changes are processed.
    public var notes: [Note] { [] }

    /// Creates the screen; it reads the context of the model environment it is created in.
    public init() {}

    /// Whether the list has nothing to show, so the screen shows its "No Notes" message instead.
    public var showsEmptyState: Bool {
        // TODO: True exactly when there are no notes.
        false
    }

    /// The "New Note" button: inserts an empty note titled "New Note" and saves it.
    ///
    /// - Returns: The new note, which is now at the top of ``notes``.
    /// - Throws: The context's error when saving fails.
    @discardableResult
    public func addNote() throws -> Note {
        // TODO: Create a note titled "New Note", insert it into the context, save, and return it.
        Note(title: "")
    }

    /// Swipe-to-delete: deletes the notes at `offsets` of ``notes`` and saves; their tags stay.
    ///
    /// - Parameter offsets: Rows of ``notes`` as the list showed them.
    /// - Throws: The context's error when saving fails.
    public func deleteNotes(at offsets: IndexSet) throws {
        // TODO: Find the note at each offset, delete it through the context, then save.
    }
}
