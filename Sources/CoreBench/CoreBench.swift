import ArgumentParser
import Foundation

/// Measures the persistence core against raw SQLite and GRDB Codable records.
@main
struct CoreBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "core-bench",
        abstract: "Time the persistence core against hand-written SQLite and GRDB records.",
        discussion: "Run a release build: swift run -c release core-bench [workload ...] [--rows N]"
    )

    @Argument(
        help: """
            Workloads to run (default: all): insert, fetch-all, filtered-fetch, count, update, delete, tags-insert, tags-fetch, \
            prefetch, batched-insert, refresh, pending-fetch, and the sync workloads sync-import-4100, sync-import-10000, \
            sync-push-1000, sync-push-10000, sync-insert (their sizes are fixed).
            """)
    var workloads: [String] = []

    @Option(
        help: "Rows of the large store (the budgets are set for 1000000); other sizes scale with it: rows/10, rows/100."
    )
    var rows = 100_000

    @Option(
        help:
            "Timed repetitions per way, at least; a workload of short runs repeats until each way has 0.1 s of runs (25 at most). The median is reported."
    )
    var repetitions = 3

    @Option(
        name: .customLong("way"),
        help: """
            Run only this way: core, raw, grdb or core-clean; for the sync workloads sync, mirroring-off, mirroring-on, \
            mirroring-offline or mirroring-sent; repeat for more (default: every way). A workload none of whose ways \
            is chosen is skipped; ratios and budgets need the ways they compare.
            """
    )
    var ways: [String] = []

    func validate() throws {
        guard rows >= 1_000 else { throw ValidationError("--rows must be at least 1000; got \(rows)") }
        guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1; got \(repetitions)") }
        for name in ways where Way(rawValue: name) == nil && SyncWay(rawValue: name) == nil {
            let known = Way.allCases.map(\.rawValue) + SyncWay.allCases.map(\.rawValue)
            throw ValidationError("unknown way '\(name)'; choose from: \(known.joined(separator: ", "))")
        }
        let known = allWorkloads().map(\.name) + syncWorkloads().map(\.name)
        for name in workloads where !known.contains(name) {
            throw ValidationError("unknown workload '\(name)'; choose from: \(known.joined(separator: ", "))")
        }
    }

    func allWorkloads() -> [any Workload] {
        let small = rows / 10
        return [
            InsertWorkload(rows: small),
            FetchAllWorkload(rows: small),
            FilteredFetchWorkload(rows: rows),
            CountWorkload(rows: rows),
            UpdateWorkload(rows: rows),
            DeleteWorkload(rows: rows),
            TagInsertWorkload(shape: TagShape(notes: rows / 100)),
            TagFetchWorkload(shape: TagShape(notes: rows / 100)),
            TagFetchWorkload(shape: TagShape(notes: small), name: "prefetch"),
            BatchedInsertWorkload(rows: rows, batchSize: max(1, rows / 100)),
            RefreshWorkload(rows: small, resultSize: rows / 100),
            PendingFetchWorkload(rows: rows),
        ]
    }

    /// The sync workloads, at fixed sizes: the 4,100 records a real device was measured importing,
    /// and 10,000 notes.
    func syncWorkloads() -> [any SyncWorkload] {
        [
            FirstImportWorkload(notes: 4_100),
            FirstImportWorkload(notes: 10_000),
            PushWorkload(notes: 1_000),
            PushWorkload(notes: 10_000),
            MirroredInsertWorkload(notes: 10_000, batch: 100),
        ]
    }

    func run() throws {
        let selectedWays = Way.allCases.filter { ways.isEmpty || ways.contains($0.rawValue) }
        let selectedSyncWays = Set(SyncWay.allCases.filter { ways.isEmpty || ways.contains($0.rawValue) })
        let selected =
            selectedWays.isEmpty ? [] : allWorkloads().filter { workloads.isEmpty || workloads.contains($0.name) }
        let selectedSync = syncWorkloads().filter {
            (workloads.isEmpty || workloads.contains($0.name)) && !selectedSyncWays.isDisjoint(with: $0.ways)
        }
        let scratch = try Scratch()
        defer { scratch.removeAll() }
        let runner = WorkloadRunner(scratch: scratch, repetitions: repetitions, ways: selectedWays)
        print(
            "core-bench: \(rows) rows, \(repetitions) repetitions per way or more for short runs (until 0.1 s, 25 at most), median times"
        )
        var missed: [String] = []
        var unchecked: [String] = []
        var checkedCount = 0
        for (number, workload) in selected.enumerated() {
            let result = try runner.run(workload)
            let outcome = Report.print(workload, number: number + 1, result: result)
            missed += outcome.missed
            unchecked += outcome.unchecked
            checkedCount += workload.budgets.count - outcome.unchecked.count
        }
        let syncScratch = SyncScratch(inside: scratch)
        for (offset, workload) in selectedSync.enumerated() {
            let outcome = try SyncReport.run(
                workload, ways: workload.ways.filter(selectedSyncWays.contains), number: selected.count + offset + 1,
                scratch: syncScratch,
                repetitions: repetitions
            )
            missed += outcome.missed
            unchecked += outcome.unchecked
            checkedCount += workload.budgets.count - outcome.unchecked.count
        }
        print("")
        if !unchecked.isEmpty { print("Budgets not checked: \(unchecked.joined(separator: "; "))") }
        if !missed.isEmpty {
            print("Budgets missed: \(missed.joined(separator: "; "))")
        } else if unchecked.isEmpty {
            print("All budgets met.")
        } else if checkedCount > 0 {
            print("Every budget checked was met.")
        }
    }
}
