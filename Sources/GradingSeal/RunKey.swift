import Foundation

/// The secret of one graded test run: coach makes a new one for every test process and hands it to the
/// grading harness alone, which seals every result record with it.
public struct RunKey: Sendable, Equatable {
    /// The key's 32 bytes.
    public let bytes: [UInt8]

    /// A key of these bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A new key from the system's random number generator.
    public static func random() -> RunKey {
        var generator = SystemRandomNumberGenerator()
        return RunKey(bytes: (0..<32).map { _ in generator.next() })
    }

    /// The key written as Base64, as a ``GradingRequest`` carries it.
    public var base64: String { Data(bytes).base64EncodedString() }

    /// The key a ``GradingRequest`` carries, or `nil` when the text is not Base64 of 32 bytes.
    public init?(base64: String) {
        guard let data = Data(base64Encoded: base64), data.count == 32 else { return nil }
        self.bytes = Array(data)
    }
}
