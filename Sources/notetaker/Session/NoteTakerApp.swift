import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section8NoteTaker

/// The opened app: its sandbox, store, settings and repository, after the PIN lock let the user in.
struct NoteTakerApp {
    /// The app identifier of the container `notetaker` uses unless `PERSISTENCE_APP_ID` names another.
    static let defaultAppIdentifier = "notetaker"

    /// The app's container on this machine.
    let sandbox: AppSandbox
    /// Everything the app does to notes, tags and images.
    let repository: NoteRepository
    /// The list settings, in the app's standard preferences.
    let settings: NoteTakerSettings

    /// Makes the notetaker container of the device that runs (`--device NAME`, else the default device)
    /// the current app, so preferences, the vault and the store all live there.
    static func selectSandbox() -> AppSandbox {
        let environment = ProcessInfo.processInfo.environment
        let appIdentifier = environment["PERSISTENCE_APP_ID"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultAppIdentifier
        let sandbox = AppSandbox(appIdentifier: appIdentifier, deviceRoot: NoteTakerCloud.deviceRoot)
        AppSandbox.current = sandbox
        return sandbox
    }

    /// Opens the app, first asking for the PIN when one is set; on a device signed in to iCloud, it
    /// syncs first (unless `syncing` is false), as an app coming to the foreground does.
    ///
    /// - Throws: `NoteTakerCLIError` when the PIN is wrong or missing, or the store cannot be opened.
    static func open(unlocking options: UnlockOptions, syncing: Bool = true) throws -> NoteTakerApp {
        let sandbox = selectSandbox()
        try PINGate(sandbox: sandbox).unlock(with: options.pin)
        let app = try openWithoutPIN(sandbox: sandbox)
        if syncing { NoteTakerCloud.syncQuietly(app.repository.context.container, repository: app.repository) }
        app.removeUnreferencedImages()
        return app
    }

    /// Opens the app's store with no PIN check; only for commands that do not show notes.
    static func openWithoutPIN(sandbox: AppSandbox) throws -> NoteTakerApp {
        let container: ModelContainer
        do {
            container = try NoteTakerStore.makeContainer(sandbox: sandbox)
        } catch {
            throw NoteTakerCLIError(
                "Opening the notes failed: \(error) — while reading \(sandbox.applicationSupportDirectory.path)")
        }
        let settings = NoteTakerSettings()
        let repository = NoteRepository(
            context: ModelContext(container), settings: settings, images: NoteImageStore(sandbox: sandbox))
        return NoteTakerApp(sandbox: sandbox, repository: repository, settings: settings)
    }

    /// The folder of the image files, `Application Support/NoteImages`.
    var imagesFolder: URL {
        sandbox.applicationSupportDirectory.appending(path: NoteTakerKeys.imagesFolder, directoryHint: .isDirectory)
    }

    /// Runs `body` holding the lock of the images folder: attaching an image (file first, then the note)
    /// and sweeping unreferenced files each happen whole with respect to other `notetaker` processes.
    func withImagesLocked<Result>(while activity: String, _ body: () throws -> Result) throws -> Result {
        try FolderLock.withExclusiveLock(on: imagesFolder, while: activity, body)
    }

    /// Removes the image files no note refers to: what an attach killed between writing its file and
    /// saving its note leaves behind. Best effort: a folder that cannot be written, or a store that
    /// cannot be read, leaves the files for a later run.
    func removeUnreferencedImages() {
        guard FileManager.default.fileExists(atPath: imagesFolder.path) else { return }
        try? withImagesLocked(while: "removing image files no note refers to") {
            AtomicFileWriter.removeAbandonedTemporaryFiles(in: imagesFolder)
            let names = try FileManager.default.contentsOfDirectory(atPath: imagesFolder.path).filter {
                !$0.hasPrefix(".")
            }
            guard !names.isEmpty else { return }
            let withImages = FetchDescriptor<Note>(predicate: #Predicate { $0.imageFilename != nil })
            let referenced = Set(try repository.context.fetch(withImages).compactMap(\.imageFilename))
            for name in names where !referenced.contains(name) {
                try? FileManager.default.removeItem(at: imagesFolder.appending(path: name))
            }
        }
    }

    /// Deletes every note, tag and image file in one save, for `lock reset`; returns how many notes there were.
    ///
    /// - Throws: `NoteTakerCLIError` when the store cannot be changed.
    func eraseEverything() throws -> Int {
        let context = repository.context
        do {
            let count = try context.fetchCount(FetchDescriptor<Note>())
            try context.delete(model: Note.self)
            try context.delete(model: Tag.self)
            try context.save()
            try? FileManager.default.removeItem(at: imagesFolder)
            return count
        } catch {
            throw NoteTakerCLIError("Erasing the notes failed: \(error) — while resetting NoteTaker")
        }
    }

    /// The note `reference` names: its number in `list`, written `3` or `#3`, read alone from the store.
    ///
    /// - Throws: `NoteTakerCLIError` naming the reference when no note has that number, or when the
    ///   note's stored values cannot be read (with the way to delete it).
    func note(_ reference: String) throws -> Note {
        let wanted = try NoteNumber.parse(reference)
        let identifier = try noteIdentifier(wanted)
        var descriptor = FetchDescriptor<Note>(predicate: #Predicate { $0.persistentModelID == identifier })
        descriptor.fetchLimit = 1
        let found: Note?
        do {
            found = try repository.context.fetch(descriptor).first
        } catch {
            throw NoteTakerCLIError.unreadable(error, note: wanted)
        }
        guard let found else {
            throw NoteTakerCLIError(
                "No note #\(wanted): there is no note with that number — run `notetaker list` to see them")
        }
        return found
    }

    /// The identifier of the note numbered `number` in this app's store.
    func noteIdentifier(_ number: Int) throws -> PersistentIdentifier {
        let store = sandbox.applicationSupportDirectory.appending(path: NoteTakerKeys.storeFilename).standardizedFileURL
            .path
        return try PersistentIdentifier.identifier(for: store, entityName: "Note", primaryKey: number)
    }

    /// Deletes the note numbered `number` without reading it, for a note whose stored values cannot be
    /// read; its image file, if any, goes with the next sweep of unreferenced images.
    ///
    /// - Throws: `NoteTakerCLIError` when the store cannot be changed.
    func deleteUnreadableNote(_ number: Int) throws {
        let identifier = try noteIdentifier(number)
        do {
            try repository.context.delete(model: Note.self, where: #Predicate { $0.persistentModelID == identifier })
            try repository.context.save()
        } catch {
            throw NoteTakerCLIError(
                "Deleting note #\(number) failed: \(error) — while deleting a note that cannot be read")
        }
    }

    /// The tag named `name`.
    ///
    /// - Throws: `NoteTakerCLIError` naming the tag when there is none.
    func tag(_ name: String) throws -> Tag {
        guard let tag = try repository.tag(named: name) else {
            let known = try repository.allTags().map(\.name)
            let hint =
                known.isEmpty
                ? "there are no tags yet" : "the tags are \(known.map(TerminalText.line).joined(separator: ", "))"
            throw NoteTakerCLIError(
                "No tag \"\(TerminalText.line(name))\": \(hint) — create it with `notetaker tags create \(TerminalText.line(name))`"
            )
        }
        return tag
    }
}

/// The number a note is shown with: the store's key for it, so it never changes while the note exists.
enum NoteNumber {
    /// The note's number, or nil while it has not been saved.
    static func of(_ note: Note) -> Int? {
        let identifier = note.persistentModelID
        guard !identifier.isTemporary, let slash = identifier.description.lastIndex(of: "/") else { return nil }
        let key = identifier.description[identifier.description.index(after: slash)...]
        return key.hasPrefix("p") ? Int(key.dropFirst()) : nil
    }

    /// The number `reference` names (`3` or `#3`).
    ///
    /// - Throws: `NoteTakerCLIError` when it is not a number from 1 up.
    static func parse(_ reference: String) throws -> Int {
        let number = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
        guard let wanted = Int(number), wanted > 0 else {
            throw NoteTakerCLIError(
                "No note \"\(TerminalText.line(reference))\": a note is named by its number, such as 3 or #3 — run `notetaker list` to see them"
            )
        }
        return wanted
    }

    /// `#3`, or `#?` for a note that was never saved.
    static func label(of note: Note) -> String {
        of(note).map { "#\($0)" } ?? "#?"
    }
}
