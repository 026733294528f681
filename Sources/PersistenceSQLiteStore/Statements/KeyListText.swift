/// Lists of keys as decimal text (`1,2,3`), written byte by byte: a save's history lists every key it
/// deleted, and a large delete passes its keys to SQLite as a JSON array, so fifty thousand keys are
/// written at once. Appending `String(key)` piece by piece cost as much as SQLite's delete of the rows.
enum KeyListText {
    /// `keys` in decimal, separated by commas, between `prefix` and `suffix` (each ASCII).
    static func joined(_ keys: [Int64], prefix: String = "", suffix: String = "") -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.utf8.count + keys.count * 8 + suffix.utf8.count)
        bytes.append(contentsOf: prefix.utf8)
        for (index, key) in keys.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendDecimal(key, to: &bytes)
        }
        bytes.append(contentsOf: suffix.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value`'s decimal digits, with a minus sign when it is negative.
    ///
    /// The digits are gathered four bits each into one integer, the last digit first, and appended from
    /// it in order: no buffer of their own and no second pass over the bytes.
    private static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        // Sixteen digits fill the 64 bits; a longer key (none a store assigns) goes the slow way.
        guard value >= 0, value < 10_000_000_000_000_000 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        var remaining = UInt64(value)
        var packed: UInt64 = 0
        var count = 0
        repeat {
            packed = packed << 4 | remaining % 10
            remaining /= 10
            count += 1
        } while remaining > 0
        for _ in 0..<count {
            bytes.append(UInt8(ascii: "0") | UInt8(truncatingIfNeeded: packed & 0xF))
            packed >>= 4
        }
    }
}
