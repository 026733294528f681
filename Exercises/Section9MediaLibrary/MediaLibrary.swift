// Section 9 — Advanced models
// The library's operations over a model context. See MediaItem.swift for the goal.

import PersistenceCore

/// Imports, lists, describes and deletes the items of a media library through one model context; every
/// change is saved before the method returns.
///
/// ```swift
/// let library = MediaLibrary(context: ModelContext(container))
/// let beach = try library.importPhoto(
///     title: "Beach", source: "Pixel 8", fileName: "IMG_0001.jpg",
///     imageData: jpeg, size: PixelSize(width: 4032, height: 3024)
/// )
/// print(library.summary(of: beach))   // "Photo 4032×3024"
/// ```
public struct MediaLibrary {
    /// The context every operation reads and writes through.
    public let context: ModelContext

    /// Creates a library that works through `context`.
    public init(context: ModelContext) {
        self.context = context
    }

    // MARK: - Importing

    /// Imports a photo and saves it. A photo with the same source and file name as a stored item
    /// replaces that item's values instead of adding a second item.
    ///
    /// - Returns: The photo as stored.
    /// - Throws: The context's error when saving fails.
    @discardableResult
    public func importPhoto(
        title: String, source: String, fileName: String, imageData: Data, size: PixelSize,
        addedAt: Date = .now, session: ImportSession? = nil
    ) throws -> Photo {
        // TODO: Create the photo, insert it, link it to `session`, and save. The model's unique key
        //       turns a second import of the same file into an update.
        Photo(title: title, source: source, fileName: fileName, imageData: imageData, size: size, addedAt: addedAt)
    }

    /// Imports a video and saves it. A video with the same source and file name as a stored item
    /// replaces that item's values instead of adding a second item.
    ///
    /// - Returns: The video as stored.
    /// - Throws: The context's error when saving fails.
    @discardableResult
    public func importVideo(
        title: String, source: String, fileName: String, duration: TimeInterval, quality: VideoQuality,
        addedAt: Date = .now, session: ImportSession? = nil
    ) throws -> Video {
        // TODO: As importPhoto(…), for a video.
        Video(title: title, source: source, fileName: fileName, duration: duration, quality: quality, addedAt: addedAt)
    }

    // MARK: - Listing

    /// Every item, photos and videos alike, newest first; items added at the same moment by title.
    ///
    /// - Throws: The context's error when fetching fails.
    public func allItems() throws -> [MediaItem] {
        // TODO: Fetch the superclass, sorted by `addedAt` (newest first), then by `title`.
        []
    }

    /// Every photo and nothing else, newest first; photos added at the same moment by title.
    ///
    /// - Throws: The context's error when fetching fails.
    public func photos() throws -> [Photo] {
        // TODO: Fetch the subclass, in the same order as allItems().
        []
    }

    /// The favourite items, photos and videos alike, newest first; items added at the same moment by title.
    ///
    /// - Throws: The context's error when fetching fails.
    public func favorites() throws -> [MediaItem] {
        // TODO: Fetch the superclass with a predicate on `isFavorite`, in the same order as allItems().
        []
    }

    /// The videos that play for longer than `seconds`, longest first; a video of exactly that length is
    /// left out.
    ///
    /// - Throws: The context's error when fetching fails.
    public func videos(longerThan seconds: TimeInterval) throws -> [Video] {
        // TODO: Fetch videos whose duration is greater than `seconds`, longest first, then by title.
        []
    }

    /// How the list describes an item, by its class: "Photo 4032×3024" for a photo (its size),
    /// "Video 2:05 4K" for a video (its length and quality label), "Item" for anything else.
    public func summary(of item: MediaItem) -> String {
        // TODO: Ask which class the item is, subclasses first.
        ""
    }

    // MARK: - Linking

    /// Adds a comment to an item and saves.
    ///
    /// - Returns: The new comment.
    /// - Throws: The context's error when saving fails.
    @discardableResult
    public func addComment(_ text: String, to item: MediaItem) throws -> Comment {
        // TODO: Create the comment, insert it, attach it to the item, and save.
        Comment(text: text)
    }

    /// Puts an item in an album, once, and saves; an item already in the album stays there once.
    ///
    /// - Throws: The context's error when saving fails.
    public func add(_ item: MediaItem, to album: Album) throws {
        // TODO: Add the item unless the album holds it already, then save.
    }

    // MARK: - Deleting

    /// Deletes an item, an album, a comment or an import session and saves; the model's delete rules
    /// decide what happens to what it links to.
    ///
    /// - Throws: The context's error when saving fails.
    public func delete(_ model: some PersistentModel) throws {
        // TODO: Delete it through the context, then save.
    }

    /// Deletes a creator who has no works left, and saves.
    ///
    /// - Throws: ``LibraryError/creatorHasWorks(creator:works:)`` when works still credit the creator;
    ///   the library is then left as it was, with nothing waiting to be saved. Any other error of the
    ///   context when saving fails.
    public func retire(_ creator: Creator) throws {
        // TODO: Delete and save. When the save is refused because of the creator's delete rule
        //       (Core Data's validation error CocoaError.validationRelationshipDeniedDelete), drop the
        //       waiting delete and throw LibraryError.creatorHasWorks with the creator's name and number
        //       of works.
    }
}
