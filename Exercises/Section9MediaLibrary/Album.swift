// Section 9 — Advanced models
// An album: a named selection of items. See MediaItem.swift for the goal.

import PersistenceCore

/// A named selection of items; an item can be in many albums.
@Model
public final class Album {
    // TODO: Replace both placeholders with stored properties of the same name and type. Mark `items`
    //       with `@Relationship`: its inverse is `\MediaItem.albums`, and deleting an album must keep
    //       its items (choose the delete rule that does that).

    /// The album's name.
    public var name: String { get { "" } set {} }
    /// The items in the album; the inverse of `MediaItem.albums`. Deleting the album keeps the items
    /// and takes the album off them.
    public var items: [MediaItem] { get { [] } set {} }

    /// Creates an empty album.
    public init(name: String) {
        // TODO: Store the name; a new album has no items.
    }
}
