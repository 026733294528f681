// Section 10 — Schema migrations
// Version 3 of the models. See MealSchemaV2.swift for the goal.

import PersistenceCore

/// Version 3: `name` is now `title`, and a user has one meal of each title.
public enum MealSchemaV3: VersionedSchema {
    // TODO: Give this version its identifier, 3.0.0.
    /// 3.0.0.
    public static let versionIdentifier = Schema.Version(0, 0, 0)
    /// The models of version 3.
    public static var models: [any PersistentModel.Type] { [TrackedMeal.self] }

    /// A meal the user tracks: one per user and title.
    @Model
    public final class TrackedMeal {
        // TODO: Make `userId` and `title` unique together (`#Unique`), so that logging a title the user
        //       already has updates that meal.
        // TODO: `title` is version 2's `name` under a new name: say so with `@Attribute(originalName:)`,
        //       or the migration would drop the names and find no title for the stored meals. Then
        //       replace the placeholders below with stored properties of the same name and type
        //       (`userId` starts empty, as in version 2).

        /// What the meal is called; stored as `name` by earlier versions.
        public var title: String { get { "" } set {} }
        /// Its energy in kilocalories.
        public var calories: Int
        /// The id of the user the meal belongs to.
        public var userId: String { get { "" } set {} }

        /// Creates a meal belonging to `userId`.
        public init(title: String, calories: Int, userId: String) {
            self.calories = calories
            // TODO: Store the title and the user's id.
        }
    }
}

/// The meal model of the current version.
public typealias TrackedMeal = MealSchemaV3.TrackedMeal
