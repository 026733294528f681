import Foundation

extension UUID {
    /// The same 36 characters as `uuidString` (upper-case hexadecimal in groups of 8-4-4-4-12), written
    /// without the formatting `uuidString` goes through, which costs more than storing a row: the store
    /// writes a UUID attribute, and the mirror names each new record, with this text.
    package var uppercaseText: String {
        let bytes = uuid
        return withUnsafeBytes(of: bytes) { source in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var position = 0
                for (index, byte) in source.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = Self.hexDigit(byte >> 4)
                    buffer[position + 1] = Self.hexDigit(byte & 0xF)
                    position += 2
                }
                return position
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
