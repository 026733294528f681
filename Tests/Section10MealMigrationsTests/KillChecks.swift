import Foundation
import PersistenceCore
import Section10MealMigrations
import Testing

#if canImport(Glibc)
import Glibc
import PersistenceWorkbench
#endif

/// The check below runs the migration in a second process, started from this same test binary, and
/// kills it with SIGKILL while the migration is half done.
@Suite("Section 10: a migration killed half-way")
struct KillChecks {
    /// Set in the second process: the device folder whose store it migrates.
    static let childDeviceVariable = "SECTION10_MIGRATION_CHILD_DEVICE"
    /// The file the second process writes once the first stage has run, inside the migration.
    static let pauseMarker = "paused-mid-migration"

    @Test("a migration killed half-way leaves the version 1 store whole, and the next launch migrates it")
    func killedHalfWay() throws {
        if let device = ProcessInfo.processInfo.environment[Self.childDeviceVariable] {
            try Self.migrateAndPause(deviceRoot: URL(fileURLWithPath: device))
            return
        }
        try MealBench.run { bench in
            let meals = (0..<300).map { (name: "Meal \($0 % 120)", calories: 100 + $0) }
            try bench.writeVersion1Store(meals)
            try SignedInUser.signIn(as: "user-8")
            let before = try bench.version1Rows()
            let marker = bench.sandbox.deviceRoot.appending(path: Self.pauseMarker)

            let child = Process()
            child.executableURL = URL(
                fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            child.arguments = [
                "--testing-library", "swift-testing", "--filter", "Section10MealMigrationsTests.KillChecks",
            ]
            child.environment = ProcessInfo.processInfo.environment.merging([
                Self.childDeviceVariable: bench.sandbox.deviceRoot.path
            ]) { $1 }
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            let deadline = Date.now.addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: marker.path) && child.isRunning && Date.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            let paused = FileManager.default.fileExists(atPath: marker.path)
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            try #require(
                paused,
                "The second process never reached the end of the 1 → 2 stage: MealMigrationPlan needs a stage from version 1.0.0 that completes with \"user-8\" signed in."
            )

            let after = try bench.version1Rows()
            #expect(
                after == before,
                "The store read at version 1 after the migrating process was killed once its first stage had run: expected the 300 meals as they were, found \(after.count) meals\(after == before ? "" : " that differ")."
            )
            let store = try MealStore(configuration: bench.configuration)
            let migrated = try store.meals()
            #expect(
                store.state == .current && migrated.count == 120,
                "The next launch after the kill: expected the store migrated (.current, 120 meals after merging duplicates), found \(store.state) with \(migrated.count) meals."
            )
        }
    }

    /// The second process: migrates the bench's store with the learner's plan, pausing for good once the
    /// stage from version 1 has run, inside the migration's transaction.
    static func migrateAndPause(deviceRoot: URL) throws {
        let sandbox = AppSandbox(appIdentifier: "com.example.MealTracker", deviceRoot: deviceRoot)
        try MealBench.run(on: sandbox) { bench in
            _ = try ModelContainer(
                for: Schema(versionedSchema: MealSchemaV3.self), migrationPlan: PausingMealPlan.self,
                configurations: [ModelConfiguration(url: bench.storeURL)]
            )
        }
    }
}

/// The learner's plan, with a pause added at the end of the stage that leaves version 1.
enum PausingMealPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { MealMigrationPlan.schemas }

    static var stages: [MigrationStage] {
        MealMigrationPlan.stages.map { stage in
            switch stage {
            case .custom(let from, let to, let willMigrate, let didMigrate)
            where from.versionIdentifier == Schema.Version(1, 0, 0):
                .custom(
                    fromVersion: from, toVersion: to, willMigrate: willMigrate,
                    didMigrate: { context in
                        try didMigrate?(context)
                        pauseForGood()
                    })
            case .lightweight(let from, let to) where from.versionIdentifier == Schema.Version(1, 0, 0):
                .custom(fromVersion: from, toVersion: to, willMigrate: nil, didMigrate: { _ in pauseForGood() })
            default:
                stage
            }
        }
    }

    /// Tells the first process the stage has run, then waits to be killed.
    static func pauseForGood() -> Never {
        let device = ProcessInfo.processInfo.environment[KillChecks.childDeviceVariable] ?? "/nonexistent"
        FileManager.default.createFile(atPath: device + "/" + KillChecks.pauseMarker, contents: Data())
        Thread.sleep(forTimeInterval: 60)
        exit(3)
    }
}
