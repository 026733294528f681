// Section 10 — Schema migrations
// The app at launch: opening, listing and logging. See MealSchemaV2.swift for the goal.

import PersistenceCore

/// The meal tracker's store, opened as the app opens it at launch.
///
/// ```swift
/// let store = try MealStore(configuration: ModelConfiguration(url: url))
/// if case .waitingForSignIn(let reason) = store.state { print(reason) }
/// try store.logMeal(title: "Porridge", calories: 320)
/// print(try store.meals())
/// ```
public final class MealStore {
    /// Whether the store reached version 3, or waits at version 1 for the user's id.
    public let state: MealStoreState
    /// The context over the store, at the version `state` says.
    private let context: ModelContext

    /// Opens the store `configuration` describes, migrating it to version 3.
    ///
    /// When the migration fails because the signed-in user's id cannot be read, the store is opened as
    /// it is, at version 1, and ``state`` says why; the next launch tries again.
    ///
    /// - Throws: The container's error when the store cannot be opened either way.
    public init(configuration: ModelConfiguration) throws {
        // TODO: Open a container for `Schema(versionedSchema: MealSchemaV3.self)` with `MealMigrationPlan`
        //       and `configuration`. When that throws and `SignedInUser.id()` throws too,
        //       open the store with version 1's schema instead and remember why; when the id can be read,
        //       the failure was another one: pass the container's error on. Never delete the file.
        context = ModelContext(try ModelContainer(for: MealSchemaV1.TrackedMeal.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true)))
        state = .waitingForSignIn(.notSignedIn)
    }

    /// Every meal, by title, then by user id.
    ///
    /// - Throws: The context's error when fetching fails.
    public func meals() throws -> [MealEntry] {
        // TODO: Fetch the models of the version the store is at, sorted, and turn each into a MealEntry
        //       (with no user id while the store waits at version 1).
        []
    }

    /// Logs a meal for the signed-in user and saves. Logging a title the user already has updates that
    /// meal. While the store waits at version 1, the meal is kept there, without a user, until it migrates.
    ///
    /// - Throws: ``SignedInUserError`` when the store is current and the user's id cannot be read; the
    ///   context's error when saving fails.
    public func logMeal(title: String, calories: Int) throws {
        // TODO: Insert a meal of the version the store is at, then save.
    }
}
