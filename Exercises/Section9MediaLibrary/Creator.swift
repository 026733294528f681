// Section 9 — Advanced models
// The person credited with items. See MediaItem.swift for the goal.

import PersistenceCore

/// A photographer or film-maker credited with items of the library.
@Model
public final class Creator {
    // TODO: Replace both placeholders with stored properties of the same name and type. Mark `works`
    //       with `@Relationship`: its inverse is `\MediaItem.creator`, and a creator who still has
    //       works must not be deletable (choose the delete rule that refuses the save).

    /// The creator's name.
    public var name: String { get { "" } set {} }
    /// The items credited to this creator; the inverse of `MediaItem.creator`. A creator who still has
    /// works cannot be deleted: saving such a delete throws and deletes nothing.
    public var works: [MediaItem] { get { [] } set {} }

    /// Creates a creator with no works yet.
    public init(name: String) {
        // TODO: Store the name.
    }
}
