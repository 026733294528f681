import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section6Tags
import Testing

@Suite("Section 6: the previews' container")
@MainActor
struct PreviewChecks {
    /// Each note a context holds, saved or not, as "title [tags A to Z]" (with "pinned" when it is), A to Z.
    static func samples(in context: ModelContext) throws -> [String] {
        try context.fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])).map { note in
            let tags = note.tags.map(\.name).sorted().joined(separator: ", ")
            return "\(note.title) [\(tags)]" + (note.isPinned ? " pinned" : "")
        }
    }

    /// The tags a context holds, saved or not, by name, A to Z.
    static func tagNames(in context: ModelContext) throws -> [String] {
        try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)])).map(\.name)
    }

    static let expectedNotes = ["Groceries [Home] pinned", "Reading list []", "Trip ideas [Home, Travel]"]

    @Test("the preview container's main context holds the sample notes, tagged as the goal says, and the two tags")
    func holdsTheSamples() throws {
        try NoteBench.run { _ in
            let context = try PreviewSamples.makeContainer().mainContext
            let notes = try Self.samples(in: context)
            let tags = try Self.tagNames(in: context)
            #expect(
                notes == Self.expectedNotes,
                "The notes in the main context of PreviewSamples.makeContainer(): expected \(describe(Self.expectedNotes)), found \(describe(notes))."
            )
            #expect(
                tags == ["Home", "Travel"],
                "The tags in its main context: expected [\"Home\", \"Travel\"], found \(describe(tags)).")
        }
    }

    @Test("each preview container starts from the samples and writes no file on the device")
    func inMemoryAndFresh() throws {
        try NoteBench.run { device in
            let first = try PreviewSamples.makeContainer().mainContext
            let firstNotes = try Self.samples(in: first)
            if let note = try first.fetch(FetchDescriptor<Note>()).first { first.delete(note) }
            first.insert(Note(title: "Scratch"))
            try first.save()

            let second = try Self.samples(in: PreviewSamples.makeContainer().mainContext)
            let files = device.everyFileOnDevice().map(\.path).filter { !$0.hasPrefix("Vault") }
            #expect(
                firstNotes == Self.expectedNotes && second == Self.expectedNotes,
                "The notes of a first preview container, then of a second one made after the first deleted a note, added \"Scratch\" and saved: expected the samples both times, \(describe(Self.expectedNotes)); found \(describe(firstNotes)) and then \(describe(second))."
            )
            #expect(
                files.isEmpty,
                "The files on the device after making two preview containers and saving in one: expected none (a preview's store lives in memory), found \(describe(files))."
            )
        }
    }
}
