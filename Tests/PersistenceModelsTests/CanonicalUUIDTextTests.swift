import Foundation
import Testing

@testable import PersistenceSQLiteStore

@Suite("Reading the canonical text of a UUID")
struct CanonicalUUIDTextTests {
    /// A byte-by-byte reading of the canonical form, to compare the word-at-a-time one with.
    private static func referenceUUID(_ text: [UInt8]) -> UUID? {
        let dashes: Set = [8, 13, 18, 23]
        guard text.count == 36, dashes.allSatisfy({ text[$0] == UInt8(ascii: "-") }) else { return nil }
        var digits: [UInt8] = []
        for (offset, byte) in text.enumerated() where !dashes.contains(offset) {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            for index in 0..<16 { bytes[index] = digits[2 * index] << 4 | digits[2 * index + 1] }
        }
        return UUID(uuid: uuid)
    }

    private static func parse(_ text: [UInt8]) -> UUID? {
        text.withUnsafeBufferPointer { CanonicalUUIDText.uuid(in: $0) }
    }

    @Test("every byte value at every position reads as the byte-by-byte reading does")
    func everyByteAtEveryPosition() {
        let bases = [
            UUID().uuidString, UUID().uuidString.lowercased(), "00000000-0000-0000-0000-000000000000",
            "FFFFFFFF-ffff-FfFf-fFfF-0123456789aB",
        ]
        var mismatches: [String] = []
        for base in bases.map({ Array($0.utf8) }) {
            #expect(Self.parse(base) != nil)
            #expect(Self.parse(base) == Self.referenceUUID(base))
            for position in 0..<36 {
                for byte in UInt8.min...UInt8.max {
                    var text = base
                    text[position] = byte
                    if Self.parse(text) != Self.referenceUUID(text) {
                        mismatches.append("\(String(decoding: base, as: UTF8.self)) with byte \(byte) at \(position)")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("random UUIDs read back from uuidString in either case; other lengths and forms read as nil")
    func roundTripsAndRejections() {
        for _ in 0..<500 {
            let uuid = UUID()
            #expect(CanonicalUUIDText.uuid(in: uuid.uuidString) == uuid)
            #expect(CanonicalUUIDText.uuid(in: uuid.uuidString.lowercased()) == uuid)
        }
        let uuid = UUID().uuidString
        for text in [
            "", String(uuid.dropLast()), uuid + "0", uuid.replacingOccurrences(of: "-", with: ""),
            " " + uuid.dropFirst(),
        ] {
            #expect(CanonicalUUIDText.uuid(in: text) == nil, "\(text)")
        }
    }
}
