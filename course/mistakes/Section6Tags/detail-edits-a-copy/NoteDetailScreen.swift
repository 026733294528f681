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

    /// Every tag, by name: the rows of the tag picker.
    @Query(sort: \Tag.name) public var allTags: [Tag]

    /// The note the screen edits.
    public let note: Note

    /// Creates the screen for `note`, which must belong to the context of the model environment.
    public init(note: Note) {
        self.note = note
        self.draft = Draft(title: note.title, content: note.content, isPinned: note.isPinned)
    }

    /// The screen's own copy of the fields, filled from the note when the screen opens.
    private let draft: Draft

    /// The title field.
    public var title: String {
        get { draft.title }
        nonmutating set { draft.title = newValue }
    }

    /// The text editor.
    public var content: String {
        get { draft.content }
        nonmutating set { draft.content = newValue }
    }

    /// The "Pinned" toggle.
    public var isPinned: Bool {
        get { draft.isPinned }
        nonmutating set { draft.isPinned = newValue }
    }

    /// Leaving the screen: saves the edits, as the main context's autosave would.
    ///
    /// - Throws: The context's error when saving fails.
    public func close() throws {
        try modelContext.save()
    }

    /// Whether the picker shows a checkmark on `tag`: the note carries it.
    public func isAssigned(_ tag: Tag) -> Bool {
        note.tags.contains(tag)
    }

    /// A tap on a row of the picker: unassigns `tag` if the note carries it, assigns it otherwise, and saves.
    ///
    /// - Throws: The context's error when saving fails.
    public func toggle(_ tag: Tag) throws {
        if let index = note.tags.firstIndex(of: tag) {
            note.tags.remove(at: index)
        } else {
            note.tags.append(tag)
        }
        try modelContext.save()
    }
}

/// The values the screen edits, like `@State` initialised from the note.
private final class Draft {
    var title: String
    var content: String
    var isPinned: Bool

    init(title: String, content: String, isPinned: Bool) {
        self.title = title
        self.content = content
        self.isPinned = isPinned
    }
}
