import Foundation
import PersistenceCore
import Section10MealMigrations
import Testing

/// On a device only a save writes a stage's work: SwiftData hands `willMigrate` and `didMigrate` a
/// context and saves nothing of it for them. This check wraps the learner's stages to see what each
/// closure leaves unsaved in its context when it returns.
@Suite("Section 10: what each stage saves")
struct StageSaveChecks {
    @Test("each custom stage saves its own work before it returns, leaving nothing unsaved in its context")
    func stagesSaveTheirWork() throws {
        try MealBench.run { bench in
            try bench.writeVersion1Store([("Porridge", 300), ("Soup", 250), ("Porridge", 320)])
            try SignedInUser.signIn(as: "user-5")

            let unsaved = UnsavedStageWork()
            let opening = WatchedMealPlan.$unsaved.withValue(unsaved) {
                Result {
                    try ModelContainer(
                        for: Schema(versionedSchema: MealSchemaV3.self), migrationPlan: WatchedMealPlan.self,
                        configurations: [ModelConfiguration(url: bench.storeURL)]
                    )
                }
            }
            let left = unsaved.closures
            #expect(
                left.isEmpty,
                "The closures of MealMigrationPlan's stages that returned with unsaved changes in the context they were given, migrating a version 1 store with a duplicate: expected none, found \(describe(left)). SwiftData saves nothing of a stage's context for it: end each closure that changes models with try context.save(), or a device loses that work."
            )
            if case .failure(let error) = opening {
                Issue.record(
                    "Opening the version 1 store at version 3 with \"user-5\" signed in: expected the migration to succeed, found the error \(error)."
                )
            }
        }
    }
}

/// The closures that returned with changes their context had not saved.
final class UnsavedStageWork: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    func record(_ closure: String) {
        lock.withLock { found.append(closure) }
    }

    var closures: [String] { lock.withLock { found } }
}

/// The learner's plan, each custom closure followed by a look at what it left unsaved.
enum WatchedMealPlan: SchemaMigrationPlan {
    /// Where the closures of the migration running in this task report.
    @TaskLocal static var unsaved: UnsavedStageWork?

    static var schemas: [any VersionedSchema.Type] { MealMigrationPlan.schemas }

    static var stages: [MigrationStage] {
        MealMigrationPlan.stages.map { stage in
            guard case .custom(let from, let to, let willMigrate, let didMigrate) = stage else { return stage }
            let name = "stage \(from.versionIdentifier) → \(to.versionIdentifier)"
            return .custom(
                fromVersion: from, toVersion: to,
                willMigrate: watched(willMigrate, as: "willMigrate of \(name)"),
                didMigrate: watched(didMigrate, as: "didMigrate of \(name)")
            )
        }
    }

    /// `closure` followed by a report of any change it left unsaved.
    static func watched(_ closure: ((ModelContext) throws -> Void)?, as name: String) -> (
        (ModelContext) throws -> Void
    )? {
        guard let closure else { return nil }
        return { context in
            try closure(context)
            if context.hasChanges { unsaved?.record(name) }
        }
    }
}
