// Section 13 — iCloud sync
// What the app tells the user about sync. You do not need to change this file.

import PersistenceCore

/// What the packing list tells the user about iCloud sync, from the device's iCloud account.
public enum SyncStatus: Equatable, Sendable, CustomStringConvertible {
    /// The account can be used: changes sync.
    case syncing
    /// No account is signed in: trips stay on this device only.
    case signedOut
    /// The account is signed in but cannot be used for now: trips stay on this device, nothing is
    /// removed, and sync resumes by itself.
    case paused
    /// iCloud is not allowed on this device, or its status is unknown.
    case unavailable

    /// The sentence the app shows.
    public var description: String {
        switch self {
        case .syncing: "Your trips sync with iCloud."
        case .signedOut: "Sign in to iCloud to sync your trips between your devices."
        case .paused: "iCloud is paused; your trips stay on this device until it is available again."
        case .unavailable: "iCloud is not available on this device."
        }
    }
}
