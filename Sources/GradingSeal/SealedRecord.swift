/// The line format of a sealed record stream: one record of Swift Testing's JSON event stream a line,
/// preceded by its sequence number in the run and an HMAC-SHA256 tag over both, made with the run's key.
///
/// ```
/// 0<TAB>5f1c…e2<TAB>{"kind":"test","payload":{…}}
/// 1<TAB>a907…3b<TAB>{"kind":"event","payload":{"kind":"runStarted",…}}
/// ```
///
/// Whoever lacks the key cannot make a line that verifies, and because the tag covers the sequence number,
/// a genuine line copied, moved or removed shows as out of order.
public enum SealedRecord {
    /// The bytes a line's tag is made over.
    static func message(sequence: Int, record: String) -> [UInt8] {
        Array("\(sequence)\t\(record)".utf8)
    }

    /// `bytes` as lowercase hexadecimal digits, as a sealed line writes its tag.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }, as: UTF8.self)
    }

    static func bytes(hex: some StringProtocol) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// Seals the records of one run, numbering them in the order they are sealed.
///
/// ```swift
/// var sealer = RecordSealer(key: key)
/// let line = sealer.seal(#"{"kind":"event","payload":{"kind":"runStarted"}}"#)
/// ```
public struct RecordSealer: Sendable {
    private let key: RunKey
    private var nextSequence = 0

    /// A sealer whose lines verify with `key`.
    public init(key: RunKey) {
        self.key = key
    }

    /// `record` as a sealed line, without its line break; `record` must not hold one.
    public mutating func seal(_ record: String) -> String {
        let sequence = nextSequence
        nextSequence += 1
        let tag = HMACSHA256.tag(for: SealedRecord.message(sequence: sequence, record: record), key: key.bytes)
        return "\(sequence)\t\(SealedRecord.hex(tag))\t\(record)"
    }
}

/// Checks the lines of one run's sealed record stream in the order they were written.
public struct RecordVerifier: Sendable {
    /// What one line turned out to be.
    public enum Verdict: Equatable, Sendable {
        /// A record the harness sealed, the next in the run.
        case accepted(record: String)
        /// A record the harness sealed, after sequence numbers that are missing: lines were removed.
        case acceptedAfterGap(record: String, missing: ClosedRange<Int>)
        /// A line the harness did not write here.
        case rejected(Rejection)
    }

    /// Why a line was rejected.
    public enum Rejection: Equatable, Sendable, CustomStringConvertible {
        /// It is not a sealed line at all: no sequence number and tag.
        case unsealed(record: String)
        /// Its tag was not made with the run's key: a forged or altered line.
        case badSeal(record: String)
        /// A genuine line seen before, or an earlier one, written again.
        case replayed(sequence: Int, record: String)

        /// The record the line carries (the whole line when it is not sealed).
        public var record: String {
            switch self {
            case .unsealed(let record), .badSeal(let record), .replayed(_, let record): record
            }
        }

        public var description: String {
            switch self {
            case .unsealed: "a record without the run's seal"
            case .badSeal: "a record whose seal was not made with the run's key"
            case .replayed(let sequence, _): "a copy of the run's record \(sequence), written again"
            }
        }
    }

    private let key: RunKey
    private var expectedSequence = 0

    /// A verifier of lines sealed with `key`.
    public init(key: RunKey) {
        self.key = key
    }

    /// The verdict on the next line of the stream (without its line break).
    public mutating func verify(_ line: some StringProtocol) -> Verdict {
        let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let sequence = Int(parts[0]), sequence >= 0, let tag = SealedRecord.bytes(hex: parts[1])
        else {
            return .rejected(.unsealed(record: String(line)))
        }
        let record = String(parts[2])
        guard HMACSHA256.isValid(tag, for: SealedRecord.message(sequence: sequence, record: record), key: key.bytes)
        else {
            return .rejected(.badSeal(record: record))
        }
        guard sequence >= expectedSequence else { return .rejected(.replayed(sequence: sequence, record: record)) }
        defer { expectedSequence = sequence + 1 }
        return sequence == expectedSequence
            ? .accepted(record: record) : .acceptedAfterGap(record: record, missing: expectedSequence...(sequence - 1))
    }
}
