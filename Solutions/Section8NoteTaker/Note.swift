// Section 8 — Practice project: NoteTaker
//
// Goal: the whole NoteTaker app below its screens, built from the pieces of Sections 2 to 4, and used
// for real by the `notetaker` command (`swift run notetaker --help`).
//
//   - `Note` (this file) and `Tag` (Tag.swift): two models with a many-to-many relationship. A note
//     has a title, content, the moment it was created, whether it is pinned, its tags and, at most,
//     one image, of which it keeps only the file's name.
//   - `NoteTakerSettings` (NoteTakerSettings.swift): the sort order and "show pinned first", kept with
//     `@AppStorage` under the keys in NoteTakerContract.swift.
//   - `NoteImageStore` (NoteImageStore.swift): image files in `Application Support/NoteImages`, each
//     under a new unique name, written atomically.
//   - `NoteRepository` (NoteRepository.swift): creates, lists, searches, edits and deletes notes,
//     manages tags and images, saves after every change, and lists notes the way the settings say.
//   - `PINLock` (PINLock.swift), the bonus: a 4-digit PIN in the vault through the Security
//     functions, a count of wrong PINs, and a lockout after `PINRules.maxWrongAttempts` of them.
//
// Run `swift test --filter Section8` (or `swift run coach check 8`) to see which checks pass.

import PersistenceCore

/// One note: a title, free text, when it was written, whether it is pinned, its tags and its image.
@Model
public final class Note {
    /// The note's title, shown in the list.
    public var title: String
    /// The note's text.
    public var content: String
    /// When the note was created.
    public var createdAt: Date
    /// Whether the note is pinned to the top of the list.
    public var isPinned: Bool
    /// The name of the note's image file in `Application Support/NoteImages`, or nil without an image.
    /// Only the name: the folder's path changes between installs.
    public var imageFilename: String?
    /// The tags on this note; the inverse of `Tag.notes`.
    @Relationship(inverse: \Tag.notes)
    public var tags: [Tag] = []

    /// Creates a note with no tags and no image, recording the moment it was created.
    ///
    /// - Parameters:
    ///   - title: The note's title.
    ///   - content: The note's text.
    ///   - isPinned: Whether it starts pinned.
    public init(title: String, content: String = "", isPinned: Bool = false) {
        self.title = title
        self.content = content
        self.isPinned = isPinned
        self.createdAt = .now
    }
}
