// Section 7 — Core Data, recognised
// The note model, and the keys legacy fetch requests read it by. You do not need to change this file.

import LegacyFetching
import PersistenceCore

/// One note of the note-taking app; the `@Model` that replaces the old Core Data entity `Note`.
@Model
public final class Note {
    /// The note's title.
    public var title: String
    /// The note's text.
    public var body: String
    /// When the note was created.
    public var createdAt: Date
    /// Whether the note is pinned to the top of the list.
    public var isPinned: Bool
    /// The folder the note is filed in, or `nil` when it is not filed.
    public var folder: String?
    /// How many words the note has.
    public var wordCount: Int

    /// Creates a note.
    ///
    /// - Parameters:
    ///   - title: The note's title.
    ///   - body: The note's text.
    ///   - createdAt: When the note was created; now unless you say otherwise.
    ///   - isPinned: Whether the note is pinned.
    ///   - folder: The folder it is filed in, if any.
    ///   - wordCount: How many words it has.
    public init(
        title: String,
        body: String = "",
        createdAt: Date = .now,
        isPinned: Bool = false,
        folder: String? = nil,
        wordCount: Int = 0
    ) {
        self.title = title
        self.body = body
        self.createdAt = createdAt
        self.isPinned = isPinned
        self.folder = folder
        self.wordCount = wordCount
    }
}

extension Note: LegacyEntity {
    /// The entity's name in the old data model, `Note.xcdatamodeld`.
    public static let legacyEntityName = "Note"

    /// The attributes the old data model declared, read the way key-value coding reads a managed object.
    public static let legacyAttributes: [String: @Sendable (Note) -> LegacyValue] = [
        "title": { .string($0.title) },
        "body": { .string($0.body) },
        "createdAt": { .date($0.createdAt) },
        "isPinned": { .bool($0.isPinned) },
        "folder": { $0.folder.map(LegacyValue.string) ?? .null },
        "wordCount": { .int($0.wordCount) },
    ]
}
