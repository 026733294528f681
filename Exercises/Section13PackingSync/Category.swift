// Section 13 — iCloud sync
// A category of items. See Trip.swift for the goal.

import PersistenceCore

/// A category items are filed under, such as "Documents".
///
/// CloudKit cannot keep a key unique: two devices may each hold a copy of one category. `key` says which
/// copies are the same category; `CategoryMerge` keeps one of them.
@Model
public final class Category {
    // TODO: CloudKit refuses unique constraints: remove `.unique` (`CategoryMerge` keeps one copy per key
    //       instead), and give `key` and `name` default values.
    // TODO: Give `PackingItem.category` its inverse: an optional `items` relationship listing the items
    //       filed under the category (`@Relationship(inverse: \PackingItem.category)`).

    /// Which category this is, the same for every copy of it: `default.documents` for a default
    /// category, a new UUID for one the user makes.
    @Attribute(.unique) public var key: String
    /// The name shown.
    public var name: String
    /// When this copy was made; the oldest copy of a category is the one kept.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)

    /// Creates a category; without a key, one the user makes, with a key of its own.
    public init(name: String, key: String = UUID().uuidString, createdAt: Date = .now) {
        self.key = key
        self.name = name
        self.createdAt = createdAt
    }
}
