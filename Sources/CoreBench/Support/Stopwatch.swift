import Foundation

/// One timed run: wall-clock seconds and the process's peak resident memory while it ran.
struct Sample {
    let seconds: Double
    let peakBytes: Int?
}

/// Times actions and reads the process's peak resident set size (Linux `/proc`).
enum Stopwatch {
    /// Runs `action` once, resetting the kernel's peak-RSS mark before so that the peak belongs to it.
    static func sample(_ action: () throws -> Void) rethrows -> Sample {
        resetPeakMemory()
        let clock = ContinuousClock()
        let start = clock.now
        try action()
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Sample(seconds: seconds, peakBytes: peakMemoryBytes())
    }

    /// Writing 5 to `clear_refs` resets `VmHWM` to the current resident size.
    static func resetPeakMemory() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// `VmHWM` from `/proc/self/status`, in bytes.
    static func peakMemoryBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return digits.map { $0 * 1024 }
        }
        return nil
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
