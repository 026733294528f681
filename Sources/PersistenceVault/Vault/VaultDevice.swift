import Foundation
import Synchronization

/// The simulated device a vault lives on: whether it is locked, whether it has been unlocked since it
/// started, and whether it has a passcode. A new device is unlocked.
///
/// ```swift
/// let device = VaultDevice()
/// device.lock()        // `kSecAttrAccessibleWhenUnlocked` items now fail with errSecInteractionNotAllowed
/// device.reboot()      // locked, and not unlocked since boot: `AfterFirstUnlock` items fail too
/// device.unlock()
/// ```
public final class VaultDevice: Sendable {
    /// A snapshot of the device's lock state.
    public struct LockState: Sendable, Equatable {
        /// Whether the screen is locked.
        public var isLocked: Bool
        /// Whether the device has been unlocked at least once since it started.
        public var hasBeenUnlockedSinceBoot: Bool
        /// Whether the user has set a passcode.
        public var isPasscodeSet: Bool
    }

    private let state: Mutex<LockState>

    /// The device that `Vault(sandbox:)` uses unless given another one.
    public static let current = VaultDevice()

    /// Creates an unlocked device with a passcode.
    public init() {
        state = Mutex(LockState(isLocked: false, hasBeenUnlockedSinceBoot: true, isPasscodeSet: true))
    }

    /// The current lock state.
    public var lockState: LockState { state.withLock { $0 } }
    /// Whether the device is locked.
    public var isLocked: Bool { lockState.isLocked }
    /// Whether the device has been unlocked since it started.
    public var hasBeenUnlockedSinceBoot: Bool { lockState.hasBeenUnlockedSinceBoot }

    /// Whether the user has set a passcode; `WhenPasscodeSetThisDeviceOnly` items cannot be added without one.
    public var isPasscodeSet: Bool {
        get { lockState.isPasscodeSet }
        set { state.withLock { $0.isPasscodeSet = newValue } }
    }

    /// Locks the device.
    public func lock() {
        state.withLock { $0.isLocked = true }
    }

    /// Unlocks the device; from now until the next reboot, `AfterFirstUnlock` items are available.
    public func unlock() {
        state.withLock {
            $0.isLocked = false
            $0.hasBeenUnlockedSinceBoot = true
        }
    }

    /// Restarts the device: it comes back locked and not yet unlocked since boot.
    public func reboot() {
        state.withLock {
            $0.isLocked = true
            $0.hasBeenUnlockedSinceBoot = false
        }
    }
}
