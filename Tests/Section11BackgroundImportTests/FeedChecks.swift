import Foundation
import PersistenceCore
import Section11BackgroundImport
import Testing

@Suite("Section 11: what changed since the last visit")
@MainActor
struct FeedChecks {
    @Test("the first visit lists every workout added, by title")
    func firstVisit() async throws {
        try await ImportBench.run { bench in
            let records = [("r1", "Track session"), ("r2", "Easy run"), ("r3", "Long ride")].enumerated().map {
                index, value in
                WorkoutRecord(id: value.0, title: value.1, kind: "run", startedAt: day(index), minutes: 30)
            }
            try await WorkoutImporter(modelContainer: bench.container).importWorkouts(
                from: bench.export(records), batchSize: 2)

            let changes = try bench.feed().changesSinceLastVisit()
            let expected = FeedChanges(inserted: ["Easy run", "Long ride", "Track session"])
            #expect(
                changes == expected,
                "changesSinceLastVisit() after importing three workouts: expected \(describe(expected)), found \(describe(changes))."
            )
        }
    }

    @Test("a visit with nothing new since the last one lists nothing")
    func nothingTwice() async throws {
        try await ImportBench.run { bench in
            // One save per workout: the visit must keep the newest of three transactions' tokens.
            try await WorkoutImporter(modelContainer: bench.container).importWorkouts(
                from: bench.export(workoutRecords(count: 3)), batchSize: 1)
            let feed = bench.feed()
            let first = try feed.changesSinceLastVisit()
            #expect(
                first.inserted.count == 3,
                "The first changesSinceLastVisit() after importing three workouts: expected three added, found \(describe(first))."
            )

            let again = try feed.changesSinceLastVisit()
            #expect(
                again == FeedChanges(),
                "A second changesSinceLastVisit() with no change in between: expected nothing, found \(describe(again))."
            )
        }
    }

    @Test("workouts changed since the last visit are listed once each, however often they changed")
    func updatesOnce() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 4)), batchSize: 4)
            let feed = bench.feed()
            _ = try feed.changesSinceLastVisit()
            let context = bench.container.mainContext
            let workouts = try context.fetch(FetchDescriptor<Workout>(sortBy: [SortDescriptor(\.externalID)]))
            try #require(
                workouts.count == 4, "Workouts stored by the import of 4: expected 4, found \(workouts.count).")
            workouts[2].title = "Tempo"
            try context.save()
            workouts[2].minutes = 50
            try context.save()
            _ = try await importer.markReviewed([workouts[0].persistentModelID])

            let changes = try feed.changesSinceLastVisit()
            let expected = FeedChanges(updated: ["Tempo", "Workout 0"])
            #expect(
                changes == expected,
                "changesSinceLastVisit() after one workout changed twice and another was marked reviewed: expected \(describe(expected)), found \(describe(changes))."
            )
        }
    }

    @Test(
        "every visit saves its own token: three visits with changes between them each list only what changed since the one before"
    )
    func everyVisitMovesTheToken() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 2)), batchSize: 2)
            let feed = bench.feed()
            let first = try feed.changesSinceLastVisit()
            #expect(
                first == FeedChanges(inserted: ["Workout 0", "Workout 1"]),
                "The first visit after importing two workouts: expected inserted [\"Workout 0\", \"Workout 1\"], found \(describe(first))."
            )

            let dawn = [WorkoutRecord(id: "dawn", title: "Dawn paddle", kind: "swim", startedAt: day(3), minutes: 35)]
            try await importer.importWorkouts(from: bench.export(dawn, named: "dawn.json"), batchSize: 1)
            let second = try feed.changesSinceLastVisit()
            #expect(
                second == FeedChanges(inserted: ["Dawn paddle"]),
                "The second visit, after one more workout was imported: expected inserted [\"Dawn paddle\"] alone, found \(describe(second))."
            )

            let context = bench.container.mainContext
            let renamed = try #require(
                try context.fetch(FetchDescriptor<Workout>(predicate: #Predicate { $0.externalID == "w0001" })).first,
                "The check's own setup: w0001 is missing.")
            renamed.title = "Intervals"
            try context.save()
            let dusk = [WorkoutRecord(id: "dusk", title: "Dusk ride", kind: "ride", startedAt: day(4), minutes: 70)]
            try await importer.importWorkouts(from: bench.export(dusk, named: "dusk.json"), batchSize: 1)
            let third = try feed.changesSinceLastVisit()
            let expected = FeedChanges(inserted: ["Dusk ride"], updated: ["Intervals"])
            #expect(
                third == expected,
                "The third visit, after one workout was renamed and another imported: expected \(describe(expected)) (nothing from before the second visit), found \(describe(third))."
            )
            let fourth = try feed.changesSinceLastVisit()
            #expect(
                fourth == FeedChanges(),
                "A fourth visit straight after the third: expected nothing, found \(describe(fourth)).")
        }
    }

    @Test("deleted workouts are named by their tombstones")
    func deletionsNamed() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 6)), batchSize: 6)
            let feed = bench.feed()
            _ = try feed.changesSinceLastVisit()

            _ = try await importer.deleteWorkouts(startedBefore: day(2))
            let changes = try feed.changesSinceLastVisit()
            let expected = FeedChanges(deleted: ["Workout 0", "Workout 1"])
            #expect(
                changes == expected,
                "changesSinceLastVisit() after deleting the two oldest workouts by predicate: expected \(describe(expected)), found \(describe(changes))."
            )
        }
    }

    @Test("a workout added and changed since the last visit is listed as added only")
    func addedThenChanged() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 2)), batchSize: 2)
            let feed = bench.feed()
            _ = try feed.changesSinceLastVisit()
            let more = [
                WorkoutRecord(id: "new", title: "Open-water swim", kind: "swim", startedAt: day(9), minutes: 40)
            ]
            try await importer.importWorkouts(from: bench.export(more, named: "more.json"), batchSize: 1)
            let context = bench.container.mainContext
            let added = try #require(
                try context.fetch(FetchDescriptor<Workout>(predicate: #Predicate { $0.externalID == "new" })).first,
                "The check's own setup: the added workout is missing.")
            added.minutes = 45
            try context.save()

            let changes = try feed.changesSinceLastVisit()
            let expected = FeedChanges(inserted: ["Open-water swim"])
            #expect(
                changes == expected,
                "changesSinceLastVisit() after a workout was added, then changed: expected \(describe(expected)), found \(describe(changes))."
            )
        }
    }

    @Test("a workout added or changed and then deleted since the last visit is listed as deleted only")
    func changedThenDeleted() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 3)), batchSize: 3)
            let feed = bench.feed()
            _ = try feed.changesSinceLastVisit()
            let more = [WorkoutRecord(id: "brief", title: "Brief stretch", kind: "walk", startedAt: day(0), minutes: 5)]
            try await importer.importWorkouts(from: bench.export(more, named: "more.json"), batchSize: 1)
            let context = bench.container.mainContext
            let first = try #require(
                try context.fetch(FetchDescriptor<Workout>(predicate: #Predicate { $0.externalID == "w0000" })).first,
                "The check's own setup: w0000 is missing.")
            first.title = "Renamed"
            try context.save()
            _ = try await importer.deleteWorkouts(startedBefore: day(1))

            let changes = try feed.changesSinceLastVisit()
            let expected = FeedChanges(deleted: ["Brief stretch", "Renamed"])
            #expect(
                changes == expected,
                "changesSinceLastVisit() after one workout was added and one renamed, then both deleted: expected \(describe(expected)), found \(describe(changes))."
            )
        }
    }

    @Test("the last visit is remembered across a relaunch")
    func rememberedAcrossRelaunch() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 3)), batchSize: 3)
            _ = try bench.feed().changesSinceLastVisit()

            let relaunched = ActivityFeed(
                context: try bench.relaunchedContext(), defaults: UserDefaults(sandbox: bench.sandbox))
            let quiet = try relaunched.changesSinceLastVisit()
            #expect(
                quiet == FeedChanges(),
                "changesSinceLastVisit() of a relaunched app, nothing changed since the last visit: expected nothing, found \(describe(quiet))."
            )
            let more = [WorkoutRecord(id: "late", title: "Late ride", kind: "ride", startedAt: day(5), minutes: 60)]
            try await importer.importWorkouts(from: bench.export(more, named: "late.json"), batchSize: 1)
            let later = try relaunched.changesSinceLastVisit()
            #expect(
                later == FeedChanges(inserted: ["Late ride"]),
                "changesSinceLastVisit() of the relaunched app after one more import: expected inserted [\"Late ride\"], found \(describe(later))."
            )
        }
    }

    @Test("a deleted workout's tombstone keeps its watch id and title, and nothing else")
    func tombstoneKeepsIdentity() async throws {
        try await ImportBench.run { bench in
            let importer = WorkoutImporter(modelContainer: bench.container)
            try await importer.importWorkouts(from: bench.export(workoutRecords(count: 2)), batchSize: 2)
            _ = try await importer.deleteWorkouts(startedBefore: day(1))

            let history = try bench.relaunchedContext().fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
            let deletes = history.flatMap(\.changes).compactMap { change -> DefaultHistoryDelete<Workout>? in
                if case .delete(let delete) = change { delete as? DefaultHistoryDelete<Workout> } else { nil }
            }
            let tombstone = try #require(
                deletes.first?.tombstone,
                "The history after deleting one workout: expected one delete of a Workout, found none.")
            let found =
                "externalID \(tombstone[\.externalID].map { "\($0)" } ?? "nil"), title \(tombstone[\.title].map { "\($0)" } ?? "nil"), kind \(tombstone[\.kind].map { "\($0)" } ?? "nil")"
            #expect(
                found == "externalID w0000, title Workout 0, kind nil",
                "The tombstone of the deleted workout: expected \"externalID w0000, title Workout 0, kind nil\", found \"\(found)\"."
            )
        }
    }
}
