import Foundation
import PersistenceSandbox
import Testing

@Test("the container's folders sit where iOS puts them")
func containerLayout() {
    let sandbox = AppSandbox(appIdentifier: "com.example.App", deviceRoot: URL(filePath: "/device"))
    #expect(sandbox.documentsDirectory.path == "/device/Containers/com.example.App/Documents")
    #expect(
        sandbox.applicationSupportDirectory.path == "/device/Containers/com.example.App/Library/Application Support")
    #expect(sandbox.cachesDirectory.path == "/device/Containers/com.example.App/Library/Caches")
    #expect(sandbox.temporaryDirectory.path == "/device/Containers/com.example.App/tmp")
    #expect(sandbox.vaultDirectory.path == "/device/Vault")
}

@Test("the preferences folder sits in Library")
func preferencesLayout() {
    let sandbox = AppSandbox(appIdentifier: "com.example.App", deviceRoot: URL(filePath: "/device"))
    #expect(sandbox.preferencesDirectory.path == "/device/Containers/com.example.App/Library/Preferences")
    #expect(sandbox.url(for: .preferences) == sandbox.preferencesDirectory)
}

@Test("nothing is created until a folder is asked for")
func noFoldersUpFront() {
    let device = TemporaryDevice()
    _ = device.sandbox.url(for: .documents)
    #expect(!FileManager.default.fileExists(atPath: device.sandbox.deviceRoot.path))
}

@Test("asking for a folder creates it and its parents on demand")
func directoryOnDemand() throws {
    let device = TemporaryDevice()
    let images = try device.sandbox.directory(.applicationSupport, subfolder: "NoteImages")
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: images.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    #expect(
        images == device.sandbox.applicationSupportDirectory.appending(path: "NoteImages", directoryHint: .isDirectory))
}

@Test("creating the container makes all five standard folders")
func containerFolders() throws {
    let device = TemporaryDevice()
    try device.sandbox.createContainerDirectories()
    for directory in AppSandbox.Directory.allCases {
        #expect(FileManager.default.fileExists(atPath: device.sandbox.url(for: directory).path), "\(directory)")
    }
}
