// Section 9 — Advanced models
// A photo: a media item with its image. See MediaItem.swift for the goal.

import PersistenceCore

/// A picture in the library.
@Model
public final class Photo: MediaItem {
    // TODO: Replace both placeholders with stored properties of the same name and type. Keep the
    //       image bytes outside the database (an `@Attribute` option).

    /// The encoded image; large, so kept in a file beside the database rather than in it.
    public var imageData: Data { get { Data() } set {} }
    /// The picture's size in pixels, stored as one value.
    public var size: PixelSize { get { PixelSize(width: 0, height: 0) } set {} }
    /// The photo's dominant colour, a class SwiftData cannot store by itself: kept as the `Data` its
    /// transformer makes (SwatchTransformer.swift).
    @Attribute(.transformable(by: SwatchTransformer.self)) public var dominantColor: Swatch?

    /// Whether the picture is wider than it is tall; a square one is not.
    public var isLandscape: Bool {
        // TODO: Compare the width with the height.
        false
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
        // TODO: Set this class's own stored properties first; the superclass's initializer comes last.
        super.init(title: title, source: source, fileName: fileName, addedAt: addedAt)
    }
}
