import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section10MealMigrations
import Testing

/// A throwaway device for one check: its own app sandbox, lock state and vault, made current for the
/// check's task, and the meal tracker's store file in Application Support.
struct MealBench {
    /// The app's container and the device folder around it.
    let sandbox: AppSandbox
    /// The simulated lock state the vault honours.
    let device: VaultDevice

    /// The store file the app opens.
    var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: "Meals.store") }
    /// The configuration the app opens its store with.
    var configuration: ModelConfiguration { ModelConfiguration(url: storeURL) }

    /// Runs `body` on a fresh device, with the sandbox and vault current, then deletes the device folder.
    static func run(_ body: (MealBench) throws -> Void) throws {
        let sandbox = AppSandbox.temporary(appIdentifier: "com.example.MealTracker")
        try sandbox.createContainerDirectories()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        try run(on: sandbox, body)
    }

    /// Runs `body` with `sandbox` and a new, unlocked device's vault current.
    static func run(on sandbox: AppSandbox, _ body: (MealBench) throws -> Void) throws {
        let device = VaultDevice()
        try AppSandbox.withCurrent(sandbox) {
            try Vault.withCurrent(Vault(sandbox: sandbox, device: device)) {
                try body(MealBench(sandbox: sandbox, device: device))
            }
        }
    }

    // MARK: - Writing the stores earlier releases wrote

    /// Writes a store as the first release did, with these meals.
    func writeVersion1Store(_ meals: [(name: String, calories: Int)]) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: MealSchemaV1.self), configurations: [ModelConfiguration(url: storeURL)]
        )
        let context = ModelContext(container)
        for meal in meals { context.insert(MealSchemaV1.TrackedMeal(name: meal.name, calories: meal.calories)) }
        try context.save()
    }

    /// Writes a store as a release at version 2 did, with these meals.
    func writeVersion2Store(_ meals: [(name: String, calories: Int, user: String)]) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: MealSchemaV2.self), configurations: [ModelConfiguration(url: storeURL)]
        )
        let context = ModelContext(container)
        for meal in meals {
            context.insert(MealSchemaV2.TrackedMeal(name: meal.name, calories: meal.calories, userId: meal.user))
        }
        try context.save()
    }

    // MARK: - Reading the store back

    /// The meals of a store still at version 1, as "name: calories", sorted; opening it with version 1's
    /// schema and no plan fails when the store has moved on.
    func version1Rows() throws -> [String] {
        let container = try ModelContainer(
            for: Schema(versionedSchema: MealSchemaV1.self),
            configurations: [ModelConfiguration(url: storeURL, allowsSave: false)]
        )
        return try ModelContext(container).fetch(FetchDescriptor<MealSchemaV1.TrackedMeal>()).map {
            "\($0.name): \($0.calories)"
        }.sorted()
    }

    /// The meals of the store migrated to version 2 with the learner's plan, as "name: calories (user)", sorted.
    func migratedToVersion2Rows() throws -> [String] {
        let container = try ModelContainer(
            for: Schema(versionedSchema: MealSchemaV2.self), migrationPlan: MealMigrationPlan.self,
            configurations: [ModelConfiguration(url: storeURL)]
        )
        return try ModelContext(container).fetch(FetchDescriptor<MealSchemaV2.TrackedMeal>())
            .map { "\($0.name): \($0.calories) (\($0.userId))" }.sorted()
    }

    /// The meals of the store migrated to version 3 with the learner's plan, as "title: calories (user)", sorted.
    func migratedToVersion3Rows() throws -> [String] {
        let container = try ModelContainer(
            for: Schema(versionedSchema: MealSchemaV3.self), migrationPlan: MealMigrationPlan.self,
            configurations: [ModelConfiguration(url: storeURL)]
        )
        return try ModelContext(container).fetch(FetchDescriptor<MealSchemaV3.TrackedMeal>())
            .map { "\($0.title): \($0.calories) (\($0.userId))" }.sorted()
    }

    /// The bytes of the store file, or nil when there is none.
    func storeBytes() -> Data? { try? Data(contentsOf: storeURL) }
}

// MARK: - Describing what was found

/// A list of rows as a learner reads it: quoted, in brackets.
func describe(_ rows: [String]) -> String {
    "[" + rows.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
}

/// Entries as the app lists them, in the order given.
func describe(_ entries: [MealEntry]) -> String {
    describe(entries.map(\.description))
}

/// The outcome of opening the store: its state, or the error.
func describeOpening(_ result: Result<MealStore, any Error>) -> String {
    switch result {
    case .success(let store): "opened with state \(store.state)"
    case .failure(let error): "threw \(error)"
    }
}
