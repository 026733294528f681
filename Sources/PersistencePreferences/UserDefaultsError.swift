import Foundation
import PersistenceSandbox

/// A problem a ``UserDefaults`` met; it is reported (``UserDefaults/reportedErrors`` and standard error), never a crash.
public enum UserDefaultsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A value that a property list cannot hold was refused, and nothing was written.
    case notPropertyList(key: String, typeName: String, location: String)
    /// The preference file could not be parsed; it was renamed aside and the store went on without it.
    case corruptFile(URL, quarantinedAt: URL?)
    /// The change could not be saved; the file on disk is as it was before.
    case writeFailed(key: String, AtomicWriteError)
    /// The Preferences folder, whose lock serializes writers between processes, could not be locked.
    case lockFailed(URL, code: Int32)
    /// A `Codable` value could not be encoded or decoded.
    case codingFailed(key: String, typeName: String, reason: String)

    /// "<what failed>: <reason> — while <context>"; values themselves are never printed.
    public var description: String {
        switch self {
        case .notPropertyList(let key, let typeName, let location):
            let place = location == key ? "" : " at \(location)"
            return "Storing a preference failed: \(typeName)\(place) is not a property-list type "
                + "(String, Data, Date, a number, Bool, or an array or String-keyed dictionary of them) "
                + "— while setting key '\(key)'; nothing was written"
        case .corruptFile(let file, let quarantine):
            let aside = quarantine.map { "; it was moved to \($0.lastPathComponent)" } ?? ""
            return "Reading preferences failed: \(file.lastPathComponent) is not a valid property list\(aside) "
                + "— while loading \(file.deletingLastPathComponent().path)"
        case .writeFailed(let key, let error):
            return "Saving a preference failed: \(error) — while setting key '\(key)'"
        case .lockFailed(let file, let code):
            return "Locking preferences failed: \(String(cString: strerror(code))) — while opening \(file.path)"
        case .codingFailed(let key, let typeName, let reason):
            return "Coding a \(typeName) failed: \(reason) — while handling key '\(key)'"
        }
    }
}
