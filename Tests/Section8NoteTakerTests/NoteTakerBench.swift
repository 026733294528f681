@_exported import DeviceBench
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker
import Testing

/// Foundation's own `UserDefaults` is imported here too; this module means the workbench's.
typealias UserDefaults = PersistenceCore.UserDefaults

/// NoteTaker's tag model; Swift Testing also has a type named `Tag`, and this one is meant here.
typealias Tag = Section8NoteTaker.Tag

/// The device a check runs on: a fresh NoteTaker device with its own sandbox, preferences and vault
/// (see `ThrowawayDevice` in Tests/DeviceBench), with this section's helpers below.
typealias NoteTakerBench = ThrowawayDevice

extension ThrowawayDevice {
    /// Runs `body` on a fresh NoteTaker device, with its sandbox and vault current.
    static func run(_ body: (ThrowawayDevice) throws -> Void) throws {
        try run(app: "com.example.NoteTaker", body)
    }

    /// The app's preferences on this device.
    var preferences: UserDefaults { UserDefaults(sandbox: sandbox) }

    /// The folder the images belong in: `Application Support/NoteImages`.
    var imagesFolder: URL {
        sandbox.applicationSupportDirectory.appending(path: "NoteImages", directoryHint: .isDirectory)
    }

    /// A new context on the app's store file, as the app opens it at launch.
    func openContext() throws -> ModelContext {
        ModelContext(try NoteTakerStore.makeContainer(sandbox: sandbox))
    }

    /// A repository over a new context on the app's store file, with the app's standard settings.
    func openRepository() throws -> NoteRepository {
        NoteRepository(context: try openContext())
    }

    /// The names of the files in the images folder, sorted; empty when there is no folder.
    func imageFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: imagesFolder.path)) ?? []).sorted()
    }

    /// The app's store file, which ``openContext()`` opens.
    var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: NoteTakerKeys.storeFilename) }

    /// A new context on the app's store file whose every save is refused, as a full disk or a store
    /// opened read-only refuses it: the error is `SwiftDataError` with the code `.saveNotAllowed`.
    func openContextThatCannotSave() throws -> ModelContext {
        let configuration = ModelConfiguration(url: storeURL, allowsSave: false)
        return ModelContext(try ModelContainer(for: Note.self, Tag.self, configurations: configuration))
    }

    /// Replaces the images folder with a plain file of the same name, so that no image can be written in it.
    func replaceImagesFolderWithFile() throws {
        try? FileManager.default.removeItem(at: imagesFolder)
        try FileManager.default.createDirectory(
            at: imagesFolder.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: imagesFolder.path, contents: Data("not a folder".utf8)) else {
            throw BenchFailure("could not put a file in place of \(imagesFolder.path)")
        }
    }

    /// A file that exists in the sealed images folder of ``withSealedImagesFolder(_:)``.
    static let sealedImageName = "version"

    /// Points `Application Support/NoteImages` at `/proc`, a folder whose files (such as
    /// ``sealedImageName``) exist and that no process, the superuser included, may delete or add to, so
    /// that removing an image fails whoever runs the checks. The real folder comes back when `body` returns.
    func withSealedImagesFolder<Result>(_ body: () throws -> Result) throws -> Result {
        let folder = imagesFolder
        try FileManager.default.createDirectory(
            at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.seal(folder)
        defer { Self.unseal(folder) }
        return try body()
    }

    /// Seals the images folder as ``withSealedImagesFolder(_:)`` does, but only once `note.imageFilename`
    /// first changes, and unseals it when `body` returns: whatever the call does after setting the new
    /// name, such as removing the replaced file, meets a file it cannot remove.
    func sealingImagesFolder<Result>(whenFilenameOf note: Note, changes body: () throws -> Result) throws -> Result {
        let folder = imagesFolder
        withObservationTracking {
            _ = note.imageFilename
        } onChange: {
            try? Self.seal(folder)
        }
        defer { Self.unseal(folder) }
        return try body()
    }

    /// Moves `folder` aside, if it exists, and puts a link to `/proc` in its place; nothing when it is a link already.
    private static func seal(_ folder: URL) throws {
        let files = FileManager.default
        guard (try? files.destinationOfSymbolicLink(atPath: folder.path)) == nil else { return }
        if files.fileExists(atPath: folder.path) { try files.moveItem(at: folder, to: setAside(folder)) }
        try files.createSymbolicLink(atPath: folder.path, withDestinationPath: "/proc")
    }

    /// Removes the link ``seal(_:)`` made and brings the real folder back; nothing when `folder` is not sealed.
    private static func unseal(_ folder: URL) {
        let files = FileManager.default
        guard (try? files.destinationOfSymbolicLink(atPath: folder.path)) != nil else { return }
        try? files.removeItem(atPath: folder.path)
        if files.fileExists(atPath: setAside(folder).path) { try? files.moveItem(at: setAside(folder), to: folder) }
    }

    /// Where ``seal(_:)`` keeps the real images folder.
    private static func setAside(_ folder: URL) -> URL {
        folder.deletingLastPathComponent().appending(path: "NoteImages.set-aside", directoryHint: .isDirectory)
    }

    /// The keys saved in the property-list file behind `store`; its registered defaults are not saved.
    func savedKeys(in store: UserDefaults) -> [String] {
        guard let data = FileManager.default.contents(atPath: store.fileURL.path),
            let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else { return [] }
        return root.keys.sorted()
    }

    /// Adds a generic password under `account` that the vault serves only while the device is unlocked,
    /// so that once ``VaultDevice/lock()`` is called, reading, changing or deleting it fails with
    /// `errSecInteractionNotAllowed` while items kept "after first unlock" still work.
    func addItemOnlyWhileUnlocked(_ data: Data, account: String) throws {
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked,
        ]
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess else { throw BenchFailure("SecItemAdd for \(account) answered \(status)") }
    }

    /// The data of the generic password filed under `account`, read with the Security functions.
    func vaultData(account: String) -> Data? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var result: AnyObject?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? Data
    }
}

/// The bench could not set up a check's scenario.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Whether `error` is `NoteTakerError.imageFailed`, whatever its text.
func isImageFailed(_ error: (any Error)?) -> Bool {
    if case .imageFailed? = error as? NoteTakerError { return true }
    return false
}

/// An error, or its absence, as a learner reads it.
func describe(_ error: (any Error)?) -> String {
    error.map { describe($0) } ?? "no error"
}

// MARK: - Reading the store back

/// Every note the context's store holds, with titles sorted alphabetically.
func storedNotes(in context: ModelContext) throws -> [Note] {
    try context.fetch(FetchDescriptor<Note>()).sorted { $0.title < $1.title }
}

/// Every tag the context's store holds, with names sorted alphabetically.
func storedTags(in context: ModelContext) throws -> [Tag] {
    try context.fetch(FetchDescriptor<Tag>()).sorted { $0.name < $1.name }
}

/// Gives each note a creation date one minute after the one before, in the order given, and saves,
/// so date order never depends on how fast the notes were created.
func spaceOutCreationDates(_ notes: [Note], in context: ModelContext) throws {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    for (offset, note) in notes.enumerated() {
        note.createdAt = start.addingTimeInterval(Double(offset) * 60)
    }
    try context.save()
}

// MARK: - Describing what was found

/// Runs `body`; when it throws, records "<action> should succeed: expected no error, found <error>" and returns nil.
func succeeds<Value>(
    _ action: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Value
) -> Value? {
    do {
        return try body()
    } catch {
        Issue.record(
            "\(action) should succeed: expected no error, found \(describe(error)).", sourceLocation: sourceLocation)
        return nil
    }
}

/// An error as a learner reads it: its type and description.
func describe(_ error: any Error) -> String {
    "\(type(of: error)) (\(error.localizedDescription))"
}

/// A PIN check as a learner reads it.
func describe(_ check: PINCheck) -> String {
    switch check {
    case .unlocked: ".unlocked"
    case .wrong(let attemptsLeft): ".wrong(attemptsLeft: \(attemptsLeft))"
    case .lockedOut: ".lockedOut"
    }
}

/// The sample bytes used as an image: not a real picture, but the store must keep them byte for byte.
func sampleImage(_ label: String) -> Data {
    Data("\u{89}PNG sample image: \(label)".utf8)
}
