// Section 8 — Practice project: NoteTaker
// The notes' image files. See Note.swift for the goal.

import PersistenceCore
import PersistenceWorkbench

/// Image files kept in the app's `Application Support/NoteImages` folder, each under a unique name.
///
/// ```swift
/// let images = NoteImageStore()
/// let filename = try images.save(jpegData, pathExtension: "jpg")
/// note.imageFilename = filename
/// ```
public struct NoteImageStore {
    /// The folder the images live in, with atomic saves.
    private let files: FileStore

    /// The image store of `sandbox`'s app.
    public init(sandbox: AppSandbox = .current) {
        files = FileStore(sandbox: sandbox, directory: .applicationSupport, subfolder: NoteTakerKeys.imagesFolder)
    }

    /// Saves `data` atomically under a new unique name ending in `pathExtension`, and returns that name.
    ///
    /// - Throws: `NoteTakerError.imageFailed` when the file cannot be written.
    public func save(_ data: Data, pathExtension: String) throws -> String {
        let filename = FileStore.uniqueFilename(pathExtension: pathExtension)
        do {
            try files.save(data, filename: filename)
        } catch {
            throw NoteTakerError.imageFailed(error.description)
        }
        return filename
    }

    /// The content of the image file named `filename`.
    ///
    /// - Throws: `NoteTakerError.imageFailed` when there is no such file or it cannot be read.
    public func load(filename: String) throws -> Data {
        do {
            return try files.load(filename: filename)
        } catch {
            throw NoteTakerError.imageFailed(error.description)
        }
    }

    /// Deletes the image file named `filename`; a file that is already gone is not an error.
    ///
    /// - Throws: `NoteTakerError.imageFailed` when the file exists but cannot be removed.
    public func remove(filename: String) throws {
        do {
            try files.remove(filename: filename)
        } catch {
            if case .notFound = error { return }
            throw NoteTakerError.imageFailed(error.description)
        }
    }

    /// Where the image file named `filename` lives, or nil for a name that is not a plain file name.
    public func url(for filename: String) -> URL? {
        try? files.url(forFilename: filename)
    }
}
