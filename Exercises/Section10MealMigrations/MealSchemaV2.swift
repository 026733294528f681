// Section 10 — Schema migrations
//
// Goal: the meal tracker's next two releases, and the migration that brings every store up to date.
//
//   - `MealSchemaV1` (given) is what shipped: meals with a `name` and `calories`.
//   - `MealSchemaV2` (this file) adds `userId`, the id of the user a meal belongs to. Existing meals get
//     the signed-in user's id (`SignedInUser.id()`, kept in the vault) while the store migrates.
//   - `MealSchemaV3` (MealSchemaV3.swift) renames `name` to `title` and keeps one meal per user and
//     title (`#Unique`).
//   - `MealMigrationPlan` (MealMigrationPlan.swift) lists the three versions and two custom stages:
//     1 → 2 fills in `userId`, and fails when the id cannot be read, so the whole migration is rolled
//     back and the store stays at version 1; 2 → 3 removes duplicates (the same user and name) before
//     the unique constraint applies, keeping the meal with the most calories.
//   - `MealStore` (MealStore.swift) is the app at launch: it opens the store at version 3, migrating it;
//     when the migration cannot read the user's id, it opens the store as it is, at version 1, so the app
//     still lists and logs meals, and the migration runs again at the next launch.
//
// Run `swift test --filter Section10` (or `swift run coach check 10`) to see which checks pass.

import PersistenceCore

/// Version 2: every meal belongs to a user.
public enum MealSchemaV2: VersionedSchema {
    // TODO: Give this version its identifier, 2.0.0.
    /// 2.0.0.
    public static let versionIdentifier = Schema.Version(0, 0, 0)
    /// The models of version 2.
    public static var models: [any PersistentModel.Type] { [TrackedMeal.self] }

    /// A meal the user tracks, with its energy and its owner.
    @Model
    public final class TrackedMeal {
        // TODO: Version 2 keeps `name` and `calories` as version 1 has them, and adds `userId`, a String
        //       that starts empty (`= ""`): a property added to rows that already exist needs a default
        //       value. Replace the placeholder below with that stored property.

        /// What the meal is called.
        public var name: String
        /// Its energy in kilocalories.
        public var calories: Int
        /// The id of the user the meal belongs to. Empty until the migration fills it in.
        public var userId: String { get { "" } set {} }

        /// Creates a meal belonging to `userId`.
        public init(name: String, calories: Int, userId: String) {
            self.name = name
            self.calories = calories
            // TODO: Store the user's id.
        }
    }
}
