import CoreTestSupport
import Foundation
import PersistenceSandbox
import Testing

@Test("an atomic write replaces the content and leaves no temporary file")
func atomicWriteReplaces() throws {
    let device = TemporaryDevice()
    let file = device.sandbox.documentsDirectory.appending(path: "note.txt")
    try device.place("old", at: file)

    try AtomicFileWriter.write(Data("new".utf8), to: file)

    #expect(try text(at: file) == "new")
    #expect(allNames(in: device.sandbox.documentsDirectory) == ["note.txt"])
}

@Test("an atomic write keeps the old file's permissions")
func atomicWriteKeepsMode() throws {
    let device = TemporaryDevice()
    let file = device.sandbox.documentsDirectory.appending(path: "note.txt")
    try device.place("old", at: file)
    chmod(file.path, 0o640)

    try AtomicFileWriter.write(Data("new".utf8), to: file)

    #expect(mode(at: file) == 0o640)
}

@Test("an atomic write applies the permissions asked for")
func atomicWriteSetsMode() throws {
    let device = TemporaryDevice()
    let folder = try device.sandbox.directory(.preferences)
    let file = folder.appending(path: "settings.plist")

    try AtomicFileWriter.write(Data("x".utf8), to: file, permissions: 0o600)

    #expect(mode(at: file) == 0o600)
}

@Test("a write into a missing folder fails as such and creates nothing")
func atomicWriteMissingFolder() throws {
    let device = TemporaryDevice()
    let file = device.sandbox.documentsDirectory.appending(path: "note.txt")
    #expect { try AtomicFileWriter.write(Data("x".utf8), to: file) } throws: { error in
        (error as? AtomicWriteError)?.kind == .folderMissing
    }
    #expect(!FileManager.default.fileExists(atPath: device.sandbox.documentsDirectory.path))
}

@Test("a failing content producer leaves the old content and no temporary file")
func atomicWriteProducerFails() throws {
    struct Interrupted: Error {}
    let device = TemporaryDevice()
    let file = device.sandbox.documentsDirectory.appending(path: "note.txt")
    try device.place("old", at: file)

    #expect(throws: AtomicWriteError.self) {
        try AtomicFileWriter.write(to: file) { output in
            try output.write(Data("half of the new".utf8))
            throw Interrupted()
        }
    }

    #expect(try text(at: file) == "old")
    #expect(allNames(in: device.sandbox.documentsDirectory) == ["note.txt"])
}

@Test("killing a writer mid-write leaves the old content, whole, with its permissions")
func killedWriterLeavesOldContent() async throws {
    let device = TemporaryDevice()
    let folder = try device.sandbox.directory(.documents)
    let file = folder.appending(path: "note.txt")
    try device.place("old content", at: file)
    chmod(file.path, 0o640)

    let writer = try ProbeProcess.start(["stalled-atomic-write", file.path, "65536"], waitingFor: "writing")
    let started = hasTemporaryFile(in: folder, atLeast: 65536)
    kill(writer.processIdentifier, SIGKILL)
    writer.waitUntilExit()

    #expect(started)
    #expect(writer.terminationReason == .uncaughtSignal)
    #expect(try text(at: file) == "old content")
    #expect(mode(at: file) == 0o640)
    #expect(try FileStore(directory: folder).list() == ["note.txt"])
    let abandoned = AtomicFileWriter.removeAbandonedTemporaryFiles(in: folder)
    #expect(abandoned.count == 1)
    #expect(allNames(in: folder) == ["note.txt"])
}

@Test("a writer that finishes replaces the whole content and keeps the permissions")
func finishedWriterReplacesContent() throws {
    let device = TemporaryDevice()
    let folder = try device.sandbox.directory(.documents)
    let file = folder.appending(path: "note.txt")
    try device.place("old content", at: file)
    chmod(file.path, 0o640)

    let result = try ProbeProcess.run(["slow-atomic-write", file.path, "1000", "3", "0"])

    #expect(result.status == 0)
    #expect(try Data(contentsOf: file) == Data(repeating: UInt8(ascii: "N"), count: 3000))
    #expect(mode(at: file) == 0o640)
}

/// Whether a writer's temporary file in `folder` holds at least `size` bytes.
private func hasTemporaryFile(in folder: URL, atLeast size: Int) -> Bool {
    allNames(in: folder).contains { name in
        guard AtomicFileWriter.isTemporaryFileName(name) else { return false }
        let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appending(path: name).path)
        return (attributes?[.size] as? Int ?? 0) >= size
    }
}
