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
        let note = Note(title: title, content: content, isPinned: isPinned)
        context.insert(note)
        for name in tags where !note.tags.contains(where: { $0.name == name }) {
            note.tags.append(try tag(named: name) ?? Tag(name: name))
        }
        try context.save()
        return note
    }

    /// The notes whose title or content contains `searchText`, ignoring case and accents (every note
    /// when it is empty), ordered as the settings say: pinned notes first when `showPinnedFirst` is on,
    /// then newest first for `.date` or alphabetically for `.title`.
    ///
    /// - Throws: The context's error when fetching fails.
    public func notes(matching searchText: String = "") throws -> [Note] {
        var sortBy: [SortDescriptor<Note>] = []
        if settings.showPinnedFirst {
            sortBy.append(SortDescriptor(\.isPinned, order: .reverse))
        }
        switch settings.sortOrder {
        case .date: sortBy.append(SortDescriptor(\.createdAt, order: .reverse))
        case .title: sortBy.append(SortDescriptor(\.title))
        }

        var descriptor = FetchDescriptor<Note>(sortBy: sortBy)
        if !searchText.isEmpty {
            descriptor.predicate = #Predicate<Note> { note in
                note.title.localizedStandardContains(searchText) || note.content.localizedStandardContains(searchText)
            }
        }
        return try context.fetch(descriptor)
    }

    /// Changes whichever of a note's title, content and pinned state are given, and saves.
    ///
    /// - Throws: The context's error when saving fails.
    public func update(_ note: Note, title: String? = nil, content: String? = nil, isPinned: Bool? = nil) throws {
        if let title { note.title = title }
        if let content { note.content = content }
        if let isPinned { note.isPinned = isPinned }
        try context.save()
    }

    /// Deletes a note, its image file and its place on its tags, and saves.
    ///
    /// - Throws: The context's error when saving fails, or `NoteTakerError.imageFailed`.
    public func deleteNote(_ note: Note) throws {
        let filename = note.imageFilename
        context.delete(note)
        try context.save()
        if let filename { try images.remove(filename: filename) }
    }

    // MARK: Tags

    /// The tag named `name`, created and saved when there is none yet.
    ///
    /// - Throws: The context's error when fetching or saving fails.
    @discardableResult
    public func addTag(named name: String) throws -> Tag {
        if let existing = try tag(named: name) { return existing }
        let tag = Tag(name: name)
        context.insert(tag)
        try context.save()
        return tag
    }

    /// The tag named exactly `name`, or nil.
    ///
    /// - Throws: The context's error when fetching fails.
    public func tag(named name: String) throws -> Tag? {
        var descriptor = FetchDescriptor<Tag>(predicate: #Predicate { $0.name == name })
        descriptor.fetchLimit = 1
        return try context.fetch(descriptor).first
    }

    /// Every tag, by name.
    ///
    /// - Throws: The context's error when fetching fails.
    public func allTags() throws -> [Tag] {
        try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)]))
    }

    /// Deletes a tag and saves; the notes that carried it stay, without it.
    ///
    /// - Throws: The context's error when saving fails.
    public func deleteTag(_ tag: Tag) throws {
        context.delete(tag)
        try context.save()
    }

    /// Puts `tag` on `note` (once) and saves.
    ///
    /// - Throws: The context's error when saving fails.
    public func assign(_ tag: Tag, to note: Note) throws {
        if !note.tags.contains(where: { $0 === tag }) {
            note.tags.append(tag)
        }
        try context.save()
    }

    /// Takes `tag` off `note` and saves; both stay in the store.
    ///
    /// - Throws: The context's error when saving fails.
    public func unassign(_ tag: Tag, from note: Note) throws {
        note.tags.removeAll { $0 === tag }
        try context.save()
    }

    // MARK: Images

    /// Gives `note` the image `data`, in a new file, removing the file of the image it replaces; saves.
    ///
    /// - Parameter pathExtension: The image's file extension, such as `"jpg"`.
    /// - Throws: `NoteTakerError.imageFailed`, or the context's error when saving fails.
    public func attachImage(_ data: Data, pathExtension: String, to note: Note) throws {
        let oldFilename = note.imageFilename
        note.imageFilename = try images.save(data, pathExtension: pathExtension)
        try context.save()
        if let oldFilename { try images.remove(filename: oldFilename) }
    }

    /// Takes the image off `note`, deleting its file, and saves.
    ///
    /// - Throws: `NoteTakerError.imageFailed`, or the context's error when saving fails.
    public func removeImage(from note: Note) throws {
        guard let filename = note.imageFilename else { return }
        note.imageFilename = nil
        try context.save()
        try images.remove(filename: filename)
    }

    /// The content of `note`'s image, or nil when it has none.
    ///
    /// - Throws: `NoteTakerError.imageFailed` when the file cannot be read.
    public func imageData(of note: Note) throws -> Data? {
        guard let filename = note.imageFilename else { return nil }
        return try images.load(filename: filename)
    }
}
