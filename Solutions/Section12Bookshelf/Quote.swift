// Section 12 — Repositories, stores and performance
// A quote worth keeping. You do not need to change this file.

import PersistenceCore

/// A passage the reader copied from a book; kept in a JSON file of its own by ``QuoteFileStore``.
@Model
public final class Quote {
    /// The words quoted.
    public var text: String
    /// The book they come from.
    public var bookTitle: String
    /// The page they are on.
    public var page: Int

    /// Creates a quote.
    public init(text: String, bookTitle: String, page: Int) {
        self.text = text
        self.bookTitle = bookTitle
        self.page = page
    }
}
