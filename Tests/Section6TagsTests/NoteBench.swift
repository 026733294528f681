@_exported import DeviceBench
import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section6Tags
import Testing

/// The note tag of the exercise, not Swift Testing's `Tag` (a label for tests).
typealias Tag = Section6Tags.Tag

/// The device a check runs on: a fresh NoteTaker device whose notes store file lives in Application
/// Support (see `ThrowawayDevice` in Tests/DeviceBench), with this section's helpers below.
typealias NoteBench = ThrowawayDevice

extension ThrowawayDevice {
    /// The store file every launch of this bench opens.
    var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: "Notes.store") }

    /// Runs `body` on a fresh NoteTaker device, with its sandbox current.
    static func run(_ body: (ThrowawayDevice) throws -> Void) throws {
        try run(app: "com.example.NoteTaker", body)
    }

    /// Launches the app: a new container on the bench's store file, and one context its screens share.
    ///
    /// - Parameter allowsSave: `false` opens the store with a configuration that refuses every save, so
    ///   each save of the context throws.
    func launch(allowsSave: Bool = true) throws -> NoteApp {
        let configuration = ModelConfiguration(url: storeURL, allowsSave: allowsSave)
        let container = try ModelContainer(for: Note.self, Tag.self, configurations: configuration)
        return NoteApp(context: ModelContext(container))
    }

    /// Writes notes and tags to the store file before the app launches, through a context of its own.
    func seed(_ body: (ModelContext) throws -> Void) throws {
        let context = try launch().context
        try body(context)
        try context.save()
    }
}

/// One launch of the app: the context in its environment and the screens created in it.
struct NoteApp {
    /// The context the app's screens read through `@Environment(\.modelContext)` and `@Query`.
    let context: ModelContext

    /// The note list, created in the app's model environment.
    func noteList() -> NoteListScreen {
        ModelEnvironment.with(context) { NoteListScreen() }
    }

    /// The tag manager, created in the app's model environment.
    func tagList() -> TagListScreen {
        ModelEnvironment.with(context) { TagListScreen() }
    }

    /// The detail screen of `note`, created in the app's model environment.
    func detail(of note: Note) -> NoteDetailScreen {
        ModelEnvironment.with(context) { NoteDetailScreen(note: note) }
    }

    /// The stored note titled `title`, read through the app's context.
    func note(titled title: String) throws -> Note? {
        try storedNotes(in: context).first { $0.title == title }
    }

    /// The stored tag named `name`, read through the app's context.
    func tag(named name: String) throws -> Tag? {
        try storedTags(in: context).first { $0.name == name }
    }
}

// MARK: - Arranging

/// A note created at a chosen moment, so the newest-first order is known.
func makeNote(_ title: String, minutesAgo: Double, content: String = "") -> Note {
    let note = Note(title: title, content: content)
    note.createdAt = Date.now.addingTimeInterval(-minutesAgo * 60)
    return note
}

// MARK: - Saves the store refuses

/// Records a failure unless `action` throws the error the context's save throws on a store that refuses
/// saves: a `SwiftDataError` whose code is `saveNotAllowed`.
///
/// - Parameter name: The action as a learner reads it, for the message.
func expectRefusedSave(
    of name: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ action: () throws -> Void
) {
    let expected = "the context's SwiftDataError with code saveNotAllowed"
    do {
        try action()
        Issue.record(
            "\(name) on a store that refuses saves: expected \(expected), found no error.",
            sourceLocation: sourceLocation)
    } catch let error as SwiftDataError where error.workbenchKind == .saveNotAllowed {
        return
    } catch {
        Issue.record(
            "\(name) on a store that refuses saves: expected \(expected), found \(type(of: error)): \(error).",
            sourceLocation: sourceLocation)
    }
}

// MARK: - Reading the store back

/// Every note the context's store holds, with titles sorted alphabetically.
func storedNotes(in context: ModelContext) throws -> [Note] {
    try context.fetch(FetchDescriptor<Note>()).sorted { $0.title < $1.title }
}

/// Every tag the context's store holds, with names sorted alphabetically.
func storedTags(in context: ModelContext) throws -> [Tag] {
    try context.fetch(FetchDescriptor<Tag>()).sorted { $0.name < $1.name }
}

/// The names of a note's tags, sorted.
func tagNames(of note: Note) -> [String] {
    note.tags.map(\.name).sorted()
}

/// The titles of a tag's notes, sorted.
func noteTitles(of tag: Tag) -> [String] {
    tag.notes.map(\.title).sorted()
}

// MARK: - Describing what was found

/// A tag and its notes as a learner reads it: `Travel: Budget, Trip`, or `Ideas: no notes`.
func summary(of tag: Tag) -> String {
    let titles = noteTitles(of: tag)
    return "\(tag.name): " + (titles.isEmpty ? "no notes" : titles.joined(separator: ", "))
}

/// A note and its tags as a learner reads it: `Trip: Ideas, Travel`, or `Budget: no tags`.
func summary(of note: Note) -> String {
    let names = tagNames(of: note)
    return "\(note.title): " + (names.isEmpty ? "no tags" : names.joined(separator: ", "))
}

/// Two notes sharing a tag: "Trip" (newer) carries Travel and Ideas, "Budget" carries Travel.
func tripAndBudget(in context: ModelContext) {
    let travel = Tag(name: "Travel")
    let ideas = Tag(name: "Ideas")
    let trip = makeNote("Trip", minutesAgo: 5)
    let budget = makeNote("Budget", minutesAgo: 50)
    context.insert(trip)
    context.insert(budget)
    trip.tags = [travel, ideas]
    budget.tags = [travel]
}
