import Foundation
import Testing

@testable import CoachKit

@Suite("A stopped test process leaves nothing in the system's temporary folder")
struct RunTemporaryFolderTests {
    @Test("a child process writes under its own TMPDIR, and the folder goes with all it left, read-only folders too")
    func folderIsTheProcessTemporaryFolderAndIsRemoved() throws {
        let folder = try RunTemporaryFolder(slot: 7, named: "run-folder-test")
        #expect(folder.url.deletingLastPathComponent().path == RunTemporaryFolder.parent.path)
        let environment = folder.environment(adding: ["COACH_MUTANT": "12", "TMPDIR": "/elsewhere"])
        #expect(environment == ["COACH_MUTANT": "12", "TMPDIR": folder.url.path])

        // A process killed before its clean-up: a device folder under its TMPDIR, one of its folders read-only.
        let script =
            #"mkdir -p "$TMPDIR/persistence-device-1/Vault" && echo item > "$TMPDIR/persistence-device-1/Vault/item" && chmod 500 "$TMPDIR/persistence-device-1/Vault" && kill -9 $$"#
        let termination = try ChildProcess(
            ["/bin/sh", "-c", script], in: folder.url, environment: environment,
            logFile: folder.url.appending(path: "run.log")
        ).run()
        #expect(!termination.succeeded)
        #expect(
            FileManager.default.fileExists(atPath: folder.url.appending(path: "persistence-device-1/Vault/item").path))

        // The next run in the slot starts empty, even if this coach was stopped before removing the folder.
        let next = try RunTemporaryFolder(slot: 7, named: "run-folder-test")
        #expect(next.url == folder.url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: next.url.path).isEmpty)
        try Data("left".utf8).write(to: next.url.appending(path: "left-over"))

        next.remove()
        #expect(!FileManager.default.fileExists(atPath: folder.url.path))
        #expect(!next.isLive)
    }

    @Test("a run's folder is told by its name, its kind and the id of the process that made it")
    func runFolderNames() {
        #expect(RunTemporaryFolder.processID(inFolderNamed: "coach-check-4242-0") == 4242)
        #expect(RunTemporaryFolder.processID(inFolderNamed: "coach-check-mistake-1-4242-1") == 4242)
        #expect(RunTemporaryFolder.processID(inFolderNamed: "coach-variant-run-77-3") == 77)
        #expect(RunTemporaryFolder.processID(inFolderNamed: "coach-test-others-12-0") == 12)
        // Anything else is not coach's to remove: a person's folder with a date in its name, or no slot.
        #expect(RunTemporaryFolder.processID(inFolderNamed: "coach-notes-2024-1") == nil)
        #expect(RunTemporaryFolder.processID(inFolderNamed: "coach-check-4242") == nil)
        #expect(RunTemporaryFolder.processID(inFolderNamed: "coach-check-x-0") == nil)
        #expect(RunTemporaryFolder.processID(inFolderNamed: "check-4242-0") == nil)
    }

    @Test("folders not yet removed go when coach exits, as a stopped coach's defers never run")
    func liveFoldersAreRemovedAtExit() throws {
        let kept = try RunTemporaryFolder(slot: 8, named: "run-folder-test")
        let removed = try RunTemporaryFolder(slot: 9, named: "run-folder-test")
        try Data("left".utf8).write(to: kept.url.appending(path: "left-over"))
        removed.remove()
        #expect(kept.isLive && !removed.isLive)

        // Only this test's folders: other tests' runs may be using theirs.
        RunTemporaryFolder.removeLiveFolders { $0 == kept.url.path || $0 == removed.url.path }
        #expect(!FileManager.default.fileExists(atPath: kept.url.path))
        #expect(!kept.isLive)
    }

    @Test("the folders are made in RAM when /dev/shm is a tmpfs with 4 GiB free and TMPDIR names no folder of its own")
    func parentIsInRAMWhenItCanBe() {
        let tmpfs = "proc /proc proc rw 0 0\ntmpfs /dev/shm tmpfs rw,nosuid,nodev 0 0\n/dev/vda / ext4 rw 0 0\n"
        let system = FileManager.default.temporaryDirectory.path
        let plenty: UInt64 = 8 << 30
        func parent(_ mounts: String, _ free: UInt64, _ given: String?) -> String {
            RunTemporaryFolder.parent(mounts: mounts, ramFreeBytes: free, givenTemporaryFolder: given).path
        }
        #expect(parent(tmpfs, plenty, nil) == "/dev/shm")
        #expect(parent(tmpfs, plenty, "/tmp") == "/dev/shm")
        #expect(parent(tmpfs, plenty, "/tmp/") == "/dev/shm")
        #expect(parent(tmpfs, 4 << 30, nil) == "/dev/shm")
        // Too little room, another file system there, none mounted, or a folder TMPDIR chose.
        #expect(parent(tmpfs, (4 << 30) - 1, nil) == system)
        #expect(parent(tmpfs.replacingOccurrences(of: "/dev/shm tmpfs", with: "/dev/shm ext4"), plenty, nil) == system)
        #expect(parent("/dev/vda / ext4 rw 0 0\n", plenty, nil) == system)
        #expect(parent(tmpfs.replacingOccurrences(of: "/dev/shm", with: "/dev/shm2"), plenty, nil) == system)
        #expect(parent(tmpfs, plenty, "/scratch/me") == system)
    }
}
