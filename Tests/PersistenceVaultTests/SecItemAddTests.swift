import Foundation
import PersistenceVault
import Testing

@Suite("SecItemAdd")
struct SecItemAddTests {
    @Test("adding the same service and account twice fails with errSecDuplicateItem and keeps the first data")
    func duplicateKeepsStoredData() {
        let fixture = VaultFixture()
        fixture.run {
            let item = VaultFixture.password(account: "ada", service: "bank")
            #expect(
                SecItemAdd(item.adding([kSecValueData as String: Data("first".utf8)]) as CFDictionary, nil)
                    == errSecSuccess)
            let second = SecItemAdd(item.adding([kSecValueData as String: Data("second".utf8)]) as CFDictionary, nil)
            #expect(second == errSecDuplicateItem)

            var result: AnyObject?
            let status = SecItemCopyMatching(item.adding([kSecReturnData as String: true]) as CFDictionary, &result)
            #expect(status == errSecSuccess)
            #expect(result as? Data == Data("first".utf8))
        }
    }

    @Test("a different label or generic value is still a duplicate, a different account is not")
    func primaryKeyIgnoresLabelAndGeneric() {
        let fixture = VaultFixture()
        fixture.run {
            let item = VaultFixture.password(account: "ada", service: "bank")
            #expect(SecItemAdd(item.adding([kSecAttrLabel as String: "one"]) as CFDictionary, nil) == errSecSuccess)
            let relabelled = item.adding([kSecAttrLabel as String: "two", kSecAttrGeneric as String: Data([1, 2])])
            #expect(SecItemAdd(relabelled as CFDictionary, nil) == errSecDuplicateItem)
            let otherAccount = VaultFixture.password(account: "grace", service: "bank")
            #expect(SecItemAdd(otherAccount as CFDictionary, nil) == errSecSuccess)
        }
    }

    @Test("two items with the same service and no account collide, because a missing account means an empty one")
    func missingAccountDefaultsToEmpty() {
        let fixture = VaultFixture()
        fixture.run {
            let item = VaultFixture.password(service: "bank")
            #expect(SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
            #expect(SecItemAdd(item as CFDictionary, nil) == errSecDuplicateItem)
            #expect(
                SecItemAdd(item.adding([kSecAttrAccount as String: ""]) as CFDictionary, nil) == errSecDuplicateItem)
        }
    }

    @Test("the same account in another access group or as a synchronizable item is a different item")
    func accessGroupAndSyncArePartOfTheKey() {
        let fixture = VaultFixture()
        let vault = Vault(sandbox: fixture.sandbox, device: fixture.device, accessGroups: ["group.shared"])
        Vault.withCurrent(vault) {
            let item = VaultFixture.password(account: "ada", service: "bank")
            #expect(SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
            #expect(
                SecItemAdd(item.adding([kSecAttrAccessGroup as String: "group.shared"]) as CFDictionary, nil)
                    == errSecSuccess)
            #expect(
                SecItemAdd(item.adding([kSecAttrSynchronizable as String: true]) as CFDictionary, nil) == errSecSuccess)
        }
    }

    @Test("an access group the app is not entitled to fails with errSecMissingEntitlement")
    func foreignAccessGroup() {
        let fixture = VaultFixture()
        fixture.run {
            let item = VaultFixture.password(account: "ada").adding([kSecAttrAccessGroup as String: "com.other.App"])
            #expect(SecItemAdd(item as CFDictionary, nil) == errSecMissingEntitlement)
        }
    }

    @Test("an internet password's primary key includes server, protocol and port")
    func internetPasswordKey() {
        let fixture = VaultFixture()
        fixture.run {
            let item: [String: Any] = [
                kSecClass as String: kSecClassInternetPassword,
                kSecAttrServer as String: "example.com",
                kSecAttrAccount as String: "ada",
                kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
                kSecAttrPort as String: 443,
            ]
            #expect(SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
            #expect(SecItemAdd(item as CFDictionary, nil) == errSecDuplicateItem)
            #expect(SecItemAdd(item.adding([kSecAttrPort as String: 8443]) as CFDictionary, nil) == errSecSuccess)
        }
    }

    @Test("bad dictionaries are rejected with errSecParam, errSecNoSuchAttr or errSecNoSuchClass")
    func parameterErrors() {
        let fixture = VaultFixture()
        fixture.run {
            let item = VaultFixture.password(account: "ada")
            #expect(SecItemAdd(item.adding(["bogus": 1]) as CFDictionary, nil) == errSecParam)
            #expect(SecItemAdd(item.adding([kSecValueData as String: "not data"]) as CFDictionary, nil) == errSecParam)
            #expect(SecItemAdd(item.adding([kSecReturnData as String: 1]) as CFDictionary, nil) == errSecParam)
            #expect(
                SecItemAdd(item.adding([kSecAttrServer as String: "example.com"]) as CFDictionary, nil)
                    == errSecNoSuchAttr)
            #expect(SecItemAdd([kSecClass as String: "nope"] as CFDictionary, nil) == errSecNoSuchClass)
            #expect(SecItemAdd(item.adding([kSecAttrAccessible as String: "zz"]) as CFDictionary, nil) == errSecParam)
        }
    }

    @Test("a synchronizable item cannot be ThisDeviceOnly")
    func syncRejectsThisDeviceOnly() {
        let fixture = VaultFixture()
        fixture.run {
            let item = VaultFixture.password(account: "ada").adding([
                kSecAttrSynchronizable as String: kCFBooleanTrue!,
                kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
            ])
            #expect(SecItemAdd(item as CFDictionary, nil) == errSecParam)
        }
    }

    @Test("return keys on add hand back the new item; an item without data yields empty data")
    func addReturnsResult() {
        let fixture = VaultFixture()
        fixture.run {
            var result: CFTypeRef?
            let item = VaultFixture.password(account: "ada").adding([kSecReturnData as String: true])
            #expect(SecItemAdd(item as CFDictionary, &result) == errSecSuccess)
            #expect(result as? Data == Data())
        }
    }
}
