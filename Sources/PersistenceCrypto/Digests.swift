import Foundation

/// The bytes of a digest or an authentication code.
package struct Digest: Sequence, Hashable, Sendable, CustomStringConvertible {
    package let bytes: [UInt8]

    package func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

    /// The bytes in lowercase hexadecimal.
    package var description: String { bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: length - count) + self }
}

/// The digest algorithms the module computes.
package enum DigestAlgorithm: Sendable {
    case sha1
    case sha256
}

/// A hash function, named as CryptoKit names it: `SHA256.hash(data:)`, `HMAC<SHA256>`, `HKDF<SHA256>`.
package protocol HashFunction {
    /// The algorithm's bytes of output.
    static var byteCount: Int { get }
    /// The algorithm libcrypto computes it with.
    static var algorithm: DigestAlgorithm { get }
}

extension HashFunction {
    /// The digest of `data`.
    package static func hash<Bytes: DataProtocol>(data: Bytes) -> Digest {
        Digest(bytes: Libcrypto.digest(algorithm, of: Array(data)))
    }
}

/// SHA-256 (FIPS 180-4).
package enum SHA256: HashFunction {
    package static let byteCount = 32
    package static let algorithm = DigestAlgorithm.sha256
}

/// Algorithms kept for formats that need them and never for security, as CryptoKit's `Insecure` holds them.
package enum Insecure {
    /// SHA-1, for names derived from content (a deterministic identifier), not for secrets.
    package enum SHA1: HashFunction {
        package static let byteCount = 20
        package static let algorithm = DigestAlgorithm.sha1
    }
}

/// HMAC (RFC 2104) with the hash function `Hash`.
package enum HMAC<Hash: HashFunction> {
    /// The authentication code of `data` under `key`.
    package static func authenticationCode<Bytes: DataProtocol>(for data: Bytes, using key: SymmetricKey) -> Digest {
        Digest(bytes: Libcrypto.hmac(Hash.algorithm, key: key.bytes, message: Array(data)))
    }
}

/// HKDF (RFC 5869) with the hash function `Hash`: keys derived from one secret, each for its own purpose.
package enum HKDF<Hash: HashFunction> {
    /// A key of `outputByteCount` bytes derived from `inputKeyMaterial`, `salt` and `info`; keys derived
    /// with different `info` are independent of each other.
    ///
    /// - Precondition: `outputByteCount` is at most 255 times the hash's output.
    package static func deriveKey<Salt: DataProtocol, Info: DataProtocol>(
        inputKeyMaterial: SymmetricKey, salt: Salt, info: Info, outputByteCount: Int
    ) -> SymmetricKey {
        precondition(
            outputByteCount >= 0 && outputByteCount <= 255 * Hash.byteCount,
            "HKDF derives at most 255 blocks of the hash's output")
        // Extract: a pseudorandom key from the input key material.
        let pseudorandomKey = Libcrypto.hmac(Hash.algorithm, key: Array(salt), message: inputKeyMaterial.bytes)
        // Expand: T(i) = HMAC(PRK, T(i-1) | info | i), concatenated until there are enough bytes.
        var output: [UInt8] = []
        var block: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < outputByteCount {
            block = Libcrypto.hmac(Hash.algorithm, key: pseudorandomKey, message: block + Array(info) + [counter])
            output += block
            counter &+= 1
        }
        return SymmetricKey(data: Array(output.prefix(outputByteCount)))
    }
}
