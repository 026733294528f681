import Foundation

/// AES, as CryptoKit's `AES` holds it: only its GCM mode, authenticated encryption.
package enum AES {
    /// AES in Galois/Counter Mode (NIST SP 800-38D) with 12-byte nonces and 16-byte tags, as CryptoKit's
    /// `AES.GCM` seals: a sealed box's combined form is nonce, ciphertext and tag, in that order.
    package enum GCM {
        /// A nonce: 12 bytes never used twice with the same key.
        package struct Nonce: Sendable {
            let bytes: [UInt8]

            /// A new random nonce.
            package init() {
                bytes = randomBytes(count: 12)
            }

            /// The nonce whose bytes are `data`.
            ///
            /// - Throws: ``CryptoError/incorrectParameterSize`` when `data` is not 12 bytes long.
            package init<Bytes: DataProtocol>(data: Bytes) throws(CryptoError) {
                guard data.count == 12 else { throw .incorrectParameterSize }
                bytes = Array(data)
            }
        }

        /// A sealed message: its nonce, ciphertext and tag.
        package struct SealedBox: Sendable {
            package let nonce: Nonce
            package let ciphertext: Data
            package let tag: Data

            /// Nonce, ciphertext and tag, in one run of bytes.
            package var combined: Data { Data(nonce.bytes) + ciphertext + tag }

            /// The box whose combined form is `combined`.
            ///
            /// - Throws: ``CryptoError/incorrectParameterSize`` when it is shorter than a nonce and a tag.
            package init<Bytes: DataProtocol>(combined: Bytes) throws(CryptoError) {
                let bytes = Array(combined)
                guard bytes.count >= 12 + 16 else { throw .incorrectParameterSize }
                nonce = try Nonce(data: bytes[..<12])
                ciphertext = Data(bytes[12..<(bytes.count - 16)])
                tag = Data(bytes[(bytes.count - 16)...])
            }

            init(nonce: Nonce, ciphertext: [UInt8], tag: [UInt8]) {
                self.nonce = nonce
                self.ciphertext = Data(ciphertext)
                self.tag = Data(tag)
            }
        }

        /// `message` sealed under `key` with `nonce` (a new random one unless given), authenticating
        /// `authenticatedData` as well: opening fails if any of them changes.
        ///
        /// - Throws: ``CryptoError/incorrectKeySize`` for a key that is not 128, 192 or 256 bits long.
        package static func seal<Message: DataProtocol, Authenticated: DataProtocol>(
            _ message: Message, using key: SymmetricKey, nonce: Nonce = Nonce(),
            authenticating authenticatedData: Authenticated
        ) throws(CryptoError) -> SealedBox {
            let (ciphertext, tag) = try Libcrypto.sealGCM(
                Array(message), key: key.bytes, nonce: nonce.bytes, authenticatedData: Array(authenticatedData))
            return SealedBox(nonce: nonce, ciphertext: ciphertext, tag: tag)
        }

        /// `message` sealed under `key` with a new random nonce.
        package static func seal<Message: DataProtocol>(_ message: Message, using key: SymmetricKey)
            throws(CryptoError) -> SealedBox
        {
            try seal(message, using: key, authenticating: Data())
        }

        /// The message in `box`, sealed under `key` authenticating `authenticatedData`.
        ///
        /// - Throws: ``CryptoError/authenticationFailure`` when the box, the key or the authenticated data
        ///   differs from the sealing's.
        package static func open<Authenticated: DataProtocol>(
            _ box: SealedBox, using key: SymmetricKey, authenticating authenticatedData: Authenticated
        ) throws(CryptoError) -> Data {
            Data(
                try Libcrypto.openGCM(
                    Array(box.ciphertext), tag: Array(box.tag), key: key.bytes, nonce: box.nonce.bytes,
                    authenticatedData: Array(authenticatedData)))
        }

        /// The message in `box`, sealed under `key`.
        package static func open(_ box: SealedBox, using key: SymmetricKey) throws(CryptoError) -> Data {
            try open(box, using: key, authenticating: Data())
        }
    }
}

/// Why sealing or opening failed, as CryptoKit's `CryptoKitError` names it.
package enum CryptoError: Error, Equatable, CustomStringConvertible {
    /// The key is not 128, 192 or 256 bits long.
    case incorrectKeySize
    /// A nonce that is not 12 bytes, a sealed box shorter than 28, or a message longer than 2 GiB.
    case incorrectParameterSize
    /// The sealed box does not open: it, the key or the authenticated data changed since it was sealed.
    case authenticationFailure
    /// libcrypto failed at `step`, which does not fail on valid input (it could not allocate, say).
    case underlyingLibraryFailure(step: String)

    package var description: String {
        switch self {
        case .incorrectKeySize: "the key is not 128, 192 or 256 bits long"
        case .incorrectParameterSize:
            "a nonce is not 12 bytes, a sealed box is shorter than nonce and tag (28 bytes), or a message is over 2 GiB"
        case .authenticationFailure:
            "the sealed box does not open: it, the key or the authenticated data changed since it was sealed"
        case .underlyingLibraryFailure(let step): "libcrypto failed at \(step)"
        }
    }
}
