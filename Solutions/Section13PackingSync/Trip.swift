// Section 13 — iCloud sync
//
// Goal: a packing list that syncs between a phone and a laptop through iCloud without losing or
// doubling anything.
//
//   - The models (`Trip`, this file; `PackingItem`; `Category`) must be ones CloudKit can hold: every
//     attribute optional or with a default value, every relationship optional and with an inverse, no
//     unique constraints, no `.deny` delete rule. A store that syncs refuses to load them otherwise, and
//     its error names each property to fix. Deleting a trip deletes its items and its budget, on every
//     device. A trip's notes reach iCloud encrypted with the account's keys (`.allowsCloudEncryption`).
//   - The trip's budget lives in a model of its own (`TripBudget`, given), so that the budget edited on
//     one device and the trip's notes on another are two records, and neither edit replaces the other.
//   - `PackingStore` (PackingStore.swift) opens the store so that it syncs with the app's iCloud
//     container, and seeds the default categories on first launch with keys the same on every device;
//     its `entitlements` (SigningAndCapabilities.swift) add Remote notifications, to hear of changes.
//   - `CategoryMerge` (CategoryMerge.swift) merges the copies of a category that two devices each
//     seeded: after every import, one copy per key is kept, the same copy on every device, and the
//     items of the others move onto it.
//   - `SyncStatus` (SyncStatus+Account.swift) tells the user what the iCloud account allows.
//
// Run `swift test --filter Section13` (or `swift run coach check 13`) to see which checks pass.

import PersistenceCore

/// A trip to pack for.
@Model
public final class Trip {
    /// The trip's name, such as "Lisbon".
    public var name: String = ""
    /// The day it starts.
    public var startDate: Date = Date(timeIntervalSince1970: 0)
    /// Free text: what to remember, a door code or a booking number among it; iCloud keeps it encrypted.
    @Attribute(.allowsCloudEncryption) public var notes: String = ""
    /// What to pack; deleted with the trip.
    @Relationship(deleteRule: .cascade, inverse: \PackingItem.trip) public var items: [PackingItem]? = []
    /// The trip's budget, a model of its own; deleted with the trip.
    @Relationship(deleteRule: .cascade, inverse: \TripBudget.trip) public var budget: TripBudget?

    /// Creates a trip.
    public init(name: String, startDate: Date) {
        self.name = name
        self.startDate = startDate
    }

    /// The budget in whole euros, read from the trip's `TripBudget`; `nil` while the trip has none.
    public var budgetAmount: Int? { budget?.amount }

    /// Sets the budget, in whole euros. It is kept in the trip's `TripBudget`, so that changing it never
    /// touches the trip's own record; the first call makes that budget.
    public func setBudget(_ amount: Int) {
        if let budget {
            budget.amount = amount
        } else {
            budget = TripBudget(amount: amount)
        }
    }
}
