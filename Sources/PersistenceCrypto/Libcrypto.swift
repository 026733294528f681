internal import CLibcrypto

/// Every call into OpenSSL's libcrypto, and so all of the module's unsafe pointer code: each function takes
/// and returns Swift arrays, and hands libcrypto pointers only for the length of the call.
///
/// AES-GCM, SHA-2 and HMAC come from the system's libcrypto rather than a Swift package: it is the same
/// vetted, constant-time code, already on the machine, where a package would compile its own copy of
/// BoringSSL into every build from nothing (about two minutes of a core). The tests hold it to the
/// standards' vectors and to bytes sealed by swift-crypto; run them under the address sanitizer as
/// CONTRIBUTING.md describes after changing this file.
enum Libcrypto {
    /// The message digest libcrypto implements `algorithm` with.
    private static func messageDigest(_ algorithm: DigestAlgorithm) -> OpaquePointer? {
        switch algorithm {
        case .sha1: EVP_sha1()
        case .sha256: EVP_sha256()
        }
    }

    /// The digest of `message` under `algorithm`.
    static func digest(_ algorithm: DigestAlgorithm, of message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let succeeded = message.withUnsafeBytes { message in
            output.withUnsafeMutableBytes { output in
                EVP_Digest(
                    message.baseAddress, message.count, output.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    &length, messageDigest(algorithm), nil)
            }
        }
        // A digest of bytes in memory fails only when libcrypto cannot allocate its context.
        precondition(succeeded == 1, "libcrypto could not compute a digest (out of memory)")
        return Array(output.prefix(Int(length)))
    }

    /// The HMAC of `message` under `key` with `algorithm`.
    static func hmac(_ algorithm: DigestAlgorithm, key: [UInt8], message: [UInt8]) -> [UInt8] {
        precondition(key.count < Int32.max, "an HMAC key longer than 2 GiB")
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // libcrypto reads no byte of an empty key or message, but takes a null pointer for a missing key:
        // each is passed as a buffer of at least one byte, with its real length.
        let keyBuffer = key.isEmpty ? [0] : key
        let messageBuffer = message.isEmpty ? [0] : message
        let result = keyBuffer.withUnsafeBytes { keyBuffer in
            messageBuffer.withUnsafeBufferPointer { messageBuffer in
                output.withUnsafeMutableBufferPointer { output in
                    CLibcrypto.HMAC(
                        messageDigest(algorithm), keyBuffer.baseAddress, Int32(key.count), messageBuffer.baseAddress,
                        message.count, output.baseAddress, &length)
                }
            }
        }
        precondition(result != nil, "libcrypto could not compute an HMAC (out of memory)")
        return Array(output.prefix(Int(length)))
    }

    /// The AES-GCM cipher for a key of `byteCount` bytes, or nil for any other size.
    private static func gcmCipher(keyByteCount: Int) -> OpaquePointer? {
        switch keyByteCount {
        case 16: EVP_aes_128_gcm()
        case 24: EVP_aes_192_gcm()
        case 32: EVP_aes_256_gcm()
        default: nil
        }
    }

    /// Why an AES-GCM call failed.
    enum Failure: Error {
        /// The key is not 128, 192 or 256 bits long.
        case keySize
        /// A message or authenticated data longer than libcrypto takes in one call (2 GiB).
        case tooLong
        /// The tag does not match: the ciphertext, the authenticated data, the nonce or the key differ
        /// from the sealing's.
        case authentication
        /// libcrypto refused a step that cannot fail on valid input (it could not allocate, say).
        case library(step: String)
    }

    /// `plaintext` encrypted with AES-GCM under `key` and the 12-byte `nonce`, authenticating
    /// `authenticatedData`: the ciphertext and the 16-byte tag.
    static func sealGCM(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], authenticatedData: [UInt8]) throws(Failure)
        -> (ciphertext: [UInt8], tag: [UInt8])
    {
        guard let cipher = gcmCipher(keyByteCount: key.count) else { throw .keySize }
        guard plaintext.count < Int32.max, authenticatedData.count < Int32.max else { throw .tooLong }
        guard let context = EVP_CIPHER_CTX_new() else { throw .library(step: "EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
        var tag = [UInt8](repeating: 0, count: 16)
        var written: Int32 = 0
        var total = 0
        let step: String? = key.withUnsafeBufferPointer { key in
            nonce.withUnsafeBufferPointer { nonce in
                authenticatedData.withUnsafeBufferPointer { authenticatedData in
                    plaintext.withUnsafeBufferPointer { plaintext in
                        ciphertext.withUnsafeMutableBufferPointer { ciphertext in
                            tag.withUnsafeMutableBytes { tag in
                                guard EVP_EncryptInit_ex(context, cipher, nil, key.baseAddress, nonce.baseAddress) == 1
                                else { return "EVP_EncryptInit_ex" }
                                if authenticatedData.count > 0 {
                                    guard
                                        EVP_EncryptUpdate(
                                            context, nil, &written, authenticatedData.baseAddress,
                                            Int32(authenticatedData.count)) == 1
                                    else { return "EVP_EncryptUpdate (authenticated data)" }
                                }
                                if plaintext.count > 0 {
                                    guard
                                        EVP_EncryptUpdate(
                                            context, ciphertext.baseAddress, &written, plaintext.baseAddress,
                                            Int32(plaintext.count)) == 1
                                    else { return "EVP_EncryptUpdate" }
                                    total = Int(written)
                                }
                                guard EVP_EncryptFinal_ex(context, ciphertext.baseAddress! + total, &written) == 1
                                else { return "EVP_EncryptFinal_ex" }
                                total += Int(written)
                                guard
                                    EVP_CIPHER_CTX_ctrl(
                                        context, EVP_CTRL_GCM_GET_TAG, Int32(tag.count), tag.baseAddress)
                                        == 1
                                else { return "EVP_CIPHER_CTX_ctrl (get tag)" }
                                return nil
                            }
                        }
                    }
                }
            }
        }
        if let step { throw .library(step: step) }
        return (Array(ciphertext.prefix(total)), tag)
    }

    /// The plaintext of `ciphertext`, sealed with AES-GCM under `key` and `nonce` with `tag`, authenticating
    /// `authenticatedData`.
    ///
    /// - Throws: ``Failure/authentication`` when any of them differs from the sealing's.
    static func openGCM(
        _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], authenticatedData: [UInt8]
    ) throws(Failure) -> [UInt8] {
        guard let cipher = gcmCipher(keyByteCount: key.count) else { throw .keySize }
        guard ciphertext.count < Int32.max, authenticatedData.count < Int32.max else { throw .tooLong }
        guard let context = EVP_CIPHER_CTX_new() else { throw .library(step: "EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var tag = tag
        var written: Int32 = 0
        var total = 0
        let failure: Failure? = key.withUnsafeBufferPointer { key in
            nonce.withUnsafeBufferPointer { nonce in
                authenticatedData.withUnsafeBufferPointer { authenticatedData in
                    ciphertext.withUnsafeBufferPointer { ciphertext in
                        plaintext.withUnsafeMutableBufferPointer { plaintext in
                            tag.withUnsafeMutableBytes { tag in
                                guard EVP_DecryptInit_ex(context, cipher, nil, key.baseAddress, nonce.baseAddress) == 1
                                else { return .library(step: "EVP_DecryptInit_ex") }
                                if authenticatedData.count > 0 {
                                    guard
                                        EVP_DecryptUpdate(
                                            context, nil, &written, authenticatedData.baseAddress,
                                            Int32(authenticatedData.count)) == 1
                                    else { return .library(step: "EVP_DecryptUpdate (authenticated data)") }
                                }
                                if ciphertext.count > 0 {
                                    guard
                                        EVP_DecryptUpdate(
                                            context, plaintext.baseAddress, &written, ciphertext.baseAddress,
                                            Int32(ciphertext.count)) == 1
                                    else { return .library(step: "EVP_DecryptUpdate") }
                                    total = Int(written)
                                }
                                guard
                                    EVP_CIPHER_CTX_ctrl(
                                        context, EVP_CTRL_GCM_SET_TAG, Int32(tag.count), tag.baseAddress)
                                        == 1
                                else { return .library(step: "EVP_CIPHER_CTX_ctrl (set tag)") }
                                // The final step compares the tag: it fails when anything sealed was changed.
                                guard EVP_DecryptFinal_ex(context, plaintext.baseAddress! + total, &written) == 1
                                else { return .authentication }
                                total += Int(written)
                                return nil
                            }
                        }
                    }
                }
            }
        }
        if let failure { throw failure }
        return Array(plaintext.prefix(total))
    }
}
