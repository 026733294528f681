// Section 12 — Repositories, stores and performance
// One line of the shelf's author list. You do not need to change this file.

import PersistenceCore

/// An author and the titles of their books, as the shelf's author list shows them.
public struct AuthorTitles: Equatable, Sendable, CustomStringConvertible {
    /// The author's name.
    public var name: String
    /// The titles of the author's books, A to Z.
    public var titles: [String]

    /// Creates a line of the list.
    public init(name: String, titles: [String]) {
        self.name = name
        self.titles = titles
    }

    /// "Ursula K. Le Guin: The Dispossessed, The Left Hand of Darkness", or the name alone for an
    /// author with no book on the shelf.
    public var description: String {
        titles.isEmpty ? name : "\(name): \(titles.joined(separator: ", "))"
    }
}
