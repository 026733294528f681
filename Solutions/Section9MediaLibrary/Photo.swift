// Section 9 — Advanced models
// A photo: a media item with its image. See MediaItem.swift for the goal.

import PersistenceCore

/// A picture in the library.
@Model
public final class Photo: MediaItem {
    /// The encoded image; large, so kept in a file beside the database rather than in it.
    @Attribute(.externalStorage) public var imageData: Data
    /// The picture's size in pixels, stored as one value.
    public var size: PixelSize
    /// The photo's dominant colour, a class SwiftData cannot store by itself: kept as the `Data` its
    /// transformer makes (SwatchTransformer.swift).
    @Attribute(.transformable(by: SwatchTransformer.self)) public var dominantColor: Swatch?

    /// Whether the picture is wider than it is tall; a square one is not.
    public var isLandscape: Bool {
        size.width > size.height
    }

    /// Creates a photo. Its own properties are set before the superclass's initializer runs.
    ///
    /// - Parameters:
    ///   - title: The name shown in the library.
    ///   - source: The device the file came from.
    ///   - fileName: The file's name on that device.
    ///   - imageData: The encoded image.
    ///   - size: The picture's size in pixels.
    ///   - addedAt: When it was added; now unless given.
    public init(title: String, source: String, fileName: String, imageData: Data, size: PixelSize, addedAt: Date = .now) {
        self.imageData = imageData
        self.size = size
        super.init(title: title, source: source, fileName: fileName, addedAt: addedAt)
    }
}
