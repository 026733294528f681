import CoreTestSupport
import Foundation
import PersistenceSandbox
import Testing

private func imageStore(_ device: borrowing TemporaryDevice) -> FileStore {
    FileStore(sandbox: device.sandbox, directory: .applicationSupport, subfolder: "NoteImages")
}

@Test("saved data loads back by filename, in Application Support/NoteImages")
func saveAndLoad() throws {
    let device = TemporaryDevice()
    let store = imageStore(device)

    let url = try store.save(Data("jpeg".utf8), filename: "a.jpg")

    #expect(try store.load(filename: "a.jpg") == Data("jpeg".utf8))
    #expect(url == device.sandbox.applicationSupportDirectory.appending(path: "NoteImages/a.jpg"))
}

@Test("the first save creates the store's folder")
func saveCreatesFolder() throws {
    let device = TemporaryDevice()
    let store = imageStore(device)
    #expect(!FileManager.default.fileExists(atPath: store.directory.path))

    try store.save(Data("x".utf8), filename: "a.jpg")

    #expect(FileManager.default.fileExists(atPath: store.directory.path))
}

@Test("saving again under a name replaces the file")
func saveReplaces() throws {
    let device = TemporaryDevice()
    let store = imageStore(device)
    try store.save(Data("v1".utf8), filename: "a.jpg")

    try store.save(Data("v2".utf8), filename: "a.jpg")

    #expect(try store.load(filename: "a.jpg") == Data("v2".utf8))
    #expect(try store.list() == ["a.jpg"])
}

@Test("list gives the stored filenames, sorted, and nothing for a folder not made yet")
func listFiles() throws {
    let device = TemporaryDevice()
    let store = imageStore(device)
    #expect(try store.list() == [])

    try store.save(Data(), filename: "b.jpg")
    try store.save(Data(), filename: "a.jpg")
    try FileManager.default.createDirectory(
        at: store.directory.appending(path: "sub"), withIntermediateDirectories: true)

    #expect(try store.list() == ["a.jpg", "b.jpg"])
}

@Test("exists tells whether a file is stored")
func existsFiles() throws {
    let device = TemporaryDevice()
    let store = imageStore(device)
    try store.save(Data(), filename: "a.jpg")

    #expect(store.exists(filename: "a.jpg"))
    #expect(!store.exists(filename: "b.jpg"))
    #expect(!store.exists(filename: "../a.jpg"))
}

@Test("remove deletes the file; removing it again is a not-found error")
func removeFiles() throws {
    let device = TemporaryDevice()
    let store = imageStore(device)
    try store.save(Data(), filename: "a.jpg")

    try store.remove(filename: "a.jpg")

    #expect(!store.exists(filename: "a.jpg"))
    #expect(throws: FileStoreError.notFound(filename: "a.jpg", directory: store.directory)) {
        try store.remove(filename: "a.jpg")
    }
}

@Test("loading a missing file is a typed not-found error")
func loadMissing() {
    let device = TemporaryDevice()
    let store = imageStore(device)
    #expect(throws: FileStoreError.notFound(filename: "nope.jpg", directory: store.directory)) {
        try store.load(filename: "nope.jpg")
    }
}

@Test(
    "a filename that could leave the folder is refused before the disk is touched",
    arguments: ["../escape.jpg", "..", ".", "NoteImages/a.jpg", "/etc/passwd", "a\u{0}b.jpg", ""]
)
func invalidNames(filename: String) {
    let device = TemporaryDevice()
    let store = imageStore(device)

    #expect {
        try store.save(Data("x".utf8), filename: filename)
    } throws: { error in
        if case .invalidFilename(filename, _) = error as? FileStoreError { return true }
        return false
    }
    #expect(!FileManager.default.fileExists(atPath: device.sandbox.deviceRoot.path))
}

@Test("refusals say what is wrong with the name")
func invalidNameMessage() throws {
    let device = TemporaryDevice()
    let error = try #require(throws: FileStoreError.self) { try imageStore(device).load(filename: "/etc/passwd") }
    #expect(error.description.contains("absolute path"))
    #expect(error.description.contains(" — while "))
}

@Test("unique filenames are UUIDs with the extension asked for")
func uniqueNames() {
    let first = FileStore.uniqueFilename(pathExtension: "jpg")
    let second = FileStore.uniqueFilename(pathExtension: "jpg")
    #expect(first != second)
    #expect(first.hasSuffix(".jpg"))
    #expect(UUID(uuidString: String(first.dropLast(4))) != nil)
    #expect(UUID(uuidString: FileStore.uniqueFilename()) != nil)
}

@Test("the backup flag is false for a new file, settable, and reset by a new save")
func backupFlagThroughStore() throws {
    let device = TemporaryDevice()
    let store = imageStore(device)
    try store.save(Data("v1".utf8), filename: "a.jpg")
    #expect(try store.isExcludedFromBackup(filename: "a.jpg") == false)

    try store.setExcludedFromBackup(true, filename: "a.jpg")
    #expect(try store.isExcludedFromBackup(filename: "a.jpg"))

    try store.save(Data("v2".utf8), filename: "a.jpg")
    #expect(try store.isExcludedFromBackup(filename: "a.jpg") == false)
}

@Test("flagging a missing file is a not-found error")
func backupFlagMissing() {
    let device = TemporaryDevice()
    let store = imageStore(device)
    #expect(throws: FileStoreError.notFound(filename: "a.jpg", directory: store.directory)) {
        try store.setExcludedFromBackup(true, filename: "a.jpg")
    }
}

@Test("a save that runs out of space is reported and the previous file is intact")
func saveOutOfSpace() throws {
    let device = TemporaryDevice()
    let store = imageStore(device)
    try store.save(Data("previous".utf8), filename: "a.jpg")

    let result = try ProbeProcess.run(["save-with-size-limit", store.directory.path, "a.jpg", "4096", "100000"])

    #expect(result.status == 0, "probe said: \(result.output)")
    #expect(result.output.contains("not enough space"))
    #expect(try store.load(filename: "a.jpg") == Data("previous".utf8))
    #expect(allNames(in: store.directory) == ["a.jpg"])
}

@Test("a save into a folder the process may not write is reported and the previous file is intact")
func savePermissionDenied() throws {
    let device = TemporaryDevice()
    let store = imageStore(device)
    try store.save(Data("previous".utf8), filename: "a.jpg")
    chmod(store.directory.path, 0o555)
    defer { chmod(store.directory.path, 0o755) }

    let result = try ProbeProcess.run(["save-without-permission", store.directory.path, "a.jpg"])

    #expect(result.status == 0, "probe said: \(result.output)")
    #expect(result.output.contains("permission denied"))
    #expect(try store.load(filename: "a.jpg") == Data("previous".utf8))
    #expect(allNames(in: store.directory) == ["a.jpg"])
}

@Test("a store in Documents by default uses the current sandbox")
func storeUsesCurrentSandbox() throws {
    let device = TemporaryDevice()
    let store = AppSandbox.withCurrent(device.sandbox) { FileStore(directory: .documents) }
    #expect(store.directory == device.sandbox.documentsDirectory.standardizedFileURL)
}

@Test("savers killed at random moments always leave a whole file holding the last committed value or a later one")
func killedSaversLoseNothing() throws {
    let sandbox = AppSandbox.temporary()
    defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
    let file = sandbox.documentsDirectory.appending(path: "counter.txt")
    var expected = 0
    var lost = 0
    var torn = 0
    let kills = 200
    for _ in 0..<kills {
        let committed = try KillLoop.runAndKill(
            ["count-files", sandbox.deviceRoot.path, sandbox.appIdentifier, "\(expected + 1)"], upTo: 20_000
        )
        guard let data = FileManager.default.contents(atPath: file.path) else {
            if committed != nil { lost += 1 }
            continue
        }
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 2, lines[1].count == 65_536, let value = Int(lines[0]) else {
            torn += 1
            continue
        }
        if value < max(expected, committed ?? 0) { lost += 1 }
        expected = max(expected, value)
    }
    #expect(lost == 0, "rounds whose last committed save was lost")
    #expect(torn == 0, "rounds that left a partly written file")
    AtomicFileWriter.removeAbandonedTemporaryFiles(in: sandbox.documentsDirectory)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.documentsDirectory.path).filter {
        $0.hasPrefix(".")
    }
    #expect(leftovers.isEmpty, "temporary files of killed savers that the clean-up left: \(leftovers)")
    print(
        "file store kill test: \(kills) savers killed, counter reached \(expected), \(lost) committed saves lost, \(torn) torn files"
    )
}
