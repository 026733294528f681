import Foundation

/// One timed run: wall-clock seconds and the process's peak memory while it ran.
struct Sample {
    let seconds: Double
    let peakBytes: Int?
}

/// Times actions and reads the process's peak resident set size (Linux `/proc`).
enum Stopwatch {
    /// Runs `action` once, from the same allocator state as every other run, and resetting the kernel's
    /// peak-RSS mark before so that the peak belongs to it.
    ///
    /// The peak leaves out the pages of files the run mapped: SQLite reads a store through a memory map
    /// (`PRAGMA mmap_size`), which puts every page a query visits in the process's resident size, while a
    /// connection that reads page by page keeps the same pages in the system's file cache, outside it.
    /// Either way the pages are the system's to drop; what the peak measures is the memory a way allocates.
    static func sample(_ action: () throws -> Void) rethrows -> Sample {
        releaseFreeMemory()
        resetPeakMemory()
        let mappedBefore = statusField("RssFile:")
        let clock = ContinuousClock()
        let start = clock.now
        try action()
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var peak = statusField("VmHWM:")
        if let mappedBefore, let mappedAfter = statusField("RssFile:"), let resident = peak {
            peak = resident - max(0, mappedAfter - mappedBefore)
        }
        return Sample(seconds: seconds, peakBytes: peak)
    }

    /// Gives the memory malloc keeps free back to the system (glibc's `malloc_trim`).
    ///
    /// Whether malloc keeps freed memory depends on where in its heap the last run's frees fell. Kept
    /// memory makes the next run's allocations cheaper, since its pages are already mapped, and keeps the
    /// resident size high; so without this a way would be timed faster or slower, and its peak memory
    /// read higher, depending on the way that ran before it. Every run instead starts with nothing kept
    /// and pays for the pages it touches.
    static func releaseFreeMemory() {
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
    }

    /// Writing 5 to `clear_refs` resets `VmHWM` to the current resident size.
    static func resetPeakMemory() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// A size from `/proc/self/status` (`VmHWM:`, the peak resident size, or `RssFile:`, the resident
    /// pages of mapped files), in bytes.
    static func statusField(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
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
