import Foundation

extension FileStore {
    /// A new collision-free filename made from a UUID, such as `3F2504E0-4F89-11D3-9A0C-0305E82C3301.jpg`.
    /// - Parameter pathExtension: The extension to append, without the dot; none when empty.
    public static func uniqueFilename(pathExtension: String = "") -> String {
        let base = UUID().uuidString
        return pathExtension.isEmpty ? base : "\(base).\(pathExtension)"
    }

    /// Refuses names that are not a single, ordinary path component.
    static func validate(_ filename: String) throws(FileStoreError) {
        let reason: String? =
            if filename.isEmpty { "the name is empty" } else if filename.utf8.contains(0) {
                "the name contains a NUL character"
            } else if filename.hasPrefix("/") { "the name is an absolute path" } else if filename.contains("/") {
                "the name contains '/'"
            } else if filename == "." || filename == ".." {
                "the name refers to a folder, not a file"
            } else if filename.utf8.count > 255 {
                "the name is longer than 255 bytes"
            } else if AtomicFileWriter.isTemporaryFileName(filename) { "the name is reserved for temporary files" } else
            { nil }
        if let reason { throw .invalidFilename(filename, reason: reason) }
    }
}
