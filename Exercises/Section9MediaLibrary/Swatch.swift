// Section 9 — Advanced models
// A photo's dominant colour. You do not need to change this file.

import PersistenceCore

/// A colour as the photo picker reports it: a class, like `UIColor` and `NSColor`, and not `Codable`, so
/// SwiftData cannot store it by itself. `SwatchTransformer` (SwatchTransformer.swift) turns it into `Data`.
///
/// ```swift
/// let sky = Swatch(red: 70, green: 130, blue: 180)
/// ```
public final class Swatch: NSObject {
    /// The red component, 0 to 255.
    public let red: UInt8
    /// The green component, 0 to 255.
    public let green: UInt8
    /// The blue component, 0 to 255.
    public let blue: UInt8

    /// A colour of these components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Two swatches are equal when their components are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Swatch else { return false }
        return (red, green, blue) == (other.red, other.green, other.blue)
    }

    /// A hash of the components, consistent with `isEqual(_:)`.
    public override var hash: Int {
        Int(red) << 16 | Int(green) << 8 | Int(blue)
    }

    /// The colour as `#RRGGBB`.
    public override var description: String {
        "#" + [red, green, blue].map { String(format: "%02X", $0) }.joined()
    }
}
