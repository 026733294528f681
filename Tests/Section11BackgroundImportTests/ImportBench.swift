import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section11BackgroundImport
import Testing

/// A throwaway device for one check: its own app sandbox, the workout store in Application Support, a
/// container on it whose main context the screens use, and the app's preferences.
@MainActor
struct ImportBench {
    /// The app's container folder and the device folder around it.
    let sandbox: AppSandbox
    /// The container the app opened at launch.
    let container: ModelContainer

    /// The store file.
    var storeURL: URL { Self.storeURL(in: sandbox) }
    /// The app's standard preferences on this device.
    var defaults: UserDefaults { UserDefaults(sandbox: sandbox) }

    /// Runs `body` on a fresh device, then deletes the device folder.
    static func run(_ body: (ImportBench) async throws -> Void) async throws {
        let sandbox = AppSandbox.temporary(appIdentifier: "com.example.Workouts")
        try sandbox.createContainerDirectories()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        let container = try ModelContainer(
            for: Workout.self, configurations: ModelConfiguration(url: storeURL(in: sandbox)))
        try await body(ImportBench(sandbox: sandbox, container: container))
    }

    private static func storeURL(in sandbox: AppSandbox) -> URL {
        sandbox.applicationSupportDirectory.appending(path: "Workouts.store")
    }

    /// A second container on the store file, as a relaunched app opens it, and a context for it.
    func relaunchedContext() throws -> ModelContext {
        ModelContext(try ModelContainer(for: Workout.self, configurations: ModelConfiguration(url: storeURL)))
    }

    /// The main screen's list, on the main context.
    func listScreen() -> WorkoutListScreen {
        ModelEnvironment.with(container.mainContext) { WorkoutListScreen() }
    }

    /// The activity feed on the main context with the app's preferences.
    func feed() -> ActivityFeed {
        ActivityFeed(context: container.mainContext, defaults: defaults)
    }

    /// Writes `records` as an export file in the app's temporary folder and returns its URL.
    func export(_ records: [WorkoutRecord], named name: String = "export.json") throws -> URL {
        let url = sandbox.temporaryDirectory.appending(path: name)
        try FileManager.default.createDirectory(at: sandbox.temporaryDirectory, withIntermediateDirectories: true)
        try WorkoutExport.write(records, to: url)
        return url
    }

    /// Every stored workout's watch id, read by a relaunched app, sorted.
    func storedIDs() throws -> [String] {
        try relaunchedContext().fetch(FetchDescriptor<Workout>()).map(\.externalID).sorted()
    }
}

// MARK: - Test data

/// `count` workouts, one a day from 1 March 2026, with ids `w0000`, `w0001`…
func workoutRecords(count: Int, titled title: (Int) -> String = { "Workout \($0)" }) -> [WorkoutRecord] {
    let kinds = ["run", "ride", "swim", "walk"]
    return (0..<count).map { index in
        WorkoutRecord(
            id: String(format: "w%04d", index), title: title(index), kind: kinds[index % kinds.count],
            startedAt: day(index), minutes: 20 + index % 60
        )
    }
}

/// Midnight UTC of the `index`-th day after 1 March 2026.
func day(_ index: Int) -> Date {
    Date(timeIntervalSince1970: 1_772_323_200 + Double(index) * 86_400)
}

/// The reports an import's progress closure received, kept on the main actor.
@MainActor
final class ProgressLog {
    var reports: [ImportProgress] = []
    var listCounts: [Int] = []
    /// The task running the import, for a check that cancels it.
    var task: Task<Int, any Error>?

    /// Records `report`, and cancels ``task`` when it is the `count`-th report.
    func record(_ report: ImportProgress, cancellingAfter count: Int) {
        reports.append(report)
        if reports.count == count { task?.cancel() }
    }
}

// MARK: - Describing what was found

/// A list of titles or ids as a learner reads it: quoted, in brackets.
func describe(_ names: [String]) -> String {
    "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
}

/// Changes as a learner reads them.
func describe(_ changes: FeedChanges) -> String {
    "inserted \(describe(changes.inserted)), updated \(describe(changes.updated)), deleted \(describe(changes.deleted))"
}

/// The workbench's preferences, which the app and `ActivityFeed` use, rather than Foundation's.
typealias UserDefaults = PersistenceCore.UserDefaults
