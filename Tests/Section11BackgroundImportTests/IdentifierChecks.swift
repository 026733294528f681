import Foundation
import PersistenceCore
import Section11BackgroundImport
import Testing

@Suite("Section 11: identifiers across actors, and deleting by predicate")
@MainActor
struct IdentifierChecks {
    @Test("workouts marked reviewed by identifier are reviewed in the store, and only those")
    func markedByIdentifier() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 6)), batchSize: 6)
            let shown = try bench.container.mainContext.fetch(
                FetchDescriptor<Workout>(sortBy: [SortDescriptor(\.externalID)]))
            try #require(shown.count == 6, "Workouts stored by the import of 6: expected 6, found \(shown.count).")
            let chosen = [shown[1], shown[3], shown[4]].map(\.persistentModelID)

            let marked = try await importer.markReviewed(chosen)
            #expect(
                marked == 3,
                "markReviewed(_:) with the identifiers of three workouts: expected it to return 3, found \(marked).")
            let again = try await importer.markReviewed(Array(chosen.prefix(2)))
            #expect(again == 2, "markReviewed(_:) again for two of them: expected it to return 2, found \(again).")
            let reviewed = try bench.relaunchedContext().fetch(FetchDescriptor<Workout>()).filter(\.isReviewed).map(
                \.externalID
            ).sorted()
            #expect(
                reviewed == ["w0001", "w0003", "w0004"],
                "The reviewed workouts a relaunched app reads after marking three, then two of them again: expected [\"w0001\", \"w0003\", \"w0004\"], found \(describe(reviewed))."
            )
        }
    }

    @Test("identifiers of workouts deleted meanwhile are skipped and not counted")
    func deletedIdentifiersSkipped() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 4)), batchSize: 4)
            let context = bench.container.mainContext
            let shown = try context.fetch(FetchDescriptor<Workout>(sortBy: [SortDescriptor(\.externalID)]))
            try #require(shown.count == 4, "Workouts stored by the import of 4: expected 4, found \(shown.count).")
            let identifiers = shown.map(\.persistentModelID)
            context.delete(shown[0])
            context.delete(shown[2])
            try context.save()

            let marked = try await importer.markReviewed(identifiers)
            #expect(
                marked == 2,
                "markReviewed(_:) with four identifiers, two of them of deleted workouts: expected it to return 2, found \(marked)."
            )
            let reviewed = try bench.relaunchedContext().fetch(FetchDescriptor<Workout>()).filter(\.isReviewed).map(
                \.externalID
            ).sorted()
            #expect(
                reviewed == ["w0001", "w0003"],
                "The reviewed workouts a relaunched app reads: expected [\"w0001\", \"w0003\"], found \(describe(reviewed))."
            )
        }
    }

    @Test("the main screen marks the workouts it shows as reviewed through the importer")
    func screenHandsOverIdentifiers() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 5)), batchSize: 5)
            let screen = bench.listScreen()

            let marked = try await bench.feed().markReviewed(Array(screen.workouts.prefix(2)), using: importer)
            #expect(
                marked == 2,
                "ActivityFeed.markReviewed(_:using:) with the two newest workouts: expected 2, found \(marked).")
            let reviewed = try bench.relaunchedContext().fetch(FetchDescriptor<Workout>()).filter(\.isReviewed).map(
                \.externalID
            ).sorted()
            #expect(
                reviewed == ["w0003", "w0004"],
                "The reviewed workouts a relaunched app reads: expected the two newest, [\"w0003\", \"w0004\"], found \(describe(reviewed))."
            )
        }
    }

    @Test("the screen's workouts that the importer deleted meanwhile are skipped when the screen marks them reviewed")
    func screenSkipsWorkoutsDeletedInTheBackground() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 5)), batchSize: 5)
            let shown = bench.listScreen().workouts
            try #require(
                shown.count == 5,
                "The check's own setup: the list should show the five imported workouts, found \(shown.count).")
            _ = try await importer.deleteWorkouts(startedBefore: day(2))

            let marked = try await bench.feed().markReviewed(shown, using: importer)
            #expect(
                marked == 3,
                "ActivityFeed.markReviewed(_:using:) with the five workouts the screen showed, two of which the importer deleted since: expected 3 (the importer looks each one up in its own context and skips those gone), found \(marked)."
            )
            let stored = try bench.relaunchedContext().fetch(FetchDescriptor<Workout>()).map {
                "\($0.externalID)\($0.isReviewed ? " reviewed" : "")"
            }.sorted()
            let expected = ["w0002 reviewed", "w0003 reviewed", "w0004 reviewed"]
            #expect(
                stored == expected,
                "The workouts a relaunched app reads: expected \(describe(expected)), the deleted ones still gone, found \(describe(stored))."
            )
        }
    }

    @Test("the screen marks workouts reviewed through the importer, leaving its own unsaved edits unsaved")
    func screenLeavesItsContextAlone() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 3)), batchSize: 3)
            // A screen whose edits wait for its Save button: the main context does not save them by itself.
            let context = bench.container.mainContext
            context.autosaveEnabled = false
            defer {
                context.rollback()
                context.autosaveEnabled = true
            }
            let screen = bench.listScreen()
            let editing = try #require(screen.workouts.last, "The check's own setup: the list shows no workout.")
            editing.title = "Half-typed tit"

            let marked = try await bench.feed().markReviewed(Array(screen.workouts.prefix(2)), using: importer)
            #expect(
                marked == 2,
                "ActivityFeed.markReviewed(_:using:) with the two newest workouts: expected 2, found \(marked).")
            #expect(
                context.hasChanges,
                "hasChanges of the main context after the screen, with a title edit not saved yet, marked two workouts reviewed: expected true (the importer saves its own context; the edit is the screen's to save or discard), found false: the main context was saved."
            )
            let reviewed = try bench.relaunchedContext().fetch(FetchDescriptor<Workout>()).filter(\.isReviewed).map(
                \.externalID
            ).sorted()
            #expect(
                reviewed == ["w0001", "w0002"],
                "The reviewed workouts a relaunched app reads: expected the two newest, [\"w0001\", \"w0002\"], found \(describe(reviewed))."
            )
        }
    }

    @Test("deleting old workouts removes those started before the cutoff, keeps one started at it, and says how many")
    func deleteByPredicate() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 10)), batchSize: 10)

            let deleted = try await importer.deleteWorkouts(startedBefore: day(4))
            #expect(
                deleted == 4,
                "deleteWorkouts(startedBefore:) the fifth day of ten: expected it to return 4, found \(deleted).")
            let ids = try bench.storedIDs()
            let expected = (4..<10).map { String(format: "w%04d", $0) }
            #expect(
                ids == expected,
                "The workouts a relaunched app reads after the delete: expected \(describe(expected)), found \(describe(ids))."
            )
        }
    }

    @Test("deleting old workouts when none is older deletes nothing and says so")
    func deleteNothing() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 3)), batchSize: 3)

            let deleted = try await importer.deleteWorkouts(startedBefore: day(0))
            #expect(deleted == 0, "deleteWorkouts(startedBefore:) the first day: expected 0, found \(deleted).")
            #expect(try bench.storedIDs().count == 3, "The workouts stored after deleting none: expected 3.")
        }
    }
}
