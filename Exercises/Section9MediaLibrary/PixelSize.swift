// Section 9 — Advanced models
// A photo's size in pixels. You do not need to change this file.

import PersistenceCore

/// The width and height of a picture in pixels. A `Codable` struct is a value a model can store as it is:
/// SwiftData keeps it as one composite value, and the workbench as JSON text in one column.
///
/// ```swift
/// let size = PixelSize(width: 4032, height: 3024)
/// ```
public struct PixelSize: Codable, Hashable, Sendable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size of `width` by `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
