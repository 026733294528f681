import Foundation

/// Runs every way of a workload several times and keeps the medians.
///
/// The ways take turns, one run each per round, so that a machine that slows down or speeds up
/// during the workload weighs on every way alike; each round starts one way further on, so that no way
/// always runs first, right after the previous round's clean-up (a store copy deleted, its pages
/// still being written back).
struct WorkloadRunner {
    let scratch: Scratch
    let repetitions: Int
    /// The ways to run, in turn.
    let ways: [Way]

    /// The timed seconds each way gathers at least, in more rounds than ``repetitions`` when its runs are
    /// short: the median of three runs of a few milliseconds moved by a tenth or more between runs of the
    /// benchmark on a two-core VM, enough to flip a budget either way.
    static let minimumSampledSeconds = 0.1
    /// The most rounds a workload runs to gather ``minimumSampledSeconds``.
    static let maximumRounds = 25

    func run(_ workload: any Workload) throws -> WorkloadResult {
        var samples: [Way: [Sample]] = [:]
        let ways = ways.filter(workload.ways.contains)
        var rounds = 0
        func needsMoreRounds() -> Bool {
            if rounds < repetitions { return true }
            guard rounds < max(repetitions, Self.maximumRounds) else { return false }
            return ways.contains { way in
                (samples[way] ?? []).reduce(0) { $0 + $1.seconds } < Self.minimumSampledSeconds
            }
        }
        while needsMoreRounds() {
            for turn in ways.indices {
                let way = ways[(turn + rounds) % ways.count]
                let prepared = try workload.prepare(way, scratch: scratch)
                let sample = try Stopwatch.sample(prepared.action)
                prepared.cleanUp()
                samples[way, default: []].append(sample)
            }
            rounds += 1
        }
        var seconds: [Way: Double] = [:]
        var peaks: [Way: Int] = [:]
        for (way, taken) in samples {
            seconds[way] = Stopwatch.median(taken.map(\.seconds)) / Double(workload.operationsPerSample)
            peaks[way] = taken.compactMap(\.peakBytes).max()
        }
        return WorkloadResult(seconds: seconds, peakBytes: peaks, rounds: rounds)
    }
}

/// Prints a workload's result table and its budgets.
enum Report {
    /// What a workload's budgets came to.
    struct BudgetOutcome {
        /// The budgets missed, each with its workload and measured value.
        var missed: [String] = []
        /// The budgets that could not be checked because a way they compare did not run.
        var unchecked: [String] = []
    }

    /// Prints the result and says which budgets were missed or could not be checked.
    static func print(_ workload: any Workload, number: Int, result: WorkloadResult) -> BudgetOutcome {
        Swift.print("\n[\(number)] \(workload.name): \(workload.title)")
        if result.rounds > 0 { Swift.print("    median of \(result.rounds) runs per way") }
        for way in workload.ways {
            let time = result.seconds[way].map(format(seconds:)) ?? "-"
            let peak = result.peakBytes[way].map { String(format: "%.0f MB", Double($0) / 1_048_576) } ?? "-"
            Swift.print(
                "    \(way.label.padding(toLength: 13, withPad: " ", startingAt: 0)) \(time.padding(toLength: 12, withPad: " ", startingAt: 0)) peak memory \(peak)"
            )
        }
        let toRaw = result.ratio(.core, to: .raw).map { String(format: "%.2f×", $0) } ?? "-"
        let toGRDB = result.ratio(.core, to: .grdb).map { String(format: "%.2f×", $0) } ?? "-"
        Swift.print("    core/raw \(toRaw)   core/GRDB \(toGRDB)")
        var outcome = BudgetOutcome()
        for budget in workload.budgets {
            guard let measured = budget.measured(result) else {
                Swift.print("    budget \(budget.summary): not checked (a way it compares did not run)")
                outcome.unchecked.append("\(workload.name): \(budget.summary)")
                continue
            }
            Swift.print("    budget \(budget.summary): \(measured.isMet ? "met" : "MISSED") (\(measured.value))")
            if !measured.isMet { outcome.missed.append("\(workload.name): \(budget.summary) (\(measured.value))") }
        }
        return outcome
    }

    static func format(seconds: Double) -> String {
        seconds >= 1 ? String(format: "%.3f s", seconds) : String(format: "%.2f ms", seconds * 1000)
    }
}
