// Section 9 — Advanced models
// The person credited with items. See MediaItem.swift for the goal.

import PersistenceCore

/// A photographer or film-maker credited with items of the library.
@Model
public final class Creator {
    /// The creator's name.
    public var name: String
    /// The items credited to this creator; the inverse of `MediaItem.creator`. A creator who still has
    /// works cannot be deleted: saving such a delete throws and deletes nothing.
    @Relationship(deleteRule: .deny, inverse: \MediaItem.creator)
    public var works: [MediaItem] = []

    /// Creates a creator with no works yet.
    public init(name: String) {
        self.name = name
    }
}
