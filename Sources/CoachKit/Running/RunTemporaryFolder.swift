import Foundation
import Synchronization

/// A temporary folder of its own for a test process that may be stopped before its checks clean up: it is
/// the process's `TMPDIR` (so every throwaway device a check makes under the system's temporary folder lands
/// in it), and it is removed with everything in it once the process has ended.
///
/// Verify's mutant and variant runs stop at a check's first issue or at a time limit, so a check's own
/// clean-up (a `defer` that removes its device folder) never runs: without it, each verification left about a
/// thousand device folders in `/tmp`. A learner's `coach check` runs its checks in one too: in RAM, Section 8's
/// checks ran in about half the time they took in `/tmp`. The folder sits directly in ``parent``, so the paths
/// the checks build under it stay as short as they are in `/tmp`.
struct RunTemporaryFolder {
    /// Where the folders are made: Linux's RAM-backed file system, `/dev/shm`, when it is one and has 4 GiB
    /// free and `TMPDIR` names no folder of its own, else the system's temporary folder.
    ///
    /// The checks make and remove thousands of small files (a device's folders, its stores, their journals).
    /// On a disk's ext4 every new file looks for a free inode past the ones just deleted, and kernel time was
    /// a third of a mutant run's CPU; in RAM it is a fraction of that (`coach mutate 8`, side by side: 33–36 s
    /// of system time in `/tmp`, 11–15 s here). The files are real files either way, and a process killed
    /// mid-write leaves them as a disk's page cache would.
    static let parent: URL = {
        var volume = statvfs()
        let free =
            statvfs(ramFolder, &volume) == 0 && access(ramFolder, W_OK) == 0
            ? UInt64(volume.f_bavail) * UInt64(volume.f_frsize) : 0
        return parent(
            mounts: (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? "", ramFreeBytes: free,
            givenTemporaryFolder: ProcessInfo.processInfo.environment["TMPDIR"])
    }()

    /// Linux's RAM-backed file system, where it usually is.
    static let ramFolder = "/dev/shm"

    /// ``ramFolder`` when `mounts` (as `/proc/self/mounts` lists them) mount a tmpfs there, with at least 4 GiB
    /// writable (`ramFreeBytes`), and `TMPDIR` (`givenTemporaryFolder`) is unset or `/tmp`; else the system's
    /// temporary folder.
    static func parent(mounts: String, ramFreeBytes: UInt64, givenTemporaryFolder: String?) -> URL {
        let isTmpfs = mounts.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 2 && fields[1] == ramFolder && fields[2] == "tmpfs"
        }
        let namesOwnFolder = givenTemporaryFolder.map { !["", "/tmp", "/tmp/"].contains($0) } ?? false
        guard isTmpfs, ramFreeBytes >= 4 << 30, !namesOwnFolder else { return FileManager.default.temporaryDirectory }
        return URL(filePath: ramFolder, directoryHint: .isDirectory)
    }

    /// The folder.
    let url: URL

    /// The folders made and not yet removed. A `defer` that removes one never runs when coach is stopped
    /// (Ctrl-C, `kill`, a closed terminal end it with `exit`), so coach removes these as it exits: in RAM,
    /// a folder left behind would hold memory until the machine restarts.
    private static let liveFolders = Mutex<Set<String>>([])
    /// Registers ``removeLiveFolders()`` to run at exit, once.
    private static let removesLiveFoldersAtExit: Void = {
        atexit { RunTemporaryFolder.removeLiveFolders() }
    }()

    /// A new, empty folder named for this process and `slot`, so that runs side by side never share one.
    ///
    /// - Throws: An error when the folder cannot be made.
    init(slot: Int, named name: String) throws {
        url = Self.parent.appending(path: "coach-\(name)-\(getpid())-\(slot)", directoryHint: .isDirectory)
        // What an earlier run in the slot left, if its coach was stopped before removing it.
        Self.removeEverything(at: url)
        Self.removesAbandonedFolders
        Self.removesLiveFoldersAtExit
        Self.liveFolders.withLock { _ = $0.insert(url.path) }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The kinds of run coach makes folders for; a folder's name starts with one (`coach-check-…`).
    static let runKinds = ["check", "variant-run", "mutant-run", "test"]

    /// Removes, once per process, the folders in ``parent`` that a coach stopped with `kill -9` (or a crash)
    /// left: a run's folder (``processID(inFolderNamed:)``) of this user whose process no longer exists and
    /// that nothing changed for an hour. (A process id names a process only in its own namespace: a folder a
    /// coach in another container made, where `/dev/shm` is shared, is left while it is in use.)
    private static let removesAbandonedFolders: Void = {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        let anHourAgo = time(nil) - 3_600
        for entry in entries {
            guard let owner = processID(inFolderNamed: entry), kill(owner, 0) == -1, errno == ESRCH else { continue }
            let folder = parent.appending(path: entry, directoryHint: .isDirectory)
            var status = stat()
            guard lstat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
                status.st_mtim.tv_sec < anHourAgo
            else { continue }
            removeEverything(at: folder)
        }
    }()

    /// The id of the process that made the folder named `name`, when the name is one a run's folder has:
    /// `coach-<kind>[-<stream>]-<process id>-<slot>`, its kind one of ``runKinds``; else `nil`.
    static func processID(inFolderNamed name: String) -> pid_t? {
        guard name.hasPrefix("coach-") else { return nil }
        let middle = name.dropFirst("coach-".count)
        guard runKinds.contains(where: { middle.hasPrefix($0 + "-") }) else { return nil }
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, let slot = Int(parts[parts.count - 1]), slot >= 0,
            let process = pid_t(parts[parts.count - 2]), process > 0
        else { return nil }
        return process
    }

    /// Removes every folder made and not yet removed whose path `isIncluded` accepts (coach, as it exits:
    /// every one).
    static func removeLiveFolders(where isIncluded: (String) -> Bool = { _ in true }) {
        let paths = liveFolders.withLock { folders in
            let chosen = folders.filter(isIncluded)
            folders.subtract(chosen)
            return chosen
        }
        for path in paths { removeEverything(at: URL(filePath: path, directoryHint: .isDirectory)) }
    }

    /// Whether the folder was made and not yet removed.
    var isLive: Bool { Self.liveFolders.withLock { $0.contains(url.path) } }

    /// `environment` with the folder as `TMPDIR`.
    func environment(adding environment: [String: String]) -> [String: String] {
        environment.merging(["TMPDIR": url.path]) { _, folder in folder }
    }

    /// Removes the folder and everything the process left in it, making any folder a check left read-only
    /// writable first.
    func remove() {
        Self.liveFolders.withLock { _ = $0.remove(url.path) }
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
