import Foundation
import PersistenceCrypto
import Testing

/// The bytes of the hexadecimal `text`.
private func bytes(_ text: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        result.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return result
}

private func hex<Bytes: Sequence<UInt8>>(_ value: Bytes) -> String {
    value.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

@Suite("The core's cryptography matches the standards' vectors and opens what swift-crypto sealed")
struct PersistenceCryptoTests {
    @Test("SHA-256 and SHA-1 digests (FIPS 180-4 examples)")
    func digests() {
        #expect(
            hex(SHA256.hash(data: Data("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.hash(data: Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(Insecure.SHA1.hash(data: Data("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(SHA256.hash(data: [UInt8](repeating: 7, count: 1_000_000)).bytes.count == 32)
    }

    @Test("HMAC-SHA256 (RFC 4231, test cases 2 and 6) and with an empty key")
    func hmac() {
        let jefe = SymmetricKey(data: Data("Jefe".utf8))
        #expect(
            hex(HMAC<SHA256>.authenticationCode(for: Data("what do ya want for nothing?".utf8), using: jefe))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // A key longer than the hash's block is hashed first.
        let long = SymmetricKey(data: [UInt8](repeating: 0xaa, count: 131))
        #expect(
            hex(
                HMAC<SHA256>.authenticationCode(
                    for: Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8), using: long))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(
            hex(HMAC<SHA256>.authenticationCode(for: Data(), using: SymmetricKey(data: [UInt8]())))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test("HKDF-SHA256 (RFC 5869, test cases 1 and 3)")
    func hkdf() {
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: [UInt8](repeating: 0x0b, count: 22)),
            salt: bytes("000102030405060708090a0b0c"), info: bytes("f0f1f2f3f4f5f6f7f8f9"), outputByteCount: 42)
        #expect(
            derived.withUnsafeBytes { hex($0) }
                == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        let unsalted = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: [UInt8](repeating: 0x0b, count: 22)), salt: [UInt8](),
            info: [UInt8](), outputByteCount: 42)
        #expect(
            unsalted.withUnsafeBytes { hex($0) }
                == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")
    }

    @Test("AES-256-GCM (the GCM specification's test case 16)")
    func gcmStandardVector() throws {
        let key = SymmetricKey(data: bytes("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308"))
        let plaintext = bytes(
            "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
        )
        let authenticated = bytes("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let box = try AES.GCM.seal(
            plaintext, using: key, nonce: AES.GCM.Nonce(data: bytes("cafebabefacedbaddecaf888")),
            authenticating: authenticated)
        #expect(
            hex(box.ciphertext)
                == "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
        )
        #expect(hex(box.tag) == "76fc6ece0f4e1768cddf8853bb2d551b")
        #expect(Array(try AES.GCM.open(box, using: key, authenticating: authenticated)) == plaintext)
    }

    /// A key and nonce of counting bytes, as the vectors below were sealed with swift-crypto 4.5.2.
    let countingKey = SymmetricKey(data: (0..<32).map { UInt8($0) })

    @Test("what swift-crypto sealed opens, and sealing the same way gives the same bytes")
    func swiftCryptoCompatibility() throws {
        let sealed = bytes(
            "6465666768696a6b6c6d6e6f293bad031a9b33ea1e16378dfa130b882eb62661ee098301471766476a5050fd5e6a7b543b5bf257")
        let box = try AES.GCM.SealedBox(combined: sealed)
        let opened = try AES.GCM.open(box, using: countingKey, authenticating: Data("item name".utf8))
        #expect(String(decoding: opened, as: UTF8.self) == "a secret the vault keeps")
        let nonce = try AES.GCM.Nonce(data: (100..<112).map { UInt8($0) })
        let resealed = try AES.GCM.seal(
            Data("a secret the vault keeps".utf8), using: countingKey, nonce: nonce,
            authenticating: Data("item name".utf8))
        #expect(Array(resealed.combined) == sealed)
        let empty = try AES.GCM.seal(Data(), using: countingKey, nonce: nonce, authenticating: Data())
        #expect(hex(empty.combined) == "6465666768696a6b6c6d6e6f609bd50f6ad76df665f048ba8c5fd706")
        #expect(try AES.GCM.open(AES.GCM.SealedBox(combined: empty.combined), using: countingKey).isEmpty)

        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: countingKey, salt: Data("salt".utf8), info: Data("encryption".utf8), outputByteCount: 32)
        #expect(
            derived.withUnsafeBytes { hex($0) } == "70ced6f56b9d8f9d24685c0f6a171120c5acb3290f704e1a4cc1b2684c8e3b97")
        #expect(
            hex(HMAC<SHA256>.authenticationCode(for: Data("primary key".utf8), using: countingKey))
                == "5b1969766fbcef28752b89cebadfac651b3074209db9fee8925aa91a42d35969")
    }

    @Test("a changed byte anywhere, another key or other authenticated data: the box does not open")
    func tamperingFailsToOpen() throws {
        let message = Data("the account's token".utf8)
        let combined = try AES.GCM.seal(message, using: countingKey, authenticating: Data("token".utf8)).combined
        #expect(
            try AES.GCM.open(
                AES.GCM.SealedBox(combined: combined), using: countingKey, authenticating: Data("token".utf8))
                == message)
        for index in [0, 11, 12, combined.count - 17, combined.count - 1] {
            var changed = combined
            changed[index] ^= 0x01
            #expect(throws: CryptoError.authenticationFailure, "byte \(index) changed") {
                try AES.GCM.open(
                    AES.GCM.SealedBox(combined: changed), using: countingKey, authenticating: Data("token".utf8))
            }
        }
        #expect(throws: CryptoError.authenticationFailure) {
            try AES.GCM.open(
                AES.GCM.SealedBox(combined: combined), using: countingKey, authenticating: Data("tokens".utf8))
        }
        #expect(throws: CryptoError.authenticationFailure) {
            try AES.GCM.open(
                AES.GCM.SealedBox(combined: combined), using: SymmetricKey(size: .bits256),
                authenticating: Data("token".utf8))
        }
        #expect(throws: CryptoError.incorrectParameterSize) { try AES.GCM.SealedBox(combined: combined.prefix(27)) }
        #expect(throws: CryptoError.incorrectKeySize) {
            try AES.GCM.seal(message, using: SymmetricKey(data: [UInt8](repeating: 1, count: 20)))
        }
    }

    @Test("new keys and nonces are random; a megabyte seals and opens with every key size")
    func randomKeysAndLongMessages() throws {
        #expect(SymmetricKey(size: .bits256).bitCount == 256)
        #expect(
            SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
                != SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
        let message = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for size in [SymmetricKeySize.bits128, .bits192, .bits256] {
            let key = SymmetricKey(size: size)
            let first = try AES.GCM.seal(message, using: key)
            let second = try AES.GCM.seal(message, using: key)
            #expect(first.combined != second.combined, "each seal takes a new nonce")
            #expect(first.combined.count == message.count + 28)
            #expect(try AES.GCM.open(first, using: key) == message)
        }
    }
}
