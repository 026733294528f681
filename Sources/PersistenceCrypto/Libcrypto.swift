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

    /// `plaintext` encrypted with AES-GCM under `key` and the 12-byte `nonce`, authenticating
    /// `authenticatedData`: the ciphertext and the 16-byte tag.
    static func sealGCM(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], authenticatedData: [UInt8])
        throws(CryptoError)
        -> (ciphertext: [UInt8], tag: [UInt8])
    {
        var tag = [UInt8](repeating: 0, count: 16)
        let ciphertext = try gcm(
            encrypting: true, plaintext, key: key, nonce: nonce, authenticatedData: authenticatedData, tag: &tag)
        return (ciphertext, tag)
    }

    /// The plaintext of `ciphertext`, sealed with AES-GCM under `key` and `nonce` with `tag`, authenticating
    /// `authenticatedData`.
    ///
    /// - Throws: ``CryptoError/authenticationFailure`` when any of them differs from the sealing's.
    static func openGCM(
        _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], authenticatedData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        var tag = tag
        return try gcm(
            encrypting: false, ciphertext, key: key, nonce: nonce, authenticatedData: authenticatedData, tag: &tag)
    }

    /// `input` encrypted or decrypted with AES-GCM. Encrypting writes the tag into `tag`; decrypting checks
    /// `tag` in the final step, which fails when anything sealed was changed.
    private static func gcm(
        encrypting: Bool, _ input: [UInt8], key: [UInt8], nonce: [UInt8], authenticatedData: [UInt8],
        tag: inout [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        guard let cipher = gcmCipher(keyByteCount: key.count) else { throw .incorrectKeySize }
        guard input.count < Int32.max, authenticatedData.count < Int32.max else { throw .incorrectParameterSize }
        guard let context = EVP_CIPHER_CTX_new() else { throw .underlyingLibraryFailure(step: "EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        // GCM writes as many bytes as it reads; the spare block keeps every pointer passed in bounds.
        var output = [UInt8](repeating: 0, count: input.count + 16)
        var written: Int32 = 0
        var total = 0
        let failure: CryptoError? = key.withUnsafeBufferPointer { key in
            nonce.withUnsafeBufferPointer { nonce in
                authenticatedData.withUnsafeBufferPointer { authenticatedData in
                    input.withUnsafeBufferPointer { input in
                        output.withUnsafeMutableBufferPointer { output in
                            tag.withUnsafeMutableBytes { tag in
                                guard
                                    EVP_CipherInit_ex(
                                        context, cipher, nil, key.baseAddress, nonce.baseAddress, encrypting ? 1 : 0)
                                        == 1
                                else { return .underlyingLibraryFailure(step: "EVP_CipherInit_ex") }
                                if authenticatedData.count > 0 {
                                    guard
                                        EVP_CipherUpdate(
                                            context, nil, &written, authenticatedData.baseAddress,
                                            Int32(authenticatedData.count)) == 1
                                    else {
                                        return .underlyingLibraryFailure(step: "EVP_CipherUpdate (authenticated data)")
                                    }
                                }
                                if input.count > 0 {
                                    guard
                                        EVP_CipherUpdate(
                                            context, output.baseAddress, &written, input.baseAddress,
                                            Int32(input.count)) == 1
                                    else { return .underlyingLibraryFailure(step: "EVP_CipherUpdate") }
                                    total = Int(written)
                                }
                                if !encrypting {
                                    guard
                                        EVP_CIPHER_CTX_ctrl(
                                            context, EVP_CTRL_GCM_SET_TAG, Int32(tag.count), tag.baseAddress) == 1
                                    else { return .underlyingLibraryFailure(step: "EVP_CIPHER_CTX_ctrl (set tag)") }
                                }
                                guard EVP_CipherFinal_ex(context, output.baseAddress! + total, &written) == 1 else {
                                    return encrypting
                                        ? .underlyingLibraryFailure(step: "EVP_CipherFinal_ex") : .authenticationFailure
                                }
                                total += Int(written)
                                if encrypting {
                                    guard
                                        EVP_CIPHER_CTX_ctrl(
                                            context, EVP_CTRL_GCM_GET_TAG, Int32(tag.count), tag.baseAddress) == 1
                                    else { return .underlyingLibraryFailure(step: "EVP_CIPHER_CTX_ctrl (get tag)") }
                                }
                                return nil
                            }
                        }
                    }
                }
            }
        }
        if let failure { throw failure }
        return Array(output.prefix(total))
    }
}
