import Foundation

/// Runs sync workloads, ways taking turns as ``WorkloadRunner`` has them, and prints their results side by side.
enum SyncReport {
    /// Runs `ways` of `workload` `repetitions` times each and prints medians, peaks, ratios and the
    /// budgets whose ways ran.
    ///
    /// - Returns: The budgets missed, and those not checked because their ways did not run.
    static func run(
        _ workload: any SyncWorkload, ways: [SyncWay], number: Int, scratch: SyncScratch, repetitions: Int
    ) throws -> (missed: [String], unchecked: [String]) {
        var samples: [SyncWay: [Sample]] = [:]
        for _ in 0..<repetitions {
            for way in ways {
                let prepared = try workload.prepare(way, scratch: scratch)
                let sample = try Stopwatch.sample(prepared.action)
                prepared.cleanUp()
                samples[way, default: []].append(sample)
            }
        }
        var seconds: [SyncWay: Double] = [:]
        var peaks: [SyncWay: Int] = [:]
        for (way, taken) in samples {
            seconds[way] = Stopwatch.median(taken.map(\.seconds))
            peaks[way] = taken.compactMap(\.peakBytes).max()
        }
        print("\n[\(number)] \(workload.name): \(workload.title)")
        for way in ways {
            let time = seconds[way].map(Report.format(seconds:)) ?? "-"
            let ratio =
                seconds[way].flatMap { mine in seconds[.mirroringOff].map { String(format: "  %.2f× off", mine / $0) } }
                ?? ""
            let label = way.label.padding(toLength: 15, withPad: " ", startingAt: 0)
            let column = time.padding(toLength: 12, withPad: " ", startingAt: 0)
            print("    \(label) \(column) peak memory \(peaks[way].map(megabytes) ?? "-")\(ratio)")
        }
        if let note = workload.note { print("    (\(note))") }
        var missed: [String] = []
        var unchecked: [String] = []
        for (summary, check) in workload.budgets {
            guard let measured = check(seconds, peaks) else {
                unchecked.append("\(workload.name): \(summary)")
                continue
            }
            print("    budget \(summary): \(measured.isMet ? "met" : "MISSED") (\(measured.value))")
            if !measured.isMet { missed.append("\(workload.name): \(summary) (\(measured.value))") }
        }
        return (missed, unchecked)
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.0f MB", Double(bytes) / 1_048_576)
    }
}
