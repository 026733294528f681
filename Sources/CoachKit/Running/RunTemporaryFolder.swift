import Foundation

/// A temporary folder of its own for a test process that may be stopped before its checks clean up: it is
/// the process's `TMPDIR` (so every throwaway device a check makes under the system's temporary folder lands
/// in it), and it is removed with everything in it once the process has ended.
///
/// Verify's mutant and variant runs stop at a check's first issue or at a time limit, so a check's own
/// clean-up (a `defer` that removes its device folder) never runs: without it, each verification left about a
/// thousand device folders in `/tmp`. The folder sits directly in the system's temporary folder, so the paths
/// the checks build under it stay as short as they are in `/tmp`.
struct RunTemporaryFolder {
    /// The folder.
    let url: URL

    /// A new, empty folder named for this process and `slot`, so that runs side by side never share one.
    ///
    /// - Throws: An error when the folder cannot be made.
    init(slot: Int, named name: String) throws {
        url = FileManager.default.temporaryDirectory.appending(
            path: "coach-\(name)-\(getpid())-\(slot)", directoryHint: .isDirectory)
        // What an earlier run in the slot left, if its coach was stopped before removing it.
        Self.removeEverything(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `environment` with the folder as `TMPDIR`.
    func environment(adding environment: [String: String]) -> [String: String] {
        environment.merging(["TMPDIR": url.path]) { _, folder in folder }
    }

    /// Removes the folder and everything the process left in it, making any folder a check left read-only
    /// writable first.
    func remove() {
        Self.removeEverything(at: url)
    }

    private static func removeEverything(at url: URL) {
        if let paths = FileManager.default.enumerator(atPath: url.path) {
            for case let path as String in paths {
                chmod(url.appending(path: path).path, 0o700)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }
}
