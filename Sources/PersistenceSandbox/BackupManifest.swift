import Foundation

/// The files a device backup would copy from an app container.
///
/// It holds the files under `Documents`, `Library/Application Support` and `Library/Preferences`,
/// minus items flagged with ``BackupExclusion`` (a flagged folder takes its contents with it).
/// `Library/Caches` and `tmp` are never backed up.
///
/// ```swift
/// let manifest = try sandbox.backupManifest()
/// manifest.contains(sandbox.documentsDirectory.appending(path: "draft.txt")) // true
/// ```
///
/// ## Topics
/// - ``AppSandbox/backupManifest()``
/// - ``paths``
/// - ``contains(_:)``
public struct BackupManifest: Sendable, Hashable {
    /// The container the manifest describes.
    public let containerURL: URL
    /// The backed-up files, as paths relative to the container (`Documents/draft.txt`), sorted.
    public let paths: [String]

    /// Whether the file at `url` is part of the backup.
    public func contains(_ url: URL) -> Bool {
        let container = containerURL.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        guard path.hasPrefix(container) else { return false }
        return paths.contains(String(path.dropFirst(container.count)))
    }
}

extension AppSandbox {
    /// Lists the files a backup of this app would contain.
    /// - Throws: ``SandboxError`` when a folder cannot be listed or a backup flag cannot be read.
    public func backupManifest() throws(SandboxError) -> BackupManifest {
        var paths: [String] = []
        for directory in [documentsDirectory, applicationSupportDirectory, preferencesDirectory] {
            try Self.collectBackedUpFiles(
                in: directory, relativeTo: containerURL.standardizedFileURL.path, into: &paths)
        }
        return BackupManifest(containerURL: containerURL, paths: paths.sorted())
    }

    private static func collectBackedUpFiles(
        in directory: URL, relativeTo containerPath: String, into paths: inout [String]
    ) throws(SandboxError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            let failure = SandboxError(error, operation: "Listing a folder for the backup", url: directory)
            if failure.kind == .notFound { return }
            throw failure
        }
        guard try !BackupExclusion.isExcluded(at: directory) else { return }
        for name in names.sorted() where !AtomicFileWriter.isTemporaryFileName(name) {
            let url = directory.appending(path: name)
            var status = stat()
            guard lstat(url.path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                try collectBackedUpFiles(in: url, relativeTo: containerPath, into: &paths)
            case S_IFREG:
                if try !BackupExclusion.isExcluded(at: url) {
                    paths.append(String(url.standardizedFileURL.path.dropFirst(containerPath.count + 1)))
                }
            default:
                continue
            }
        }
    }
}
