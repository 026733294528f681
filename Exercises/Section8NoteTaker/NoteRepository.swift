// Section 8 — Practice project: NoteTaker
// Everything the app does to notes, tags and images. See Note.swift for the goal.

import PersistenceCore

/// Creates, lists, edits and deletes notes and tags through one model context, keeps each note's image
/// file in step with the note, and saves after every change.
///
/// ```swift
/// let repository = NoteRepository(context: ModelContext(try NoteTakerStore.makeContainer()))
/// let note = try repository.addNote(title: "Groceries", content: "Milk, eggs")
/// let work = try repository.addTag(named: "work")
/// try repository.assign(work, to: note)
/// let list = try repository.notes(matching: "milk")
/// ```
public struct NoteRepository {
    /// The context every operation reads and writes through.
    public let context: ModelContext
    /// The settings the list obeys, read again on every call.
    public let settings: NoteTakerSettings
    /// Where the notes' image files live.
    public let images: NoteImageStore

    /// Creates a repository over `context`, listing notes as `settings` say and keeping images in `images`.
    public init(context: ModelContext, settings: NoteTakerSettings = NoteTakerSettings(), images: NoteImageStore = NoteImageStore()) {
        self.context = context
        self.settings = settings
        self.images = images
    }

    // MARK: Notes

    /// Adds a new note carrying the tags named in `tags` — the existing tag of each name, or a new one
    /// — and saves it all in one save, so the note is never stored without its tags.
    ///
    /// - Parameter tags: Tag names; a name given twice puts the tag on the note once.
    /// - Returns: The new note.
    /// - Throws: The context's error when fetching or saving fails.
    @discardableResult
    public func addNote(title: String, content: String = "", isPinned: Bool = false, tags: [String] = []) throws -> Note {
        // TODO: Create the note and insert it into the context; put on it, once each, the existing tag of
        // every name in `tags` or a new tag of that name; then save once, at the end.
        Note(title: title, content: content, isPinned: isPinned)
    }

    /// The notes whose title or content contains `searchText`, ignoring case and accents (every note
    /// when it is empty), ordered as the settings say: pinned notes first when `showPinnedFirst` is on,
    /// then newest first for `.date` or alphabetically for `.title`.
    ///
    /// - Throws: The context's error when fetching fails.
    public func notes(matching searchText: String = "") throws -> [Note] {
        // TODO: Build the sort descriptors from `settings` (read them here, every time), add a
        // #Predicate using `localizedStandardContains` on title and content when `searchText` is not
        // empty, and fetch.
        []
    }

    /// Changes whichever of a note's title, content and pinned state are given, and saves.
    ///
    /// - Throws: The context's error when saving fails.
    public func update(_ note: Note, title: String? = nil, content: String? = nil, isPinned: Bool? = nil) throws {
        // TODO: Change only the values that are not nil, then save.
    }

    /// Deletes a note, its image file and its place on its tags, and saves.
    ///
    /// - Throws: The context's error when saving fails, or `NoteTakerError.imageFailed`.
    public func deleteNote(_ note: Note) throws {
        // TODO: Delete the note through the context and save; then remove its image file, if any.
    }

    // MARK: Tags

    /// The tag named `name`, created and saved when there is none yet.
    ///
    /// - Throws: The context's error when fetching or saving fails.
    @discardableResult
    public func addTag(named name: String) throws -> Tag {
        // TODO: Return the existing tag of that name, or insert a new one and save.
        Tag(name: name)
    }

    /// The tag named exactly `name`, or nil.
    ///
    /// - Throws: The context's error when fetching fails.
    public func tag(named name: String) throws -> Tag? {
        // TODO: Fetch with a #Predicate on the name.
        nil
    }

    /// Every tag, by name.
    ///
    /// - Throws: The context's error when fetching fails.
    public func allTags() throws -> [Tag] {
        // TODO: Fetch every tag, sorted by name.
        []
    }

    /// Deletes a tag and saves; the notes that carried it stay, without it.
    ///
    /// - Throws: The context's error when saving fails.
    public func deleteTag(_ tag: Tag) throws {
        // TODO: Delete it through the context, then save.
    }

    /// Puts `tag` on `note` (once) and saves.
    ///
    /// - Throws: The context's error when saving fails.
    public func assign(_ tag: Tag, to note: Note) throws {
        // TODO: Append the tag to the note's tags unless it is there already, then save.
    }

    /// Takes `tag` off `note` and saves; both stay in the store.
    ///
    /// - Throws: The context's error when saving fails.
    public func unassign(_ tag: Tag, from note: Note) throws {
        // TODO: Remove the tag from the note's tags, then save.
    }

    // MARK: Images

    /// Gives `note` the image `data`, in a new file, removing the file of the image it replaces; saves.
    ///
    /// - Parameter pathExtension: The image's file extension, such as `"jpg"`.
    /// - Throws: `NoteTakerError.imageFailed`, or the context's error when saving fails.
    public func attachImage(_ data: Data, pathExtension: String, to note: Note) throws {
        // TODO: Save the new file first and keep its name in the note; save the context; then remove
        // the file of the image the note had before.
    }

    /// Takes the image off `note`, deleting its file, and saves.
    ///
    /// - Throws: `NoteTakerError.imageFailed`, or the context's error when saving fails.
    public func removeImage(from note: Note) throws {
        // TODO: Clear the note's imageFilename, save, then remove the file.
    }

    /// The content of `note`'s image, or nil when it has none.
    ///
    /// - Throws: `NoteTakerError.imageFailed` when the file cannot be read.
    public func imageData(of note: Note) throws -> Data? {
        // TODO: Load the file named by the note's imageFilename.
        nil
    }
}
