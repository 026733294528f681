import Foundation
import PersistenceSandbox
import Testing

@Test("reinstalling wipes the container, preferences included, but keeps the vault")
func reinstallWipesContainerKeepsVault() throws {
    let device = TemporaryDevice()
    let sandbox = device.sandbox
    let note = sandbox.documentsDirectory.appending(path: "note.txt")
    let preferences = sandbox.preferencesDirectory.appending(path: "com.example.NoteTaker.plist")
    let vaultItem = sandbox.vaultDirectory.appending(path: "token")
    try device.place("draft", at: note)
    try device.place("<plist/>", at: preferences)
    try device.place("secret", at: vaultItem)

    try sandbox.reinstall()

    #expect(!FileManager.default.fileExists(atPath: note.path))
    #expect(!FileManager.default.fileExists(atPath: preferences.path))
    #expect(try text(at: vaultItem) == "secret")
    #expect(allNames(in: sandbox.documentsDirectory).isEmpty)
}

@Test("reinstalling leaves the other apps on the device alone")
func reinstallKeepsOtherApps() throws {
    let device = TemporaryDevice()
    let other = AppSandbox(appIdentifier: "com.example.Other", deviceRoot: device.sandbox.deviceRoot)
    let otherFile = other.documentsDirectory.appending(path: "keep.txt")
    try device.place("keep", at: otherFile)

    try device.sandbox.reinstall()

    #expect(try text(at: otherFile) == "keep")
}

@Test("purging under storage pressure empties Caches and tmp and nothing else")
func purgeEmptiesCachesAndTmp() throws {
    let device = TemporaryDevice()
    let sandbox = device.sandbox
    try device.place("thumb", at: sandbox.cachesDirectory.appending(path: "Thumbnails/1.jpg"))
    try device.place("scratch", at: sandbox.temporaryDirectory.appending(path: "upload.part"))
    let document = sandbox.documentsDirectory.appending(path: "note.txt")
    let support = sandbox.applicationSupportDirectory.appending(path: "NoteImages/a.jpg")
    try device.place("draft", at: document)
    try device.place("image", at: support)

    try sandbox.purgeCachesAndTemporaryFiles()

    #expect(allNames(in: sandbox.cachesDirectory).isEmpty)
    #expect(allNames(in: sandbox.temporaryDirectory).isEmpty)
    #expect(FileManager.default.fileExists(atPath: sandbox.cachesDirectory.path))
    #expect(try text(at: document) == "draft")
    #expect(try text(at: support) == "image")
}

@Test("purging a container that has no caches yet does nothing")
func purgeEmptyContainer() throws {
    let device = TemporaryDevice()
    try device.sandbox.purgeCachesAndTemporaryFiles()
}
