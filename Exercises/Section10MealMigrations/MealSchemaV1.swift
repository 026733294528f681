// Section 10 — Schema migrations
// The meal tracker as it shipped first. You do not need to change this file.

import PersistenceCore

/// Version 1 of the meal tracker's models: the shape of every store the first release wrote.
///
/// A released version never changes again: stores on users' devices were written with it, and the
/// migration plan starts from it.
public enum MealSchemaV1: VersionedSchema {
    /// 1.0.0.
    public static let versionIdentifier = Schema.Version(1, 0, 0)
    /// The models of version 1.
    public static var models: [any PersistentModel.Type] { [TrackedMeal.self] }

    /// A meal the user tracks, with its energy.
    @Model
    public final class TrackedMeal {
        /// What the meal is called, such as "Porridge".
        public var name: String
        /// Its energy in kilocalories.
        public var calories: Int

        /// Creates a meal.
        public init(name: String, calories: Int) {
            self.name = name
            self.calories = calories
        }
    }
}
