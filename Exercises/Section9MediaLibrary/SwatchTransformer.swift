// Section 9 — Advanced models
//
// Goal: keep a photo's dominant colour, a `Swatch` (Swatch.swift), which SwiftData cannot store by itself.
// `Photo.dominantColor` is declared `@Attribute(.transformable(by: SwatchTransformer.self))`: SwiftData
// hands the colour to this transformer and stores the `Data` it returns, and hands that data back to it
// when the photo is read.
//
//   - `transformedValue(_:)` turns a `Swatch` into `Data` (any encoding that keeps all three components),
//     and anything else into nil.
//   - `reverseTransformedValue(_:)` turns that data back into an equal `Swatch`, and anything else into nil.

import PersistenceCore

/// Turns a `Swatch` into the `Data` a store keeps, and back.
public final class SwatchTransformer: ValueTransformer {
    /// The class of the transformed values: data.
    public override class func transformedValueClass() -> AnyClass {
        NSData.self
    }

    /// Stored colours are read back, so the transformation runs both ways.
    public override class func allowsReverseTransformation() -> Bool {
        true
    }

    /// Three bytes, red, green and blue, for a swatch; nil for anything else.
    public override func transformedValue(_ value: Any?) -> Any? {
        // TODO: Turn a Swatch into Data; anything else into nil.
        nil
    }

    /// The swatch three bytes describe; nil for anything else.
    public override func reverseTransformedValue(_ value: Any?) -> Any? {
        // TODO: Turn the data transformedValue(_:) made back into an equal Swatch; anything else into nil.
        nil
    }
}
