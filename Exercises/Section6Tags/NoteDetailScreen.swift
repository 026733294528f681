// Section 6 — Tags and the note list
// Editing one note and choosing its tags (Exercise 6.1). See NoteListScreen.swift for the goal.

import PersistenceCore

/// The screen for one note: its fields, edited in place, and a multi-select list of every tag with a
/// checkmark on the ones the note carries.
///
/// ```swift
/// let detail = ModelEnvironment.with(context) { NoteDetailScreen(note: note) }
/// detail.title = "Groceries"            // writes note.title
/// try detail.toggle(work)               // assigns "Work"; toggling again unassigns it
/// try detail.close()
/// ```
public struct NoteDetailScreen {
    @Environment(\.modelContext) private var modelContext

    // TODO: Replace this placeholder with a live query of every tag, sorted by name.
    /// Every tag, by name: the rows of the tag picker.
    public var allTags: [Tag] { [] }

    /// The note the screen edits.
    public let note: Note

    /// Creates the screen for `note`, which must belong to the context of the model environment.
    public init(note: Note) {
        self.note = note
    }

    // TODO: Bind the three fields below to the note: read from and write to the note's own properties.

    /// The title field; bound to the note's own `title`.
    public var title: String {
        get { "" }
        nonmutating set {}
    }

    /// The text editor; bound to the note's own `content`.
    public var content: String {
        get { "" }
        nonmutating set {}
    }

    /// The "Pinned" toggle; bound to the note's own `isPinned`.
    public var isPinned: Bool {
        get { false }
        nonmutating set {}
    }

    /// Leaving the screen: saves the edits, as the main context's autosave would.
    ///
    /// - Throws: The context's error when saving fails.
    public func close() throws {
        // TODO: Save the context.
    }

    /// Whether the picker shows a checkmark on `tag`: the note carries it.
    public func isAssigned(_ tag: Tag) -> Bool {
        // TODO: Look for `tag` among the note's tags.
        false
    }

    /// A tap on a row of the picker: unassigns `tag` if the note carries it, assigns it otherwise, and saves.
    ///
    /// - Throws: The context's error when saving fails.
    public func toggle(_ tag: Tag) throws {
        // TODO: Remove `tag` from the note's tags if it is there, append it otherwise, then save.
    }
}
