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
    }

    @Test("the folders are made in RAM when /dev/shm is a tmpfs with room and TMPDIR names no folder of its own")
    func parentIsInRAMWhenItCanBe() throws {
        let mounts = try String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)
        let shmIsTmpfs = mounts.split(separator: "\n").contains {
            $0.split(separator: " ").dropFirst().first == "/dev/shm"
                && $0.split(separator: " ").dropFirst(2).first == "tmpfs"
        }
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: "/dev/shm")
        let free = (attributes?[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
        let given = ProcessInfo.processInfo.environment["TMPDIR"]
        let ownFolder = given != nil && given != "/tmp" && given != "/tmp/"
        let inRAM = shmIsTmpfs && free >= 4 << 30 && !ownFolder
        #expect(RunTemporaryFolder.parent.path == (inRAM ? "/dev/shm" : FileManager.default.temporaryDirectory.path))
    }
}
