import Foundation

/// The 36-character `8-4-4-4-12` hex form that `uuidString` writes and the store keeps UUIDs in.
///
/// `UUID(uuidString:)` accepts the same form but parses it with `sscanf`, which costs more than the rest of
/// reading a row; it also lets through forms this does not (a sign or a space before a group), which the
/// store's slower path still reads.
enum CanonicalUUIDText {
    /// Reads the canonical UUID form from `text`; `nil` for any other text.
    static func uuid(in text: String) -> UUID? {
        var text = text
        return text.withUTF8 { uuid(in: $0) }
    }

    /// Reads the canonical UUID form from UTF-8 bytes; `nil` for any other text.
    ///
    /// The 32 digits are read eight at a time, as four 64-bit words checked and converted in a few
    /// operations each, rather than byte by byte.
    static func uuid(in utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
        let dash = UInt8(ascii: "-")
        guard utf8.count == 36, let text = utf8.baseAddress,
            text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash
        else { return nil }
        let raw = UnsafeRawPointer(text)
        /// The eight bytes at `offset`, the first in the lowest byte.
        func eight(at offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        /// The four bytes at `offset`, the first in the lowest byte.
        func four(at offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        // The digits sit around the dashes at 8, 13, 18 and 23: 8, 4 + 4, 4 + 4 and 8 of them.
        let first = HexWord(eight(at: 0))
        let second = HexWord(four(at: 9) | four(at: 14) << 32)
        let third = HexWord(four(at: 19) | four(at: 24) << 32)
        let fourth = HexWord(eight(at: 28))
        guard first.isValid, second.isValid, third.isValid, fourth.isValid else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { output in
            output.storeBytes(of: first.bytes.littleEndian, as: UInt32.self)
            output.storeBytes(of: second.bytes.littleEndian, toByteOffset: 4, as: UInt32.self)
            output.storeBytes(of: third.bytes.littleEndian, toByteOffset: 8, as: UInt32.self)
            output.storeBytes(of: fourth.bytes.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        return UUID(uuid: bytes)
    }
}

/// Eight ASCII hex digits held in one word, the first in its lowest byte, read as the four bytes they write.
///
/// Each byte is checked against the three ranges of digits with one addition per range bound, the bytes side by
/// side: a byte below 0x80 plus at most 0x50 carries nothing into the next one, and a byte from 0x80 up
/// fails the word by itself.
private struct HexWord {
    /// The four bytes, the first in the lowest byte; meaningful only when ``isValid``.
    let bytes: UInt32
    /// Whether all eight characters are hex digits, in either case.
    let isValid: Bool

    @inline(__always)
    init(_ characters: UInt64) {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        /// The high bit of each byte that is at least `low`, for bytes below 0x80.
        func atLeast(_ low: UInt8) -> UInt64 {
            (characters &+ ones &* UInt64(0x80 - low)) & highBits
        }
        let isDigit = atLeast(UInt8(ascii: "0")) & ~atLeast(UInt8(ascii: "9") + 1)
        let isUpper = atLeast(UInt8(ascii: "A")) & ~atLeast(UInt8(ascii: "F") + 1)
        let isLower = atLeast(UInt8(ascii: "a")) & ~atLeast(UInt8(ascii: "f") + 1)
        isValid = characters & highBits == 0 && isDigit | isUpper | isLower == highBits
        // A digit's value is its low four bits, plus 9 for a letter (bit 6 set).
        let nibbles = (characters & 0x0F0F_0F0F_0F0F_0F0F) &+ ((characters >> 6) & ones) &* 9
        // Pairs of digits into bytes, then the four bytes side by side.
        var packed = (nibbles << 4 | nibbles >> 8) & 0x00FF_00FF_00FF_00FF
        packed = (packed | packed >> 8) & 0x0000_FFFF_0000_FFFF
        packed = (packed | packed >> 16) & 0xFFFF_FFFF
        bytes = UInt32(truncatingIfNeeded: packed)
    }
}
