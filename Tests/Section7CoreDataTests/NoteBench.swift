import Foundation
import LegacyFetching
import PersistenceCore
import Section7CoreData
import Testing

/// The note-taking app's data for one check: notes chosen to trip a port that is nearly right
/// (case and accents in titles, equal titles, equal creation times, notes with no folder, word
/// counts on a boundary).
enum NoteBench {
    /// The moment the first note was created; every other note is a whole number of hours later.
    static let firstHour = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// The moment `hour` hours after the first note.
    static func hour(_ hour: Double) -> Date {
        firstHour.addingTimeInterval(hour * 3_600)
    }

    /// The notes every check starts with, in the order they are saved.
    static func sampleNotes() -> [Note] {
        [
            Note(title: "Groceries", createdAt: hour(0), folder: "Home", wordCount: 40),
            Note(
                title: "GROCERY run for the party", createdAt: hour(1), isPinned: true, folder: "Home", wordCount: 250),
            Note(title: "café opening hours", createdAt: hour(2), wordCount: 12),
            Note(title: "Cafeteria menu", createdAt: hour(3), isPinned: true, folder: "Work", wordCount: 80),
            Note(title: "Quarterly report draft", createdAt: hour(4), folder: "Work", wordCount: 1_200),
            Note(title: "Team offsite ideas", createdAt: hour(5), isPinned: true, folder: "Work", wordCount: 30),
            Note(title: "apple pie recipe", createdAt: hour(6), folder: "Home", wordCount: 300),
            Note(title: "Book club picks", createdAt: hour(7), wordCount: 90),
            Note(title: "Zoo tickets", createdAt: hour(8), isPinned: true, wordCount: 5),
            Note(title: "Groceries", createdAt: hour(9), folder: "Home", wordCount: 60),
            Note(title: "Écoles near the new flat", createdAt: hour(10), folder: "Home", wordCount: 150),
            Note(title: "Work retro notes", createdAt: hour(11), folder: "Work", wordCount: 300),
            Note(title: "Sprint plan", createdAt: hour(4), folder: "Work", wordCount: 200),
            Note(title: "Pinned cafe address", createdAt: hour(4), isPinned: true, wordCount: 8),
        ]
    }

    /// Notes that tie on a sort key, saved in an order no other key explains: two pinned notes created
    /// at the same moment with titles saved going down, and two going up; equal titles saved newest
    /// first, and equal titles saved oldest first.
    static func tiedNotes() -> [Note] {
        [
            Note(title: "Budget review", createdAt: hour(1), isPinned: true, folder: "Work", wordCount: 500),
            Note(title: "Agenda", createdAt: hour(1), isPinned: true, folder: "Work", wordCount: 20),
            Note(title: "Shopping", createdAt: hour(3)),
            Note(title: "Shopping", createdAt: hour(2)),
            Note(title: "Call plumber", createdAt: hour(4), isPinned: true, folder: "Home", wordCount: 15),
            Note(title: "Dentist", createdAt: hour(4), isPinned: true, folder: "Home", wordCount: 10),
            Note(title: "Packing", createdAt: hour(5), folder: "Home"),
            Note(title: "Packing", createdAt: hour(6), folder: "Home"),
            Note(title: "Hiring plan", createdAt: hour(7), folder: "Work", wordCount: 600),
            Note(title: "Invoice", createdAt: hour(7), folder: "Work", wordCount: 700),
        ]
    }

    /// A context on a fresh in-memory store holding the sample notes, saved.
    static func seededContext() throws -> ModelContext {
        try context(holding: sampleNotes())
    }

    /// A context on a fresh in-memory store holding the tied notes, saved.
    static func tiedContext() throws -> ModelContext {
        try context(holding: tiedNotes())
    }

    /// A context on a fresh in-memory store holding `notes`, saved in order.
    static func context(holding notes: [Note]) throws -> ModelContext {
        let context = try inMemoryContext()
        for note in notes { context.insert(note) }
        try context.save()
        return context
    }

    /// A container on a fresh store that lives in memory only.
    static func inMemoryContainer() throws -> ModelContainer {
        try ModelContainer(for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    /// A context on a fresh, empty store that lives in memory only.
    static func inMemoryContext() throws -> ModelContext {
        ModelContext(try inMemoryContainer())
    }
}

// MARK: - Comparing a port with its legacy request

/// Records a failure unless `descriptor` fetches exactly the notes `legacy` returns, in the same order.
///
/// - Parameters:
///   - port: How the learner's descriptor is written, for the message.
///   - hint: What to look at when the two differ.
func expectSameNotes(
    _ descriptor: FetchDescriptor<Note>,
    as legacy: LegacyFetchRequest<Note>,
    in context: ModelContext,
    port: String,
    hint: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let expected = try legacy.execute(in: context)
    try #require(
        !expected.isEmpty, "The legacy request \(legacy) found no notes in the sample data.",
        sourceLocation: sourceLocation)
    let found: [Note]
    do {
        found = try context.fetch(descriptor)
    } catch {
        Issue.record(
            "Fetching \(port): expected \(describe(expected)), found an error: \(error).",
            sourceLocation: sourceLocation)
        return
    }
    #expect(
        found.map(\.persistentModelID) == expected.map(\.persistentModelID),
        "\(port): expected the legacy request's notes \(describe(expected)), found \(describe(found)). \(hint)",
        sourceLocation: sourceLocation
    )
}

// MARK: - Describing what was found

/// Notes as a learner reads them: each title with the hour it was created, in order.
func describe(_ notes: [Note]) -> String {
    "[" + notes.map(describe).joined(separator: ", ") + "]"
}

/// A note as a learner reads it: its title and the hour it was created.
func describe(_ note: Note) -> String {
    let hours = note.createdAt.timeIntervalSince(NoteBench.firstHour) / 3_600
    return "\"\(note.title)\" (hour \(hours.formatted(.number.precision(.fractionLength(0...1)))))"
}
