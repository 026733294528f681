@_exported import DeviceBench
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section5Queries
import Testing

/// A throwaway note store for one check: a container held in memory, seeded and saved before the
/// query under test runs, so checks running in parallel never share data.
struct NoteBench {
    /// The container the seeded notes are saved in.
    let container: ModelContainer

    /// A new, empty store.
    init() throws {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true)
        container = try ModelContainer(for: Note.self, NoteTag.self, configurations: configuration)
    }

    /// A new store holding `notes`, saved.
    init(_ notes: [NoteSeed]) throws {
        try self.init()
        try add(notes)
    }

    /// Adds `notes` with their tags through a context of their own, and saves; tags are shared by name.
    func add(_ notes: [NoteSeed]) throws {
        let context = ModelContext(container)
        var tags: [String: NoteTag] = [:]
        for existing in try context.fetch(FetchDescriptor<NoteTag>()) {
            tags[existing.name] = existing
        }
        for seed in notes {
            let note = Note(
                title: seed.title, content: seed.content, isPinned: seed.isPinned, createdAt: seed.createdAt)
            context.insert(note)
            for name in seed.tags {
                let tag = tags[name] ?? NoteTag(name: name)
                if tags[name] == nil {
                    context.insert(tag)
                    tags[name] = tag
                }
                note.tags.append(tag)
            }
        }
        try context.save()
    }

    /// Adds the tag named `tagName` (creating it if needed) to the stored note titled `title`, and saves.
    func tag(noteTitled title: String, with tagName: String) throws {
        let context = ModelContext(container)
        let note = try #require(
            try context.fetch(FetchDescriptor<Note>()).first { $0.title == title },
            "The check's own setup: no note titled \"\(title)\" in the store."
        )
        let existing = try context.fetch(FetchDescriptor<NoteTag>()).first { $0.name == tagName }
        let tag = existing ?? NoteTag(name: tagName)
        if existing == nil { context.insert(tag) }
        note.tags.append(tag)
        try context.save()
    }

    /// Deletes the stored note titled `title` through a context of its own, and saves.
    func delete(noteTitled title: String) throws {
        let context = ModelContext(container)
        let note = try #require(
            try context.fetch(FetchDescriptor<Note>()).first { $0.title == title },
            "The check's own setup: no note titled \"\(title)\" in the store."
        )
        context.delete(note)
        try context.save()
    }

    /// The titles `descriptor` fetches through a fresh context, in the order they come back.
    func titles(_ descriptor: FetchDescriptor<Note>) throws -> [String] {
        try ModelContext(container).fetch(descriptor).map(\.title)
    }

    /// Creates `view` the way the app shows it: inside a model environment of this store.
    func show<View>(_ view: () -> View) -> View {
        ModelEnvironment.with(container, view)
    }
}

/// The exercise's tag model; `Testing` has a `Tag` of its own.
typealias NoteTag = Section5Queries.Tag

/// One note to put in a bench's store.
struct NoteSeed {
    let title: String
    let content: String
    let isPinned: Bool
    let createdAt: Date
    let tags: [String]

    /// A note written on `day` (see ``moment(day:)``), optionally pinned, with content and tags.
    init(_ title: String, content: String = "", pinned: Bool = false, day: Double, tags: [String] = []) {
        self.title = title
        self.content = content
        self.isPinned = pinned
        self.createdAt = moment(day: day)
        self.tags = tags
    }
}

// MARK: - Describing what was found

/// `advice` for a wrong result; when nothing came back at all, a question about a query that may still
/// match nothing, so an unfinished query is not blamed for a different slip.
func advice(_ found: [String], _ advice: String, unfinished what: String = "descriptor") -> String {
    found.isEmpty
        ? "Nothing came back: does the \(what) still match no note, like the starter's #Predicate { _ in false }?"
        : advice
}
