// Section 9 — Advanced models
// An album: a named selection of items. See MediaItem.swift for the goal.

import PersistenceCore

/// A named selection of items; an item can be in many albums.
@Model
public final class Album {
    /// The album's name.
    public var name: String
    /// The items in the album; the inverse of `MediaItem.albums`. Deleting the album keeps the items
    /// and takes the album off them.
    @Relationship(deleteRule: .nullify, inverse: \MediaItem.albums)
    public var items: [MediaItem] = []

    /// Creates an empty album.
    public init(name: String) {
        self.name = name
    }
}
