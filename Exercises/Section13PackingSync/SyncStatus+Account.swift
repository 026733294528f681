// Section 13 — iCloud sync
// Reading the iCloud account. See Trip.swift for the goal.

import PersistenceCore

extension SyncStatus {
    /// What the user is told for an account status: `available` syncs, `noAccount` asks to sign in,
    /// `temporarilyUnavailable` pauses (the data stays), and `restricted` or `couldNotDetermine` make
    /// iCloud unavailable.
    public init(_ accountStatus: CKAccountStatus) {
        // TODO: Switch over the five statuses.
        self = .unavailable
    }

    /// The status for the current device's iCloud account, asked of the app's container.
    public static func current() async -> SyncStatus {
        // TODO: Ask `CKContainer(identifier: PackingStore.containerIdentifier).accountStatus()`, and make
        //       a `SyncStatus` of its answer (`.unavailable` when it throws).
        .unavailable
    }
}
