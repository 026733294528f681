import Foundation

extension AppSandbox {
    /// One of the standard folders of an app container.
    public enum Directory: String, Sendable, CaseIterable {
        /// `Documents`.
        case documents
        /// `Library/Application Support`.
        case applicationSupport
        /// `Library/Preferences`.
        case preferences
        /// `Library/Caches`.
        case caches
        /// `tmp`.
        case temporary
    }

    /// The location of a standard folder; nothing is created.
    public func url(for directory: Directory) -> URL {
        switch directory {
        case .documents: documentsDirectory
        case .applicationSupport: applicationSupportDirectory
        case .preferences: preferencesDirectory
        case .caches: cachesDirectory
        case .temporary: temporaryDirectory
        }
    }

    /// The location of a standard folder, or of `subfolder` inside it, created with its parents if missing.
    ///
    /// ```swift
    /// let images = try sandbox.directory(.applicationSupport, subfolder: "NoteImages")
    /// ```
    /// - Throws: ``SandboxError`` when the folder cannot be created.
    @discardableResult
    public func directory(_ directory: Directory, subfolder: String? = nil) throws(SandboxError) -> URL {
        var url = url(for: directory)
        if let subfolder { url = url.appending(path: subfolder, directoryHint: .isDirectory) }
        try Self.createDirectory(at: url)
        return url
    }

    /// Creates every standard folder of the container that does not exist yet, as installing the app does.
    /// - Throws: ``SandboxError`` when a folder cannot be created.
    public func createContainerDirectories() throws(SandboxError) {
        for directory in Directory.allCases { try self.directory(directory) }
    }

    /// Creates `url` and its missing parents as folders; an existing folder is left alone.
    /// - Throws: ``SandboxError`` when a folder cannot be created.
    public static func createDirectory(at url: URL) throws(SandboxError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw SandboxError(error, operation: "Creating a folder", url: url)
        }
    }
}
