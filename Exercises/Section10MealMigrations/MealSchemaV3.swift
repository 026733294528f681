// Section 10 — Schema migrations
// Version 3 of the models. See MealSchemaV2.swift for the goal.

import PersistenceCore

/// Version 3: `name` is now `title`, and a user has one meal of each title.
public enum MealSchemaV3: VersionedSchema {
    /// 3.0.0.
    public static let versionIdentifier = Schema.Version(3, 0, 0)
    /// The models of version 3.
    public static var models: [any PersistentModel.Type] { [TrackedMeal.self] }

    /// A meal the user tracks: one per user and title.
    @Model
    public final class TrackedMeal {
        #Unique<TrackedMeal>([\.userId, \.title])

        /// What the meal is called; stored as `name` by earlier versions.
        @Attribute(originalName: "name") public var title: String
        /// Its energy in kilocalories.
        public var calories: Int
        /// The id of the user the meal belongs to.
        public var userId: String = ""

        /// Creates a meal belonging to `userId`.
        public init(title: String, calories: Int, userId: String) {
            self.title = title
            self.calories = calories
            self.userId = userId
        }
    }
}

/// The meal model of the current version.
public typealias TrackedMeal = MealSchemaV3.TrackedMeal
