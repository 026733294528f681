import Foundation
import PersistenceSandbox
import PersistenceVault
import Testing

@Suite("SecItemCopyMatching")
struct SecItemCopyMatchingTests {
    let fixture = VaultFixture()

    init() {
        fixture.run {
            let item = VaultFixture.password(account: "ada", service: "bank")
                .adding([kSecValueData as String: Data("s3cret".utf8), kSecAttrLabel as String: "Bank login"])
            _ = SecItemAdd(item as CFDictionary, nil)
        }
    }

    @Test("kSecReturnData alone without a limit returns Data")
    func returnDataGivesData() {
        fixture.run {
            var result: AnyObject?
            let query = VaultFixture.password(account: "ada", service: "bank").adding([kSecReturnData as String: true])
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
            #expect(result as? Data == Data("s3cret".utf8))
        }
    }

    @Test("kSecMatchLimitAll with attributes returns an array even for a single match")
    func limitAllGivesArray() throws {
        try fixture.run {
            var result: AnyObject?
            let query = VaultFixture.password(service: "bank").adding([
                kSecReturnAttributes as String: true,
                kSecMatchLimit as String: kSecMatchLimitAll,
            ])
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
            let items = try #require(result as? [[String: Any]])
            #expect(items.count == 1)
            #expect(items.first?[kSecAttrAccount as String] as? String == "ada")
        }
    }

    @Test("kSecReturnData with kSecMatchLimitAll returns an array of Data, as iOS allows")
    func dataWithLimitAll() {
        fixture.run {
            var result: AnyObject?
            let query = VaultFixture.password(service: "bank").adding([
                kSecReturnData as String: true,
                kSecMatchLimit as String: kSecMatchLimitAll,
            ])
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
            #expect(result as? [Data] == [Data("s3cret".utf8)])
        }
    }

    @Test("data and attributes together return one dictionary with data, account, service and accessibility")
    func dataAndAttributesGiveDictionary() throws {
        try fixture.run {
            var result: AnyObject?
            let query = VaultFixture.password(account: "ada").adding([
                kSecReturnData as String: true,
                kSecReturnAttributes as String: kCFBooleanTrue!,
            ])
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
            let item = try #require(result as? [String: Any])
            #expect(item[kSecValueData as String] as? Data == Data("s3cret".utf8))
            #expect(item[kSecAttrAccount as String] as? String == "ada")
            #expect(item[kSecAttrService as String] as? String == "bank")
            #expect(item[kSecAttrAccessible as String] as? String == "ak")
            #expect(item[kSecAttrLabel as String] as? String == "Bank login")
            #expect(item[kSecAttrCreationDate as String] is Date)
        }
    }

    @Test("no match returns errSecItemNotFound and leaves the result nil")
    func noMatch() {
        fixture.run {
            var result: AnyObject?
            let query = VaultFixture.password(account: "nobody").adding([kSecReturnData as String: true])
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecItemNotFound)
            #expect(result == nil)
        }
    }

    @Test("a match without return keys returns success and no result")
    func noReturnKeys() {
        fixture.run {
            var result: AnyObject?
            #expect(
                SecItemCopyMatching(VaultFixture.password(account: "ada") as CFDictionary, &result) == errSecSuccess)
            #expect(result == nil)
        }
    }

    @Test("a query attribute the item does not have, such as another accessibility, excludes it")
    func extraAttributeExcludes() {
        fixture.run {
            let query = VaultFixture.password(account: "ada")
                .adding([kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock])
            #expect(SecItemCopyMatching(query as CFDictionary, nil) == errSecItemNotFound)
        }
    }

    @Test("a persistent reference comes back as Data and finds the item again")
    func persistentReference() throws {
        try fixture.run {
            var reference: AnyObject?
            let query = VaultFixture.password(account: "ada").adding([kSecReturnPersistentRef as String: true])
            #expect(SecItemCopyMatching(query as CFDictionary, &reference) == errSecSuccess)
            let persistentRef = try #require(reference as? Data)

            var data: AnyObject?
            let byReference: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecValuePersistentRef as String: persistentRef,
                kSecReturnData as String: true,
            ]
            #expect(SecItemCopyMatching(byReference as CFDictionary, &data) == errSecSuccess)
            #expect(data as? Data == Data("s3cret".utf8))
        }
    }

    @Test("kSecReturnRef for a password yields no object")
    func returnRefGivesNothing() {
        fixture.run {
            var result: AnyObject?
            let query = VaultFixture.password(account: "ada").adding([kSecReturnRef as String: true])
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
            #expect(result == nil)
        }
    }

    @Test("a numeric limit above one returns an array of at most that many items, oldest first")
    func numericLimit() throws {
        try fixture.run {
            for account in ["b", "c"] {
                #expect(
                    SecItemAdd(VaultFixture.password(account: account, service: "bank") as CFDictionary, nil)
                        == errSecSuccess)
            }
            var result: AnyObject?
            let query = VaultFixture.password(service: "bank").adding([
                kSecReturnAttributes as String: true,
                kSecMatchLimit as String: 2,
            ])
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
            let items = try #require(result as? [[String: Any]])
            #expect(items.compactMap { $0[kSecAttrAccount as String] as? String } == ["ada", "b"])
        }
    }

    @Test("a synchronizable item is invisible to a plain query and found with kSecAttrSynchronizableAny")
    func synchronizableVisibility() throws {
        try fixture.run {
            let synced = VaultFixture.password(account: "cloud", service: "bank")
                .adding([kSecAttrSynchronizable as String: true])
            #expect(SecItemAdd(synced as CFDictionary, nil) == errSecSuccess)

            #expect(
                SecItemCopyMatching(VaultFixture.password(account: "cloud") as CFDictionary, nil) == errSecItemNotFound)
            let any = VaultFixture.password(service: "bank").adding([
                kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
                kSecReturnAttributes as String: true,
                kSecMatchLimit as String: kSecMatchLimitAll,
            ])
            var result: AnyObject?
            #expect(SecItemCopyMatching(any as CFDictionary, &result) == errSecSuccess)
            let accounts = try #require(result as? [[String: Any]]).compactMap {
                $0[kSecAttrAccount as String] as? String
            }
            #expect(Set(accounts) == ["ada", "cloud"])
        }
    }

    @Test("items of another app's access group are invisible")
    func otherAppsItemsAreInvisible() {
        let otherApp = Vault(
            sandbox: AppSandbox(appIdentifier: "com.example.Other", deviceRoot: fixture.sandbox.deviceRoot),
            device: fixture.device
        )
        Vault.withCurrent(otherApp) {
            #expect(
                SecItemCopyMatching(VaultFixture.password(account: "ada") as CFDictionary, nil) == errSecItemNotFound)
        }
    }
}
