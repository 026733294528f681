import Foundation

/// When a vault item may be read or written, mirroring the `kSecAttrAccessible…` values.
public enum VaultAccessibility: String, Sendable, CaseIterable, Codable {
    /// `kSecAttrAccessibleWhenUnlocked`: only while the device is unlocked.
    case whenUnlocked = "ak"
    /// `kSecAttrAccessibleAfterFirstUnlock`: once the device has been unlocked since it started.
    case afterFirstUnlock = "ck"
    /// `kSecAttrAccessibleAlways`: at any time.
    case always = "dk"
    /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`: while unlocked; never restored to another device.
    case whenUnlockedThisDeviceOnly = "aku"
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: after the first unlock; never restored to another device.
    case afterFirstUnlockThisDeviceOnly = "cku"
    /// `kSecAttrAccessibleAlwaysThisDeviceOnly`: at any time; never restored to another device.
    case alwaysThisDeviceOnly = "dku"
    /// `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`: while unlocked, on a device with a passcode only.
    case whenPasscodeSetThisDeviceOnly = "akpu"

    /// Whether the item stays on this device: left out when a backup is restored to another device.
    public var isThisDeviceOnly: Bool {
        switch self {
        case .whenUnlocked, .afterFirstUnlock, .always: false
        case .whenUnlockedThisDeviceOnly, .afterFirstUnlockThisDeviceOnly, .alwaysThisDeviceOnly,
            .whenPasscodeSetThisDeviceOnly:
            true
        }
    }

    /// Whether an item with this accessibility can be used on a device in the given lock state.
    func permitsAccess(on state: VaultDevice.LockState) -> Bool {
        switch self {
        case .whenUnlocked, .whenUnlockedThisDeviceOnly, .whenPasscodeSetThisDeviceOnly:
            !state.isLocked
        case .afterFirstUnlock, .afterFirstUnlockThisDeviceOnly:
            state.hasBeenUnlockedSinceBoot
        case .always, .alwaysThisDeviceOnly:
            true
        }
    }
}
