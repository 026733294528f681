import Foundation

/// The implementations a workload runs: the core, raw SQLite and GRDB, and for workloads that measure
/// the core against itself, the core in its plain state.
enum Way: String, CaseIterable {
    case core
    case raw
    case grdb
    /// The core doing the same work with nothing unsaved, for workloads about unsaved changes.
    case coreClean = "core-clean"

    var label: String {
        switch self {
        case .core: "core"
        case .raw: "raw SQLite"
        case .grdb: "GRDB Codable"
        case .coreClean: "core, clean"
        }
    }
}

/// The medians of one workload, per way.
struct WorkloadResult {
    let seconds: [Way: Double]
    let peakBytes: [Way: Int]
    /// How many runs of each way the medians are of.
    var rounds = 0

    func ratio(_ way: Way, to other: Way) -> Double? {
        guard let mine = seconds[way], let theirs = seconds[other], theirs > 0 else { return nil }
        return mine / theirs
    }
}

/// A target the core must meet, checked against a result.
struct Budget {
    let summary: String
    let measured: (WorkloadResult) -> (value: String, isMet: Bool)?

    static func ratioToRaw(atMost limit: Double) -> Budget {
        ratio(to: .raw, atMost: limit)
    }

    /// The core's time at most `limit` times `other`'s.
    static func ratio(to other: Way, atMost limit: Double) -> Budget {
        Budget(summary: "core ≤ \(String(format: "%g", limit))× \(other.label)") { result in
            result.ratio(.core, to: other).map { (String(format: "%.2f×", $0), $0 <= limit) }
        }
    }

    /// The core's peak memory (as ``Stopwatch/sample(_:)`` measures it) at most `limit` times `other`'s.
    static func peakMemoryRatio(to other: Way, atMost limit: Double) -> Budget {
        Budget(summary: "core peak memory ≤ \(String(format: "%g", limit))× \(other.label)") { result in
            guard let mine = result.peakBytes[.core], let theirs = result.peakBytes[other], theirs > 0 else {
                return nil
            }
            let ratio = Double(mine) / Double(theirs)
            return (String(format: "%.2f×", ratio), ratio <= limit)
        }
    }

    static var fasterThanGRDB: Budget {
        Budget(summary: "core faster than GRDB") { result in
            result.ratio(.core, to: .grdb).map { (String(format: "%.2f× GRDB", $0), $0 < 1) }
        }
    }

    static func milliseconds(atMost limit: Double) -> Budget {
        Budget(summary: "core ≤ \(String(format: "%g", limit)) ms") { result in
            result.seconds[.core].map { (String(format: "%.2f ms", $0 * 1000), $0 * 1000 <= limit) }
        }
    }

    static func peakMemory(atMostMegabytes limit: Double) -> Budget {
        Budget(summary: "core peak memory ≤ \(String(format: "%g", limit)) MB") { result in
            result.peakBytes[.core].map { bytes in
                let megabytes = Double(bytes) / 1_048_576
                return (String(format: "%.0f MB", megabytes), megabytes <= limit)
            }
        }
    }
}

/// One benchmark: prepares untimed state for a way, and hands back the action to time.
protocol Workload {
    /// The name given on the command line.
    var name: String { get }
    /// What is measured, with its sizes.
    var title: String { get }
    var budgets: [Budget] { get }
    /// The ways it runs.
    var ways: [Way] { get }
    /// How many operations one timed action performs; reported times are per operation.
    var operationsPerSample: Int { get }
    /// Builds the state for one repetition and returns the timed action and a clean-up.
    func prepare(_ way: Way, scratch: Scratch) throws -> PreparedRun
}

extension Workload {
    var operationsPerSample: Int { 1 }
    var ways: [Way] { [.core, .raw, .grdb] }
}

/// A timed action and what to remove afterwards.
struct PreparedRun {
    let action: () throws -> Void
    var cleanUp: () -> Void = {}
}
