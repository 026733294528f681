import Foundation
import PersistenceSandbox

/// Where and how a container keeps its store: in memory or in a file, and whether it may save.
///
/// ```swift
/// let configuration = ModelConfiguration(isStoredInMemoryOnly: true)
/// let container = try ModelContainer(for: Note.self, configurations: configuration)
/// ```
public struct ModelConfiguration: Sendable {
    /// The configuration's name; it also names the default store file.
    public let name: String
    /// The store file (unused when the store is in memory).
    public let url: URL
    /// Whether the store lives only in memory and vanishes with the container.
    public let isStoredInMemoryOnly: Bool
    /// Whether contexts may save to the store.
    public let allowsSave: Bool
    /// The schema this configuration stores, when it differs from the container's.
    public let schema: Schema?

    /// A configuration whose store file is `<name>.store` in the app's Application Support folder, or in memory.
    ///
    /// - Parameters:
    ///   - name: The configuration's name; `"default"` when `nil`.
    ///   - schema: The models to store; the container's schema when `nil`.
    ///   - isStoredInMemoryOnly: Keep the store in memory only.
    ///   - allowsSave: Whether contexts may save.
    public init(_ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true) {
        let name = name ?? "default"
        self.name = name
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        self.url = AppSandbox.current.applicationSupportDirectory.appending(path: "\(name).store")
    }

    /// A configuration whose store is the file at `url`.
    ///
    /// - Parameters:
    ///   - name: The configuration's name; `"default"` when `nil`.
    ///   - schema: The models to store; the container's schema when `nil`.
    ///   - url: The store file; its folder is created when missing.
    ///   - allowsSave: Whether contexts may save.
    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true) {
        self.name = name ?? "default"
        self.schema = schema
        self.isStoredInMemoryOnly = false
        self.allowsSave = allowsSave
        self.url = url
    }
}
