import Foundation

extension UUID {
    /// The same 36 characters as `uuidString` (upper-case hexadecimal in groups of 8-4-4-4-12), written
    /// without the formatting `uuidString` goes through, which costs more than storing a row: the store
    /// writes a UUID attribute, and the mirror names each new record, with this text.
    ///
    /// The 16 bytes are written four at a time, each four as the word of their eight digits.
    package var uppercaseText: String {
        let (first, second, third, fourth) = withUnsafeBytes(of: uuid) { bytes in
            /// The digits of the four bytes at `offset`.
            func digits(at offset: Int) -> UInt64 {
                Self.hexDigits(of: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            }
            return (digits(at: 0), digits(at: 4), digits(at: 8), digits(at: 12))
        }
        return String(unsafeUninitializedCapacity: 36) { buffer in
            let output = UnsafeMutableRawBufferPointer(buffer)
            /// Writes the first (`half` 0) or last (`half` 1) four digits of `word` at `offset`.
            func store(_ word: UInt64, half: Int, at offset: Int) {
                output.storeBytes(
                    of: UInt32(truncatingIfNeeded: word >> (32 * half)).littleEndian, toByteOffset: offset,
                    as: UInt32.self)
            }
            output.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt64.self)
            store(second, half: 0, at: 9)
            store(second, half: 1, at: 14)
            store(third, half: 0, at: 19)
            store(third, half: 1, at: 24)
            output.storeBytes(of: fourth.littleEndian, toByteOffset: 28, as: UInt64.self)
            let dash = UInt8(ascii: "-")
            output[8] = dash
            output[13] = dash
            output[18] = dash
            output[23] = dash
            return 36
        }
    }

    /// The eight upper-case hex digits of four bytes (the first in the lowest byte of `bytes`), the first
    /// digit in the lowest byte of the result.
    private static func hexDigits(of bytes: UInt32) -> UInt64 {
        // Each byte into a 16-bit lane of its own, then its high digit into the lane's low byte.
        var lanes = UInt64(bytes)
        lanes = (lanes | lanes << 16) & 0x0000_FFFF_0000_FFFF
        lanes = (lanes | lanes << 8) & 0x00FF_00FF_00FF_00FF
        let digits = (lanes >> 4) & 0x000F_000F_000F_000F | (lanes & 0x000F_000F_000F_000F) << 8
        // '0' + digit, and 7 more for a digit from 10 up ('A' follows '9' after seven other characters).
        let ones: UInt64 = 0x0101_0101_0101_0101
        let isLetter = ((digits &+ ones &* 6) >> 4) & ones
        return digits &+ ones &* 0x30 &+ isLetter &* 7
    }
}
