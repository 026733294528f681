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
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: MealSchemaV3.self),
                migrationPlan: MealMigrationPlan.self,
                configurations: [configuration]
            )
            context = ModelContext(container)
            state = .current
        } catch {
            // Only the first stage needs the user's id: when it can be read, the failure was another one.
            let reason: SignedInUserError
            do {
                _ = try SignedInUser.id()
                throw error
            } catch let signInError as SignedInUserError {
                reason = signInError
            }
            let container = try ModelContainer(for: Schema(versionedSchema: MealSchemaV1.self), configurations: [configuration])
            context = ModelContext(container)
            state = .waitingForSignIn(reason)
        }
    }

    /// Every meal, by title, then by user id.
    ///
    /// - Throws: The context's error when fetching fails.
    public func meals() throws -> [MealEntry] {
        switch state {
        case .current:
            let sorted = FetchDescriptor<TrackedMeal>(sortBy: [SortDescriptor(\.title), SortDescriptor(\.userId)])
            return try context.fetch(sorted).map { MealEntry(title: $0.title, calories: $0.calories, userID: $0.userId) }
        case .waitingForSignIn:
            let sorted = FetchDescriptor<MealSchemaV1.TrackedMeal>(sortBy: [SortDescriptor(\.name)])
            return try context.fetch(sorted).map { MealEntry(title: $0.name, calories: $0.calories, userID: nil) }
        }
    }

    /// Logs a meal for the signed-in user and saves. Logging a title the user already has updates that
    /// meal. While the store waits at version 1, the meal is kept there, without a user, until it migrates.
    ///
    /// - Throws: ``SignedInUserError`` when the store is current and the user's id cannot be read; the
    ///   context's error when saving fails.
    public func logMeal(title: String, calories: Int) throws {
        switch state {
        case .current:
            context.insert(TrackedMeal(title: title, calories: calories, userId: try SignedInUser.id()))
        case .waitingForSignIn:
            context.insert(MealSchemaV1.TrackedMeal(name: title, calories: calories))
        }
        try context.save()
    }
}
