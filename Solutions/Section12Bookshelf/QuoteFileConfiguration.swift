// Section 12 — Repositories, stores and performance
// How a container opens the quote file. You do not need to change this file.

import PersistenceCore

/// Describes the quote store: which file it keeps, under which name. `ModelContainer` opens a
/// ``QuoteFileStore`` for it, as it opens the SQLite store for a `ModelConfiguration`:
///
/// ```swift
/// let url = AppSandbox.current.documentsDirectory.appending(path: "Quotes.json")
/// let container = try ModelContainer(for: Quote.self, configurations: QuoteFileConfiguration(fileURL: url))
/// ```
///
/// As Apple's SDK requires, `schema` is settable: the container fills it in with the models this
/// configuration keeps.
public struct QuoteFileConfiguration: DataStoreConfiguration {
    /// The store that opens this configuration.
    public typealias Store = QuoteFileStore

    /// The configuration's name, unique within a container.
    public var name: String
    /// The models the store keeps; the container sets it when it is `nil`.
    public var schema: Schema?
    /// The JSON file the quotes are kept in.
    public var fileURL: URL

    /// A configuration for the quotes in the JSON file at `fileURL`.
    public init(name: String = "Quotes", schema: Schema? = nil, fileURL: URL) {
        self.name = name
        self.schema = schema
        self.fileURL = fileURL
    }

    /// Two configurations are the same store when they have the same name and file.
    public static func == (lhs: QuoteFileConfiguration, rhs: QuoteFileConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.fileURL == rhs.fileURL
    }

    /// Hashes the name and the file.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(fileURL)
    }
}
