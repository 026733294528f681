// Section 13 — iCloud sync
// One thing to pack. See Trip.swift for the goal.
//
// The first release already synced items with `name`, `quantity` (an `Int`) and `isPacked`, so those
// fields are deployed in every user's iCloud: keep each with its name and type, and make anything you
// add optional or give it a default value.

import PersistenceCore

/// One thing to pack for a trip, filed under a category.
@Model
public final class PackingItem {
    /// What it is, such as "Passport".
    public var name: String = ""
    /// How many to pack.
    public var quantity: Int = 1
    /// Whether it is in the bag.
    public var isPacked: Bool = false
    /// The trip it is packed for; its inverse is `Trip.items`.
    public var trip: Trip?
    /// The category it is filed under; its inverse is `Category.items`.
    public var category: Category?

    /// Creates an item.
    public init(name: String, quantity: Int = 1) {
        self.name = name
        self.quantity = quantity
    }
}
