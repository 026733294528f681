import Foundation
import PersistenceVault
import Testing

@Suite("Status codes")
struct SecStatusTests {
    @Test("SecCopyErrorMessageString gives Apple's sentence for a known code and nil for an unknown one")
    func messages() {
        #expect(
            SecCopyErrorMessageString(errSecItemNotFound, nil) as String?
                == "The specified item could not be found in the keychain.")
        #expect(
            SecCopyErrorMessageString(-25299, nil) as String? == "The specified item already exists in the keychain.")
        #expect(SecCopyErrorMessageString(12345, nil) == nil)
    }

    @Test("the errSec codes carry Apple's numeric values")
    func numericValues() {
        #expect(
            [
                errSecSuccess, errSecParam, errSecDuplicateItem, errSecItemNotFound, errSecNoSuchAttr,
                errSecInteractionNotAllowed, errSecDecode, errSecMissingEntitlement, errSecNotAvailable,
            ]
                == [0, -50, -25299, -25300, -25303, -25308, -26275, -34018, -25291])
    }

    @Test("the kSec constants carry Apple's raw strings")
    func constantValues() {
        let pairs: [(CFString, String)] = [
            (kSecClass, "class"), (kSecClassGenericPassword, "genp"), (kSecAttrAccount, "acct"),
            (kSecAttrService, "svce"), (kSecValueData, "v_Data"), (kSecReturnData, "r_Data"),
            (kSecMatchLimitAll, "m_LimitAll"), (kSecAttrAccessibleAfterFirstUnlock, "ck"),
        ]
        for (constant, raw) in pairs {
            #expect(constant as String == raw)
        }
    }

    @Test("a vault error's description names the failure and context but no item values")
    func errorDescription() {
        let fixture = VaultFixture()
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: "ada-private-account",
            kSecValueData as String: Data("top-secret".utf8),
        ]
        #expect(throws: Never.self) { try fixture.vault.add(item) }
        do {
            try fixture.vault.add(item)
            Issue.record("a duplicate was accepted")
        } catch {
            #expect(error.status == errSecDuplicateItem)
            #expect(error.description.hasPrefix("Adding a vault item failed: "))
            #expect(error.description.contains(" — while "))
            #expect(!error.description.contains("ada-private-account"))
            #expect(!error.description.contains("top-secret"))
        }
    }

    @Test("a vault error's description names its status by constant and number")
    func errorDescriptionNamesStatus() {
        let fixture = VaultFixture()
        let error = fixture.vaultError {
            _ = try fixture.vault.copyMatching([kSecClass as String: kSecClassInternetPassword])
        }
        #expect(
            error?.description == """
                Searching the vault failed: no item matches the query — errSecItemNotFound (-25300) — while searching \
                for an inet item
                """)
    }
}
