// Section 9 — Advanced models
//
// Goal: the models of a media library and the operations that use what they declare.
//
//   - `MediaItem` (this file): what every item of the library has — a title, the device it came
//     from (`source`), its file name there, when it was added and whether it is a favourite — and
//     its links: comments, albums, a creator and the import session that brought it in.
//       · `source` and `fileName` together identify an item: importing the same file from the same
//         device again must update the stored item, never add a second one (`#Unique`).
//       · The library sorts by `addedAt` and filters favourites: keep an index on `addedAt`, and
//         one on `isFavorite` with `addedAt` (`#Index`).
//       · `isSelected` is screen state: it must never be stored (`@Transient`).
//       · Deleting an item deletes its comments (`.cascade`).
//   - `Photo` and `Video` (Photo.swift, Video.swift): subclasses of `MediaItem`. A photo keeps its
//     image bytes outside the database (`.externalStorage`) and its `PixelSize`; a video its length
//     and `VideoQuality`. Each has a computed property (`isLandscape`, `formattedDuration`).
//   - `Album`, `Creator`, `ImportSession`, `Comment`: each relationship with the delete rule its
//     file names — deleting an album keeps its items (`.nullify`), a creator who still has works
//     cannot be deleted (`.deny`), deleting an import session leaves its items as they are
//     (`.noAction`).
//   - `MediaLibrary` (MediaLibrary.swift): imports, lists, describes and deletes, saving after every
//     change.
//
// Run `swift test --filter Section9` (or `swift run coach check 9`) to see which checks pass.

import PersistenceCore

/// Anything the library keeps: the superclass of `Photo` and `Video`.
@Model
public class MediaItem {
    #Unique<MediaItem>([\.source, \.fileName])
    #Index<MediaItem>([\.addedAt], [\.isFavorite, \.addedAt])

    /// The name shown in the library, indexed for Spotlight search.
    @Attribute(.spotlight) public var title: String
    /// The device the file came from, such as "Pixel 8" or "Scanner".
    public var source: String
    /// The file's name on that device; with `source`, what identifies the item.
    public var fileName: String
    /// When the item was added to the library.
    public var addedAt: Date
    /// Whether the user marked the item as a favourite.
    public var isFavorite: Bool = false
    /// Whether the item is selected on screen; never stored.
    @Transient public var isSelected = false
    /// What people wrote about the item; deleted with it.
    @Relationship(deleteRule: .cascade, inverse: \Comment.item)
    public var comments: [Comment] = []
    /// The albums the item is in; the inverse of `Album.items`.
    public var albums: [Album] = []
    /// Who made the item, if known; the inverse of `Creator.works`.
    public var creator: Creator?
    /// The import that brought the item in, if any; the inverse of `ImportSession.items`.
    public var importSession: ImportSession?

    /// Creates an item that is not a favourite and has no links yet.
    ///
    /// - Parameters:
    ///   - title: The name shown in the library.
    ///   - source: The device the file came from.
    ///   - fileName: The file's name on that device.
    ///   - addedAt: When it was added; now unless given.
    public init(title: String, source: String, fileName: String, addedAt: Date = .now) {
        self.title = title
        self.source = source
        self.fileName = fileName
        self.addedAt = addedAt
    }
}
