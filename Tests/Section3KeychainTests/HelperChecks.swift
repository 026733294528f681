import Foundation
import PersistenceCore
import Section3Keychain
import Testing

@Suite("Section 3: the keychain helper")
struct HelperChecks {
    @Test("a saved value reads back unchanged")
    func roundTrip() throws {
        try KeychainBench.run { _ in
            let secret = Data("api-key-".utf8) + Data([0, 1, 127, 128, 255])
            _ = succeeds("KeychainHelper.save(_:for: \"apiKey\")") { try KeychainHelper.save(secret, for: "apiKey") }
            let found =
                succeeds("KeychainHelper.read(for: \"apiKey\")") { try KeychainHelper.read(for: "apiKey") } ?? nil
            #expect(
                found == secret,
                "Reading \"apiKey\" right after saving it should give back the same \(secret.count) bytes: expected \(describe(secret)), found \(describe(found))."
            )
        }
    }

    @Test("saving twice under one key keeps only the second value")
    func saveReplaces() throws {
        try KeychainBench.run { _ in
            _ = succeeds("The first save of \"password\"") {
                try KeychainHelper.save(Data("first".utf8), for: "password")
            }
            _ = succeeds(
                "A second save of \"password\" (it must replace the item; SecItemAdd alone answers errSecDuplicateItem)"
            ) {
                try KeychainHelper.save(Data("second".utf8), for: "password")
            }
            let found =
                succeeds("KeychainHelper.read(for: \"password\")") { try KeychainHelper.read(for: "password") } ?? nil
            #expect(
                found == Data("second".utf8),
                "After saving \"first\" then \"second\" under one key, expected \"second\", found \(describe(found))."
            )
        }
    }

    @Test("reading a key that was never saved returns nil")
    func readMissingKey() throws {
        try KeychainBench.run { _ in
            do {
                let found = try KeychainHelper.read(for: "neverSaved")
                #expect(found == nil, "Reading a key that holds nothing: expected nil, found \(describe(found)).")
            } catch {
                Issue.record(
                    "Reading a key that holds nothing should return nil (errSecItemNotFound is not an error for read): expected nil, found a thrown \(describe(error))."
                )
            }
        }
    }

    @Test("deleting a key that was never saved does not throw")
    func deleteMissingKey() throws {
        try KeychainBench.run { _ in
            if let error = thrownError({ try KeychainHelper.delete(for: "neverSaved") }) {
                Issue.record(
                    "Deleting a key that holds nothing should succeed quietly (accept errSecItemNotFound): expected no error, found \(describe(error))."
                )
            }
        }
    }

    @Test("a deleted key reads back as nil")
    func deleteRemoves() throws {
        try KeychainBench.run { _ in
            _ = succeeds("KeychainHelper.save(_:for: \"pin\")") {
                try KeychainHelper.save(Data("1234".utf8), for: "pin")
            }
            _ = succeeds("KeychainHelper.delete(for: \"pin\")") { try KeychainHelper.delete(for: "pin") }
            let found =
                succeeds("Reading \"pin\" after deleting it") { try KeychainHelper.read(for: "pin") }
                ?? Data("(read failed)".utf8)
            #expect(found == nil, "Reading \"pin\" after deleting it: expected nil, found \(describe(found)).")
            #expect(
                thrownError({ try KeychainHelper.save(Data("5678".utf8), for: "pin") }) == nil,
                "Saving \"pin\" again after deleting it: expected no error, found one."
            )
        }
    }

    @Test("each key keeps its own value")
    func keysAreIndependent() throws {
        try KeychainBench.run { _ in
            _ = succeeds("Saving \"refreshToken\"") {
                try KeychainHelper.save(Data("refresh".utf8), for: "refreshToken")
            }
            _ = succeeds("Saving \"accessToken\"") { try KeychainHelper.save(Data("access".utf8), for: "accessToken") }
            _ = succeeds("Deleting \"accessToken\"") { try KeychainHelper.delete(for: "accessToken") }
            let refresh = succeeds("Reading \"refreshToken\"") { try KeychainHelper.read(for: "refreshToken") } ?? nil
            #expect(
                refresh == Data("refresh".utf8),
                "Saving and deleting \"accessToken\" must leave \"refreshToken\" alone: expected \"refresh\", found \(describe(refresh))."
            )
        }
    }

    @Test("a saved value is a generic password whose account is its key")
    func itemAttributes() throws {
        try KeychainBench.run { bench in
            let secret = Data("s3cret".utf8)
            _ = succeeds("KeychainHelper.save(_:for: \"apiKey\")") { try KeychainHelper.save(secret, for: "apiKey") }
            let item = bench.storedPasswords().first { ($0[kSecValueData as String] as? Data) == secret }
            let account = item?[kSecAttrAccount as String] as? String
            #expect(
                item != nil,
                "Saving should add a kSecClassGenericPassword item holding the bytes: expected a generic password holding them, found none among \(bench.storedPasswords().count) generic passwords."
            )
            #expect(
                item == nil || account == "apiKey",
                "The item's kSecAttrAccount names it: expected the account \"apiKey\", found \(account.map { "\"\($0)\"" } ?? "no account")."
            )
        }
    }

    @Test("reading a key never returns another key's value")
    func readsOnlyItsOwnKey() throws {
        try KeychainBench.run { _ in
            _ = succeeds("Saving \"first\"") { try KeychainHelper.save(Data("one".utf8), for: "first") }
            _ = succeeds("Saving \"second\"") { try KeychainHelper.save(Data("two".utf8), for: "second") }
            let first = succeeds("Reading \"first\"") { try KeychainHelper.read(for: "first") } ?? nil
            let second = succeeds("Reading \"second\"") { try KeychainHelper.read(for: "second") } ?? nil
            let third =
                succeeds("Reading \"third\", never saved") { try KeychainHelper.read(for: "third") }
                ?? Data("(read failed)".utf8)
            let found = [first, second, third].map(describe).joined(separator: ", ")
            #expect(
                first == Data("one".utf8) && second == Data("two".utf8) && third == nil,
                "With \"first\" and \"second\" saved, reading \"first\", \"second\" and \"third\": expected \"one\", \"two\", nil, found \(found)."
            )
        }
    }
}
