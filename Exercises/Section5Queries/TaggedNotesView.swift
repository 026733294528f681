// Section 5 — Querying
// Exercise 5.1: the notes that carry one tag. See NoteQueries.swift for the goal.

import PersistenceCore

/// The notes labelled with one tag, newest first, like the list the app shows when you tap a tag.
///
/// ```swift
/// let view = ModelEnvironment.with(container) { TaggedNotesView(tagName: "work") }
/// print(view.notes.map(\.title))
/// ```
public struct TaggedNotesView {
    /// The name of the tag the view lists.
    public let tagName: String
    /// The notes carrying the tag named exactly `tagName`, newest first; notes written at the same
    /// moment in title order (A to Z).
    @Query public var notes: [Note]

    /// Creates the view of one tag's notes.
    ///
    /// - Parameter tagName: The exact name of the tag.
    public init(tagName: String) {
        self.tagName = tagName
        // TODO: Build the query: a predicate on the note's `tags` (a to-many relationship) that keeps
        //       a note when one of its tags has this exact name, sorted as the comment above says.
        _notes = Query(filter: #Predicate<Note> { _ in false })
    }
}
