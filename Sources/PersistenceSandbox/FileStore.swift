import Foundation

/// Files kept by name in one folder of an app sandbox, such as note images in `Application Support/NoteImages`.
///
/// Names are single path components; anything that could leave the folder is refused before the disk
/// is touched. Saves are atomic (``AtomicFileWriter``), and the folder is created on the first save.
///
/// ```swift
/// let images = FileStore(sandbox: .current, directory: .applicationSupport, subfolder: "NoteImages")
/// let name = FileStore.uniqueFilename(pathExtension: "jpg")
/// try images.save(jpegData, filename: name)
/// try images.setExcludedFromBackup(true, filename: name)
/// let data = try images.load(filename: name)
/// ```
///
/// ## Topics
/// ### Creating a store
/// - ``init(directory:)``
/// - ``init(sandbox:directory:subfolder:)``
/// ### Reading and writing
/// - ``save(_:filename:)``
/// - ``load(filename:)``
/// - ``remove(filename:)``
/// - ``exists(filename:)``
/// - ``list()``
/// - ``url(forFilename:)``
/// - ``uniqueFilename(pathExtension:)``
/// ### Backups
/// - ``isExcludedFromBackup(filename:)``
/// - ``setExcludedFromBackup(_:filename:)``
public struct FileStore: Sendable, Hashable {
    /// The folder that holds the files.
    public let directory: URL

    /// Creates a store for the files in `directory`; the folder is created on the first save.
    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
    }

    /// Creates a store in one of the sandbox's standard folders, or in `subfolder` inside it.
    public init(sandbox: AppSandbox = .current, directory: AppSandbox.Directory, subfolder: String? = nil) {
        var url = sandbox.url(for: directory)
        if let subfolder { url = url.appending(path: subfolder, directoryHint: .isDirectory) }
        self.init(directory: url)
    }

    /// The location of `filename` in the store's folder.
    /// - Throws: ``FileStoreError/invalidFilename(_:reason:)`` for a name that could leave the folder.
    public func url(forFilename filename: String) throws(FileStoreError) -> URL {
        try Self.validate(filename)
        return directory.appending(path: filename, directoryHint: .notDirectory)
    }

    /// Saves `data` under `filename` atomically, replacing any earlier file of that name.
    ///
    /// The replacement is a new file, so its backup flag reads `false`: set it again after saving.
    /// - Returns: The file's location.
    /// - Throws: ``FileStoreError``; on failure the earlier file is intact.
    @discardableResult
    public func save(_ data: Data, filename: String) throws(FileStoreError) -> URL {
        let url = try url(forFilename: filename)
        do {
            try AppSandbox.createDirectory(at: directory)
        } catch {
            throw .operationFailed(filename: filename, error)
        }
        AtomicFileWriter.removeAbandonedTemporaryFiles(in: directory)
        do {
            try AtomicFileWriter.write(data, to: url)
        } catch {
            throw .writeFailed(filename: filename, error)
        }
        return url
    }

    /// The content of `filename`.
    /// - Throws: ``FileStoreError/notFound(filename:directory:)`` when there is no such file.
    public func load(filename: String) throws(FileStoreError) -> Data {
        let url = try url(forFilename: filename)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw failure(error, "Reading a file", url: url, filename: filename)
        }
    }

    /// Deletes `filename`.
    /// - Throws: ``FileStoreError/notFound(filename:directory:)`` when there is no such file.
    public func remove(filename: String) throws(FileStoreError) {
        let url = try url(forFilename: filename)
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw failure(error, "Removing a file", url: url, filename: filename)
        }
    }

    /// Whether a file named `filename` exists; `false` for a name the store would refuse.
    public func exists(filename: String) -> Bool {
        guard let url = try? url(forFilename: filename) else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// The names of the stored files, sorted; empty when the folder does not exist yet.
    /// - Throws: ``FileStoreError/operationFailed(filename:_:)`` when the folder cannot be read.
    public func list() throws(FileStoreError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            let failure = SandboxError(error, operation: "Listing the files", url: directory)
            if failure.kind == .notFound { return [] }
            throw .operationFailed(filename: nil, failure)
        }
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !AtomicFileWriter.isTemporaryFileName(name)
                && FileManager.default.fileExists(
                    atPath: directory.appending(path: name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// Whether `filename` is excluded from backups; `false` for a newly saved file.
    /// - Throws: ``FileStoreError/notFound(filename:directory:)`` when there is no such file.
    public func isExcludedFromBackup(filename: String) throws(FileStoreError) -> Bool {
        let url = try url(forFilename: filename)
        do {
            return try BackupExclusion.isExcluded(at: url)
        } catch {
            throw mapped(error, filename: filename)
        }
    }

    /// Excludes `filename` from backups, or includes it again; lasts until the file is replaced.
    /// - Throws: ``FileStoreError/notFound(filename:directory:)`` when there is no such file.
    public func setExcludedFromBackup(_ excluded: Bool, filename: String) throws(FileStoreError) {
        let url = try url(forFilename: filename)
        do {
            try BackupExclusion.setExcluded(excluded, at: url)
        } catch {
            throw mapped(error, filename: filename)
        }
    }

    private func failure(_ error: any Error, _ operation: String, url: URL, filename: String) -> FileStoreError {
        mapped(SandboxError(error, operation: operation, url: url), filename: filename)
    }

    private func mapped(_ error: SandboxError, filename: String) -> FileStoreError {
        error.kind == .notFound
            ? .notFound(filename: filename, directory: directory)
            : .operationFailed(filename: filename, error)
    }
}
