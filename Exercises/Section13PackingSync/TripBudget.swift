// Section 13 — iCloud sync
// A trip's budget, in a model of its own. You do not need to change this file.

import PersistenceCore

/// How much a trip may cost. A model of its own rather than a property of `Trip`: CloudKit keeps each
/// model as one record, and when two devices change one record, the later upload replaces the whole
/// record. Kept apart, the budget changed on one device and the trip's notes on another both survive.
@Model
public final class TripBudget {
    /// The amount, in whole euros.
    public var amount: Int = 0
    /// The trip it belongs to; its inverse is `Trip.budget`.
    public var trip: Trip?

    /// Creates a budget of `amount` euros.
    public init(amount: Int) {
        self.amount = amount
    }
}
