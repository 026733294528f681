import Foundation
import PersistenceVault
import Testing

@Suite("Accessibility and the device's lock")
struct VaultAccessibilityTests {
    let fixture = VaultFixture()

    private func add(_ account: String, _ accessibility: CFString) -> OSStatus {
        let item = VaultFixture.password(account: account).adding([
            kSecAttrAccessible as String: accessibility,
            kSecValueData as String: Data(account.utf8),
        ])
        return SecItemAdd(item as CFDictionary, nil)
    }

    private func read(_ account: String) -> OSStatus {
        var result: AnyObject?
        let query = VaultFixture.password(account: account).adding([kSecReturnData as String: true])
        return SecItemCopyMatching(query as CFDictionary, &result)
    }

    @Test("while locked, a WhenUnlocked item can be neither read nor added")
    func whenUnlockedNeedsUnlockedDevice() {
        fixture.run {
            #expect(add("default", kSecAttrAccessibleWhenUnlocked) == errSecSuccess)
            fixture.device.lock()
            #expect(read("default") == errSecInteractionNotAllowed)
            #expect(add("another", kSecAttrAccessibleWhenUnlocked) == errSecInteractionNotAllowed)
            #expect(
                SecItemAdd(VaultFixture.password(account: "implicit") as CFDictionary, nil)
                    == errSecInteractionNotAllowed)
            fixture.device.unlock()
            #expect(read("default") == errSecSuccess)
        }
    }

    @Test("an AfterFirstUnlock item works while locked once the device was unlocked since boot")
    func afterFirstUnlock() {
        fixture.run {
            #expect(add("token", kSecAttrAccessibleAfterFirstUnlock) == errSecSuccess)
            fixture.device.reboot()
            #expect(read("token") == errSecInteractionNotAllowed)
            fixture.device.unlock()
            fixture.device.lock()
            #expect(read("token") == errSecSuccess)
            #expect(add("second", kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly) == errSecSuccess)
        }
    }

    @Test("an Always item is readable even right after a reboot")
    func alwaysIsAlwaysAvailable() {
        fixture.run {
            #expect(add("always", kSecAttrAccessibleAlways) == errSecSuccess)
            fixture.device.reboot()
            #expect(read("always") == errSecSuccess)
        }
    }

    @Test("while locked, updating or deleting a WhenUnlocked item fails and leaves it in place")
    func lockedUpdateAndDelete() {
        fixture.run {
            #expect(add("pin", kSecAttrAccessibleWhenUnlocked) == errSecSuccess)
            fixture.device.lock()
            let change = [kSecValueData as String: Data("0000".utf8)] as CFDictionary
            #expect(
                SecItemUpdate(VaultFixture.password(account: "pin") as CFDictionary, change)
                    == errSecInteractionNotAllowed)
            #expect(SecItemDelete(VaultFixture.password(account: "pin") as CFDictionary) == errSecInteractionNotAllowed)
            fixture.device.unlock()
            var result: AnyObject?
            let query = VaultFixture.password(account: "pin").adding([kSecReturnData as String: true])
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
            #expect(result as? Data == Data("pin".utf8))
        }
    }

    @Test("a WhenPasscodeSet item cannot be added on a device without a passcode")
    func passcodeRequired() {
        fixture.run {
            fixture.device.isPasscodeSet = false
            #expect(add("pin", kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly) == errSecNotAvailable)
            fixture.device.isPasscodeSet = true
            #expect(add("pin", kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly) == errSecSuccess)
        }
    }
}
