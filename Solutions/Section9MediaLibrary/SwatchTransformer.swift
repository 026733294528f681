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
        guard let swatch = value as? Swatch else { return nil }
        return Data([swatch.red, swatch.green, swatch.blue])
    }

    /// The swatch three bytes describe; nil for anything else.
    public override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let data = value as? Data, data.count == 3 else { return nil }
        let bytes = Array(data)
        return Swatch(red: bytes[0], green: bytes[1], blue: bytes[2])
    }
}
