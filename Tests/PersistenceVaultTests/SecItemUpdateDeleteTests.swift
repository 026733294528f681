import Foundation
import PersistenceVault
import Testing

@Suite("SecItemUpdate and SecItemDelete")
struct SecItemUpdateDeleteTests {
    let fixture = VaultFixture()

    init() {
        fixture.run {
            for account in ["ada", "grace"] {
                let item = VaultFixture.password(account: account, service: "bank")
                    .adding([kSecValueData as String: Data("old-\(account)".utf8)])
                _ = SecItemAdd(item as CFDictionary, nil)
            }
            _ = SecItemAdd(VaultFixture.password(account: "ada", service: "mail") as CFDictionary, nil)
        }
    }

    private func data(account: String, service: String) -> Data? {
        var result: AnyObject?
        let query = VaultFixture.password(account: account, service: service).adding([kSecReturnData as String: true])
        _ = SecItemCopyMatching(query as CFDictionary, &result)
        return result as? Data
    }

    @Test("updating the data changes every matching item")
    func updateChangesEveryMatch() {
        fixture.run {
            let status = SecItemUpdate(
                VaultFixture.password(service: "bank") as CFDictionary,
                [kSecValueData as String: Data("new".utf8)] as CFDictionary
            )
            #expect(status == errSecSuccess)
            #expect(data(account: "ada", service: "bank") == Data("new".utf8))
            #expect(data(account: "grace", service: "bank") == Data("new".utf8))
            #expect(data(account: "ada", service: "mail") == Data())
        }
    }

    @Test("an update query with kSecMatchLimit or kSecReturnData fails with errSecParam")
    func updateRejectsSearchKeys() {
        fixture.run {
            let change = [kSecValueData as String: Data("new".utf8)] as CFDictionary
            let limited = VaultFixture.password(service: "bank").adding([kSecMatchLimit as String: kSecMatchLimitOne])
            #expect(SecItemUpdate(limited as CFDictionary, change) == errSecParam)
            let returning = VaultFixture.password(service: "bank").adding([kSecReturnData as String: true])
            #expect(SecItemUpdate(returning as CFDictionary, change) == errSecParam)
            #expect(data(account: "ada", service: "bank") == Data("old-ada".utf8))
        }
    }

    @Test("an update matching nothing fails with errSecItemNotFound")
    func updateWithoutMatch() {
        fixture.run {
            let status = SecItemUpdate(
                VaultFixture.password(service: "nowhere") as CFDictionary,
                [kSecValueData as String: Data("new".utf8)] as CFDictionary
            )
            #expect(status == errSecItemNotFound)
        }
    }

    @Test("an update that would give two items the same primary key fails with errSecDuplicateItem and changes nothing")
    func updateCollision() {
        fixture.run {
            let status = SecItemUpdate(
                VaultFixture.password(account: "grace", service: "bank") as CFDictionary,
                [kSecAttrAccount as String: "ada", kSecValueData as String: Data("new".utf8)] as CFDictionary
            )
            #expect(status == errSecDuplicateItem)
            #expect(data(account: "grace", service: "bank") == Data("old-grace".utf8))
            #expect(data(account: "ada", service: "bank") == Data("old-ada".utf8))
        }
    }

    @Test("an update can move an item to a new primary key and refreshes its modification date")
    func updateRenames() throws {
        try fixture.run {
            let status = SecItemUpdate(
                VaultFixture.password(account: "grace", service: "bank") as CFDictionary,
                [kSecAttrAccount as String: "hopper"] as CFDictionary
            )
            #expect(status == errSecSuccess)
            #expect(data(account: "hopper", service: "bank") == Data("old-grace".utf8))
            #expect(data(account: "grace", service: "bank") == nil)

            var result: AnyObject?
            let query = VaultFixture.password(account: "hopper").adding([kSecReturnAttributes as String: true])
            _ = SecItemCopyMatching(query as CFDictionary, &result)
            let attributes = try #require(result as? [String: Any])
            let created = try #require(attributes[kSecAttrCreationDate as String] as? Date)
            let modified = try #require(attributes[kSecAttrModificationDate as String] as? Date)
            #expect(modified > created)
        }
    }

    @Test("changing the class in an update fails")
    func updateCannotChangeClass() {
        fixture.run {
            let status = SecItemUpdate(
                VaultFixture.password(service: "bank") as CFDictionary,
                [kSecClass as String: kSecClassInternetPassword] as CFDictionary
            )
            #expect(status != errSecSuccess)
        }
    }

    @Test("deleting by service removes every account; a repeat finds nothing")
    func deleteRemovesEveryMatch() {
        fixture.run {
            #expect(SecItemDelete(VaultFixture.password(service: "bank") as CFDictionary) == errSecSuccess)
            #expect(data(account: "ada", service: "bank") == nil)
            #expect(data(account: "grace", service: "bank") == nil)
            #expect(data(account: "ada", service: "mail") == Data())
            #expect(SecItemDelete(VaultFixture.password(service: "bank") as CFDictionary) == errSecItemNotFound)
        }
    }

    @Test("a delete query with kSecMatchLimit fails with errSecParam and deletes nothing")
    func deleteRejectsMatchLimit() {
        fixture.run {
            let query = VaultFixture.password(service: "bank").adding([kSecMatchLimit as String: kSecMatchLimitAll])
            #expect(SecItemDelete(query as CFDictionary) == errSecParam)
            #expect(data(account: "ada", service: "bank") == Data("old-ada".utf8))
        }
    }

    @Test("a dictionary without kSecClass fails with errSecParam in all four functions")
    func missingClass() {
        fixture.run {
            let query: [String: Any] = [kSecAttrAccount as String: "ada"]
            var result: AnyObject?
            #expect(SecItemAdd(query as CFDictionary, nil) == errSecParam)
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecParam)
            #expect(
                SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data()] as CFDictionary) == errSecParam)
            #expect(SecItemDelete(query as CFDictionary) == errSecParam)
        }
    }
}
