import Foundation

/// A secret key for AES-GCM, HMAC and HKDF, as CryptoKit's `SymmetricKey` holds one.
package struct SymmetricKey: Sendable {
    let bytes: [UInt8]

    /// A new random key of `size`, from the system's cryptographically secure generator.
    package init(size: SymmetricKeySize) {
        bytes = randomBytes(count: size.bitCount / 8)
    }

    /// The key whose bytes are `data`.
    package init<Bytes: ContiguousBytes>(data: Bytes) {
        bytes = data.withUnsafeBytes { Array($0) }
    }

    /// The key's length in bits.
    package var bitCount: Int { bytes.count * 8 }

    /// Calls `body` with the key's bytes.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes(body)
    }
}

/// The length of a new ``SymmetricKey``.
package struct SymmetricKeySize: Sendable {
    /// The length in bits.
    package let bitCount: Int

    package static let bits128 = SymmetricKeySize(bitCount: 128)
    package static let bits192 = SymmetricKeySize(bitCount: 192)
    package static let bits256 = SymmetricKeySize(bitCount: 256)
}

/// `count` bytes from the system's cryptographically secure generator (`getrandom` on Linux), for new keys
/// and nonces.
func randomBytes(count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
}
