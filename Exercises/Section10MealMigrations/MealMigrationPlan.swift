// Section 10 — Schema migrations
// The plan from version 1 to version 3. See MealSchemaV2.swift for the goal.

import PersistenceCore

/// Every version of the meal tracker's schema, and the stages between them.
public enum MealMigrationPlan: SchemaMigrationPlan {
    /// Versions 1, 2 and 3, oldest first.
    public static var schemas: [any VersionedSchema.Type] {
        // TODO: List every version, oldest first.
        [MealSchemaV3.self]
    }

    /// 1 → 2, then 2 → 3.
    public static var stages: [MigrationStage] {
        // TODO: List the two stages below, in order.
        []
    }

    /// Gives every meal the signed-in user's id. When the id cannot be read, the stage throws, and the
    /// whole migration is rolled back: the store stays at version 1, untouched.
    public static let addUserIDs = MigrationStage.custom(
        fromVersion: MealSchemaV1.self,
        toVersion: MealSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            // TODO: Read the id with `SignedInUser.id()` — let its error end the migration — and set it on
            //       every version 2 meal, then save.
        }
    )

    /// Keeps one meal per user and name, the one with the most calories, before version 3 makes them unique.
    public static let mergeDuplicates = MigrationStage.custom(
        fromVersion: MealSchemaV2.self,
        toVersion: MealSchemaV3.self,
        willMigrate: { context in
            // TODO: Fetch the version 2 meals, most calories first, keep the first meal of each user and
            //       name, delete the others, then save.
        },
        didMigrate: nil
    )
}
