import Foundation

/// Notices saved files by polling their contents: it works on every file system, including the mounted
/// and network ones where file events do not arrive, and a file whose time alone changed (coach moves the
/// time of a file saved twice within a second, see ``DirectRebuild``) is not a save.
public struct FileWatcher: Sendable {
    /// The folders watched, recursively.
    public var folders: [URL]

    /// A watcher of `folders`.
    public init(folders: [URL]) {
        self.folders = folders
    }

    /// A snapshot of every watched file's path, size and a digest of its contents.
    public func snapshot() -> [String: String] {
        var entries: [String: String] = [:]
        for folder in folders {
            for file in SourceFingerprint.files(under: folder) {
                let contents = (try? Data(contentsOf: file)) ?? Data()
                var hash = FNV1a()
                hash.add(contents)
                entries[file.path] = "\(contents.count)/\(hash.value)"
            }
        }
        return entries
    }

    /// Waits until the files change and then stay unchanged for `quietPeriod` (an editor's save can
    /// write several times, within milliseconds), or until `interrupt` returns true. A section's files are
    /// a handful, so polling them often costs little and a save is graded about a third of a second after.
    ///
    /// - Returns: `true` when files changed, `false` when interrupted.
    public func waitForChange(
        since baseline: [String: String],
        pollEvery interval: Duration = .milliseconds(100),
        quietPeriod: Duration = .milliseconds(200),
        interrupt: () -> Bool
    ) -> Bool {
        var last = baseline
        var changedAt: ContinuousClock.Instant?
        while true {
            if interrupt() { return false }
            let now = snapshot()
            if now != last {
                last = now
                changedAt = .now
            } else if let changedAt, ContinuousClock.now - changedAt >= quietPeriod, now != baseline {
                return true
            }
            Thread.sleep(
                forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
        }
    }
}
