import Foundation
import PersistenceSandbox

/// A throwaway device for one test: a fresh sandbox under the temporary folder, deleted at the end of the scope.
struct TemporaryDevice: ~Copyable {
    let sandbox = AppSandbox.temporary(appIdentifier: "com.example.NoteTaker")

    deinit {
        try? FileManager.default.removeItem(at: sandbox.deviceRoot)
    }

    /// Writes `text` to `url`, creating the folders above it.
    func place(_ text: String, at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// Reads a file as UTF-8 text.
func text(at url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

/// The permission bits of the file at `url`.
func mode(at url: URL) -> mode_t {
    var status = stat()
    stat(url.path, &status)
    return status.st_mode & 0o7777
}

/// Every name in `folder`, hidden ones included.
func allNames(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}
