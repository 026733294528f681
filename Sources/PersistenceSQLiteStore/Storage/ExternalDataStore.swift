import Foundation
import GRDB
import PersistenceModels

/// Keeps the bytes of `@Attribute(.externalStorage)` attributes in files beside the store file.
///
/// The column then holds the file's name as text instead of a blob. Stores kept in memory have no
/// folder, so their external attributes stay in the table.
struct ExternalDataStore: Sendable {
    /// `<store folder>/.<store file name>_SUPPORT/_EXTERNAL_DATA`.
    let directory: URL

    init(storeURL: URL) {
        directory = storeURL.deletingLastPathComponent()
            .appending(path: ".\(storeURL.lastPathComponent)_SUPPORT", directoryHint: .isDirectory)
            .appending(path: "_EXTERNAL_DATA", directoryHint: .isDirectory)
    }

    /// Writes `data` to a new file and returns the file's name.
    func write(_ data: Data) throws -> String {
        let name = UUID().uuidString
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: directory.appending(path: name), options: .atomic)
        } catch {
            throw SwiftDataError(
                .storeOperationFailed, reason: "\(error.localizedDescription)",
                context: "writing external data to \(directory.path)")
        }
        return name
    }

    /// Reads the file `name`.
    func read(_ name: String) throws -> Data {
        do {
            return try Data(contentsOf: directory.appending(path: name))
        } catch {
            throw SwiftDataError(
                .storeOperationFailed, reason: "the file \(name) cannot be read (\(error.localizedDescription))",
                context: "reading external data from \(directory.path)")
        }
    }

    /// Deletes the file `name`, if it exists.
    func remove(_ name: String) {
        try? FileManager.default.removeItem(at: directory.appending(path: name))
    }

    /// Whether a column value is a reference to an external file rather than inline bytes.
    static func fileName(in storedValue: DatabaseValue) -> String? {
        if case .string(let name) = storedValue.storage { return name }
        return nil
    }
}
