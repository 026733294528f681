// Section 12 — Repositories, stores and performance
// The lookup cache. You do not need to change this file.

import PersistenceCore

/// What an ISBN lookup service answered, kept for as long as the app runs: the cache, which lives in
/// memory beside the library's file and is never written to disk.
@Model
public final class CachedLookup {
    /// The ISBN looked up.
    public var isbn: String
    /// The title the service gave for it.
    public var title: String
    /// When the service answered.
    public var lookedUpAt: Date

    /// Creates a cached answer.
    public init(isbn: String, title: String, lookedUpAt: Date) {
        self.isbn = isbn
        self.title = title
        self.lookedUpAt = lookedUpAt
    }
}
