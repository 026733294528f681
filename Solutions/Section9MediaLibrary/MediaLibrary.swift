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
        let photo = Photo(title: title, source: source, fileName: fileName, imageData: imageData, size: size, addedAt: addedAt)
        context.insert(photo)
        photo.importSession = session
        try context.save()
        return photo
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
        let video = Video(title: title, source: source, fileName: fileName, duration: duration, quality: quality, addedAt: addedAt)
        context.insert(video)
        video.importSession = session
        try context.save()
        return video
    }

    // MARK: - Listing

    /// Every item, photos and videos alike, newest first; items added at the same moment by title.
    ///
    /// - Throws: The context's error when fetching fails.
    public func allItems() throws -> [MediaItem] {
        try context.fetch(FetchDescriptor<MediaItem>(sortBy: Self.newestFirst))
    }

    /// Every photo and nothing else, newest first; photos added at the same moment by title.
    ///
    /// - Throws: The context's error when fetching fails.
    public func photos() throws -> [Photo] {
        try context.fetch(FetchDescriptor<Photo>(sortBy: [SortDescriptor(\.addedAt, order: .reverse), SortDescriptor(\.title)]))
    }

    /// The favourite items, photos and videos alike, newest first; items added at the same moment by title.
    ///
    /// - Throws: The context's error when fetching fails.
    public func favorites() throws -> [MediaItem] {
        try context.fetch(FetchDescriptor<MediaItem>(predicate: #Predicate { $0.isFavorite }, sortBy: Self.newestFirst))
    }

    /// The videos that play for longer than `seconds`, longest first; a video of exactly that length is
    /// left out.
    ///
    /// - Throws: The context's error when fetching fails.
    public func videos(longerThan seconds: TimeInterval) throws -> [Video] {
        try context.fetch(FetchDescriptor<Video>(
            predicate: #Predicate { $0.duration > seconds },
            sortBy: [SortDescriptor(\.duration, order: .reverse), SortDescriptor(\.title)]
        ))
    }

    /// How the list describes an item, by its class: "Photo 4032×3024" for a photo (its size),
    /// "Video 2:05 4K" for a video (its length and quality label), "Item" for anything else.
    public func summary(of item: MediaItem) -> String {
        switch item {
        case let photo as Photo:
            "Photo \(photo.size.width)×\(photo.size.height)"
        case let video as Video:
            "Video \(video.formattedDuration) \(video.quality.label)"
        default:
            "Item"
        }
    }

    // MARK: - Linking

    /// Adds a comment to an item and saves.
    ///
    /// - Returns: The new comment.
    /// - Throws: The context's error when saving fails.
    @discardableResult
    public func addComment(_ text: String, to item: MediaItem) throws -> Comment {
        let comment = Comment(text: text)
        context.insert(comment)
        comment.item = item
        try context.save()
        return comment
    }

    /// Puts an item in an album, once, and saves; an item already in the album stays there once.
    ///
    /// - Throws: The context's error when saving fails.
    public func add(_ item: MediaItem, to album: Album) throws {
        if !album.items.contains(item) {
            album.items.append(item)
        }
        try context.save()
    }

    // MARK: - Deleting

    /// Deletes an item, an album, a comment or an import session and saves; the model's delete rules
    /// decide what happens to what it links to.
    ///
    /// - Throws: The context's error when saving fails.
    public func delete(_ model: some PersistentModel) throws {
        context.delete(model)
        try context.save()
    }

    /// Deletes a creator who has no works left, and saves.
    ///
    /// - Throws: ``LibraryError/creatorHasWorks(creator:works:)`` when works still credit the creator;
    ///   the library is then left as it was, with nothing waiting to be saved. Any other error of the
    ///   context when saving fails.
    public func retire(_ creator: Creator) throws {
        context.delete(creator)
        do {
            try context.save()
        } catch CocoaError.validationRelationshipDeniedDelete {
            context.rollback()
            throw LibraryError.creatorHasWorks(creator: creator.name, works: creator.works.count)
        }
    }

    /// Newest first; the same moment by title.
    private static let newestFirst = [SortDescriptor(\MediaItem.addedAt, order: .reverse), SortDescriptor(\MediaItem.title)]
}
