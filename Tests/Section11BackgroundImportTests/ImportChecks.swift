import Foundation
import PersistenceCore
import Section11BackgroundImport
import Testing

@Suite("Section 11: importing in the background")
@MainActor
struct ImportChecks {
    @Test("an import of a 1,200-workout export stores every workout and returns how many it imported")
    func importsEverything() async throws {
        try await ImportBench.run { bench in
            let url = try bench.export(workoutRecords(count: 1_200))
            let importer = WorkoutImporter(modelContainer: bench.container)

            let count = try await importer.importWorkouts(from: url, batchSize: 200)
            #expect(
                count == 1_200,
                "importWorkouts(from:batchSize:) for an export of 1,200 workouts: expected it to return 1200, found \(count)."
            )
            let stored = try bench.relaunchedContext().fetch(
                FetchDescriptor<Workout>(sortBy: [SortDescriptor(\.externalID)]))
            #expect(
                stored.count == 1_200,
                "Workouts a relaunched app reads after the import: expected 1200, found \(stored.count).")
            if let first = stored.first {
                let found =
                    "\(first.externalID), \(first.title), \(first.kind), \(first.startedAt == day(0)), \(first.minutes) min, reviewed \(first.isReviewed)"
                #expect(
                    found == "w0000, Workout 0, run, true, 20 min, reviewed false",
                    "The first stored workout (id, title, kind, start right, minutes, reviewed): expected \"w0000, Workout 0, run, true, 20 min, reviewed false\", found \"\(found)\"."
                )
            }
        }
    }

    @Test("progress is reported after each batch with the number saved so far, and a relaunched app sees those saved")
    func progressAfterEachBatch() async throws {
        try await ImportBench.run { bench in
            let url = try bench.export(workoutRecords(count: 1_000))
            let importer = WorkoutImporter(modelContainer: bench.container)
            let log = ProgressLog()
            let storeURL = bench.storeURL

            try await importer.importWorkouts(from: url, batchSize: 300) { progress in
                log.reports.append(progress)
                let saved =
                    (try? ModelContext(
                        ModelContainer(for: Workout.self, configurations: ModelConfiguration(url: storeURL))
                    )
                    .fetchCount(FetchDescriptor<Workout>())) ?? -1
                log.listCounts.append(saved)
            }
            let reports = log.reports.map(\.description)
            let expected = ["300 of 1000", "600 of 1000", "900 of 1000", "1000 of 1000"]
            #expect(
                reports == expected,
                "The progress reports of a 1,000-workout import in batches of 300: expected \(expected), found \(reports)."
            )
            #expect(
                log.listCounts == [300, 600, 900, 1_000],
                "Workouts a relaunched app could read at each report: expected [300, 600, 900, 1000] (each batch saved before it is reported), found \(log.listCounts)."
            )
        }
    }

    @Test("the main screen's live list shows each batch as soon as it is reported")
    func liveListSeesEachBatch() async throws {
        try await ImportBench.run { bench in
            let url = try bench.export(workoutRecords(count: 1_200))
            let screen = bench.listScreen()
            #expect(screen.workouts.isEmpty, "The list before the import: expected no workouts.")
            let importer = WorkoutImporter(modelContainer: bench.container)
            let log = ProgressLog()

            try await importer.importWorkouts(from: url, batchSize: 400) { _ in
                log.listCounts.append(screen.workouts.count)
            }
            #expect(
                log.listCounts == [400, 800, 1_200],
                "The main screen's list count at each progress report: expected [400, 800, 1200], found \(log.listCounts)."
            )
            #expect(
                screen.workouts.first?.externalID == "w1199",
                "The newest workout at the top of the list after the import: expected w1199, found \(screen.workouts.first?.externalID ?? "none")."
            )
        }
    }

    @Test("an export smaller than a batch is saved and reported once")
    func smallExport() async throws {
        try await ImportBench.run { bench in
            let url = try bench.export(workoutRecords(count: 70))
            let importer = WorkoutImporter(modelContainer: bench.container)
            let log = ProgressLog()

            let count = try await importer.importWorkouts(from: url) { log.reports.append($0) }
            #expect(
                count == 70,
                "importWorkouts(from:) with the default batch size for 70 workouts: expected 70, found \(count).")
            #expect(
                log.reports.map(\.description) == ["70 of 70"],
                "The progress reports of 70 workouts with the default batch size: expected [\"70 of 70\"], found \(log.reports.map(\.description))."
            )
        }
    }

    @Test("an empty export imports nothing and reports nothing, and the next export is imported whole")
    func emptyExport() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            let log = ProgressLog()

            let count = try await importer.importWorkouts(from: bench.export([]), batchSize: 50) {
                log.reports.append($0)
            }
            #expect(count == 0, "importWorkouts(from:batchSize:) for an empty export: expected 0, found \(count).")
            #expect(
                log.reports.isEmpty,
                "The progress reports of an empty export: expected none, found \(log.reports.map(\.description)).")
            let next = try await importer.importWorkouts(
                from: bench.export(workoutRecords(count: 2), named: "next.json"), batchSize: 50)
            let stored = try bench.storedIDs()
            #expect(
                next == 2 && stored == ["w0000", "w0001"],
                "The export of two workouts after the empty one: expected both imported, found \(next) returned and \(describe(stored)) stored."
            )
        }
    }

    @Test("a cancelled import keeps whole batches only, and throws CancellationError")
    func cancelledImport() async throws {
        try await ImportBench.run { bench in
            let url = try bench.export(workoutRecords(count: 1_200))
            let importer = WorkoutImporter(modelContainer: bench.container)
            let log = ProgressLog()
            // The task is cancelled while its second batch is being reported, before the third can start.
            let task = Task {
                try await importer.importWorkouts(from: url, batchSize: 150) { log.record($0, cancellingAfter: 2) }
            }
            log.task = task

            switch await task.result {
            case .success(let count):
                Issue.record(
                    "An import whose task was cancelled while its second batch was reported: expected CancellationError, but it returned \(count)."
                )
            case .failure(let error):
                #expect(
                    error is CancellationError,
                    "The error of the cancelled import: expected CancellationError, found \(error).")
            }
            let stored = try bench.storedIDs().count
            #expect(
                stored == 300,
                "Workouts stored after the import was cancelled while reporting its second batch of 150: expected 300 (the two whole batches saved, the third never started), found \(stored)."
            )
        }
    }

    @Test("an import run again after a cancel brings in the rest without copies")
    func resumedImport() async throws {
        try await ImportBench.run { bench in
            let url = try bench.export(workoutRecords(count: 900))
            let importer = WorkoutImporter(modelContainer: bench.container)
            let log = ProgressLog()
            let task = Task {
                try await importer.importWorkouts(from: url, batchSize: 200) { log.record($0, cancellingAfter: 1) }
            }
            log.task = task
            _ = await task.result

            let count = try await importer.importWorkouts(from: url, batchSize: 200)
            #expect(count == 900, "The second import of the same export: expected it to return 900, found \(count).")
            let ids = try bench.storedIDs()
            #expect(
                ids.count == 900 && Set(ids).count == 900,
                "Workouts stored after the import was run again: expected 900, one per watch id, found \(ids.count) with \(Set(ids).count) distinct ids."
            )
        }
    }

    @Test("importing an export again updates the stored workouts instead of adding copies")
    func reimportUpdates() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 30)), batchSize: 10)
            let renamed = workoutRecords(count: 30) { $0 == 7 ? "Hill repeats" : "Workout \($0)" }
            try await importer.importWorkouts(from: bench.export(renamed, named: "again.json"), batchSize: 10)

            let stored = try bench.relaunchedContext().fetch(FetchDescriptor<Workout>())
            #expect(
                stored.count == 30,
                "Workouts stored after importing the same 30 workouts twice: expected 30, found \(stored.count).")
            let title = stored.first { $0.externalID == "w0007" }?.title
            #expect(
                title == "Hill repeats",
                "The title of w0007 after the second export renamed it: expected \"Hill repeats\", found \(title.map { "\"\($0)\"" } ?? "no such workout")."
            )
        }
    }
}
