import Foundation
import PersistenceSandbox
import Testing

@Test("a new file is not excluded from backup")
func newFileIsBackedUp() throws {
    let device = TemporaryDevice()
    let file = device.sandbox.applicationSupportDirectory.appending(path: "a.jpg")
    try device.place("image", at: file)
    #expect(try BackupExclusion.isExcluded(at: file) == false)
}

@Test("a file flagged as excluded reads as excluded, and can be included again")
func flagRoundTrips() throws {
    let device = TemporaryDevice()
    let file = device.sandbox.applicationSupportDirectory.appending(path: "a.jpg")
    try device.place("image", at: file)

    try BackupExclusion.setExcluded(true, at: file)
    #expect(try BackupExclusion.isExcluded(at: file))

    try BackupExclusion.setExcluded(false, at: file)
    #expect(try BackupExclusion.isExcluded(at: file) == false)
}

@Test("an atomic overwrite resets the backup flag")
func atomicOverwriteResetsFlag() throws {
    let device = TemporaryDevice()
    let file = device.sandbox.applicationSupportDirectory.appending(path: "a.jpg")
    try device.place("image", at: file)
    try BackupExclusion.setExcluded(true, at: file)

    try AtomicFileWriter.write(Data("new image".utf8), to: file)

    #expect(try BackupExclusion.isExcluded(at: file) == false)
}

@Test("reading the flag of a missing file is a not-found error")
func flagOfMissingFile() {
    let device = TemporaryDevice()
    let missing = device.sandbox.documentsDirectory.appending(path: "missing.txt")
    #expect { try BackupExclusion.isExcluded(at: missing) } throws: { error in
        (error as? SandboxError)?.kind == .notFound
    }
}

@Test("the backup holds Documents, Application Support and Preferences, never Caches or tmp")
func manifestCoversBackedUpFolders() throws {
    let device = TemporaryDevice()
    let sandbox = device.sandbox
    try device.place("draft", at: sandbox.documentsDirectory.appending(path: "note.txt"))
    try device.place("image", at: sandbox.applicationSupportDirectory.appending(path: "NoteImages/a.jpg"))
    try device.place("<plist/>", at: sandbox.preferencesDirectory.appending(path: "com.example.NoteTaker.plist"))
    try device.place("thumb", at: sandbox.cachesDirectory.appending(path: "thumb.jpg"))
    try device.place("scratch", at: sandbox.temporaryDirectory.appending(path: "upload.part"))
    try device.place("secret", at: sandbox.vaultDirectory.appending(path: "token"))

    let manifest = try sandbox.backupManifest()

    #expect(
        manifest.paths == [
            "Documents/note.txt",
            "Library/Application Support/NoteImages/a.jpg",
            "Library/Preferences/com.example.NoteTaker.plist",
        ])
}

@Test("the backup leaves out flagged files and everything inside a flagged folder")
func manifestHonoursFlag() throws {
    let device = TemporaryDevice()
    let sandbox = device.sandbox
    let kept = sandbox.applicationSupportDirectory.appending(path: "NoteImages/keep.jpg")
    let flagged = sandbox.applicationSupportDirectory.appending(path: "NoteImages/skip.jpg")
    let downloads = sandbox.documentsDirectory.appending(path: "Downloads")
    try device.place("image", at: kept)
    try device.place("image", at: flagged)
    try device.place("movie", at: downloads.appending(path: "movie.mp4"))
    try BackupExclusion.setExcluded(true, at: flagged)
    try BackupExclusion.setExcluded(true, at: downloads)

    let manifest = try sandbox.backupManifest()

    #expect(manifest.contains(kept))
    #expect(!manifest.contains(flagged))
    #expect(manifest.paths == ["Library/Application Support/NoteImages/keep.jpg"])
}

@Test("a flagged file rejoins the backup after an atomic overwrite, as Apple warns")
func manifestAfterOverwrite() throws {
    let device = TemporaryDevice()
    let store = FileStore(sandbox: device.sandbox, directory: .applicationSupport, subfolder: "NoteImages")
    let url = try store.save(Data("v1".utf8), filename: "a.jpg")
    try store.setExcludedFromBackup(true, filename: "a.jpg")
    #expect(try !device.sandbox.backupManifest().contains(url))

    try store.save(Data("v2".utf8), filename: "a.jpg")

    #expect(try device.sandbox.backupManifest().contains(url))
}

@Test("an empty container has an empty backup")
func emptyManifest() throws {
    let device = TemporaryDevice()
    #expect(try device.sandbox.backupManifest().paths.isEmpty)
}
