import Foundation
import PersistenceCore
import Section11BackgroundImport
import Testing

/// Every change the importer makes ends with a save, and a save can fail: these checks give it a
/// container whose configuration has `allowsSave: false` and expect the context's own error to reach
/// the caller.
@Suite("Section 11: failed saves")
@MainActor
struct SaveFailureChecks {
    /// An importer on the bench's store opened again with `allowsSave: false`.
    static func readOnlyImporter(_ bench: ImportBench) throws -> WorkoutImporter {
        WorkoutImporter(
            modelContainer: try ModelContainer(
                for: Workout.self, configurations: ModelConfiguration(url: bench.storeURL, allowsSave: false)))
    }

    /// Runs `operation`, which must throw the context's refused save.
    static func expectRefusedSave(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ operation: () async throws -> Void
    ) async {
        do {
            try await operation()
            Issue.record(
                "\(what): expected the context's save error to be thrown, but the call returned normally.",
                sourceLocation: sourceLocation)
        } catch let error as SwiftDataError {
            #expect(
                error.workbenchKind == .saveNotAllowed,
                "\(what): expected SwiftDataError.saveNotAllowed, found \(error.workbenchKind).",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record(
                "\(what): expected the context's save error (SwiftDataError), found \(error).",
                sourceLocation: sourceLocation)
        }
    }

    @Test("an import whose saves the store refuses passes the error on")
    func importThrows() async throws {
        try await ImportBench.run { bench in
            let url = try bench.export(workoutRecords(count: 5))
            let importer = try Self.readOnlyImporter(bench)
            await Self.expectRefusedSave("importWorkouts(from:batchSize:) through a container that may not save") {
                _ = try await importer.importWorkouts(from: url, batchSize: 5)
            }
        }
    }

    @Test("marking reviewed and deleting pass on the error of a save the store refuses")
    func changesThrow() async throws {
        try await ImportBench.run { bench in
            try await WorkoutImporter(modelContainer: bench.container).importWorkouts(
                from: bench.export(workoutRecords(count: 4)), batchSize: 4)
            let identifiers = try bench.container.mainContext.fetch(FetchDescriptor<Workout>()).map(\.persistentModelID)
            let importer = try Self.readOnlyImporter(bench)
            await Self.expectRefusedSave("markReviewed(_:) through a container that may not save") {
                _ = try await importer.markReviewed(identifiers)
            }
            await Self.expectRefusedSave("deleteWorkouts(startedBefore:) through a container that may not save") {
                _ = try await importer.deleteWorkouts(startedBefore: day(2))
            }
        }
    }
}
