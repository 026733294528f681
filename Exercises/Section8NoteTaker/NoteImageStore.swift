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
    // TODO: Keep a `FileStore` for `.applicationSupport` with the subfolder `NoteTakerKeys.imagesFolder`:
    // it writes atomically, creates the folder on the first save, and refuses names that leave it.

    /// The image store of `sandbox`'s app.
    public init(sandbox: AppSandbox = .current) {
        // TODO: Create the FileStore for `sandbox`.
    }

    /// Saves `data` atomically under a new unique name ending in `pathExtension`, and returns that name.
    ///
    /// - Throws: `NoteTakerError.imageFailed` when the file cannot be written.
    public func save(_ data: Data, pathExtension: String) throws -> String {
        // TODO: Make a new name with `FileStore.uniqueFilename(pathExtension:)`, save the data under
        // it, and return the name (only the name, never the folder's path).
        ""
    }

    /// The content of the image file named `filename`.
    ///
    /// - Throws: `NoteTakerError.imageFailed` when there is no such file or it cannot be read.
    public func load(filename: String) throws -> Data {
        // TODO: Load the file; turn a FileStoreError into NoteTakerError.imageFailed.
        Data()
    }

    /// Deletes the image file named `filename`; a file that is already gone is not an error.
    ///
    /// - Throws: `NoteTakerError.imageFailed` when the file exists but cannot be removed.
    public func remove(filename: String) throws {
        // TODO: Remove the file; ignore `.notFound`, throw NoteTakerError.imageFailed for anything else.
    }

    /// Where the image file named `filename` lives, or nil for a name that is not a plain file name.
    public func url(for filename: String) -> URL? {
        // TODO: Ask the FileStore for the file's URL.
        nil
    }
}
