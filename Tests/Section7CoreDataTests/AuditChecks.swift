import Foundation
import LegacyFetching
import PersistenceCore
import Section7CoreData
import Testing

@Suite("Section 7: string keys fail only at run time")
struct AuditChecks {
    @Test("a misspelt key in a format string is reported only when the request runs, naming the key and the entity")
    func misspeltPredicateKey() throws {
        let context = try NoteBench.inMemoryContext()
        // Building the request compiles and runs without complaint: the key is only a string.
        let typo = LegacyFetchRequest<Note>(predicateFormat: "titel CONTAINS[cd] %@", arguments: ["cafe"])

        let errors = LegacyRequestAudit.runTimeErrors(of: ["search": typo], in: context)
        let expected = LegacyFetchError.unknownKey("titel", entity: "Note", request: typo.description)
        #expect(
            errors["search"] == expected,
            "The error of a request whose format string says \"titel\", run on an empty store: expected \(expected), found \(errors["search"].map { "\($0)" } ?? "no error")."
        )
        if let message = errors["search"]?.description {
            #expect(
                message.contains("\"titel\"") && message.contains("Note"),
                "The error's description: expected it to name \"titel\" and Note, found \(message).")
        }
    }

    @Test("a misspelt sort key is reported only when the request runs")
    func misspeltSortKey() throws {
        let context = try NoteBench.seededContext()
        let typo = LegacyFetchRequest<Note>(
            predicateFormat: "isPinned == YES", sortKeys: [(key: "createdAT", ascending: false)])

        let errors = LegacyRequestAudit.runTimeErrors(of: ["pinned": typo], in: context)
        let expected = LegacyFetchError.unknownKey("createdAT", entity: "Note", request: typo.description)
        #expect(
            errors["pinned"] == expected,
            "The error of a request sorted by \"createdAT\": expected \(expected), found \(errors["pinned"].map { "\($0)" } ?? "no error")."
        )
    }

    @Test("only the requests that fail when they run are reported")
    func onlyFailuresReported() throws {
        let context = try NoteBench.seededContext()
        let requests: [String: LegacyFetchRequest<Note>] = [
            "pinned": LegacyNoteRequests.pinnedNewestFirst,
            "search": LegacyNoteRequests.titledContaining("cafe"),
            "range": LegacyNoteRequests.createdBetween(NoteBench.hour(0), NoteBench.hour(3)),
            "unpinned": LegacyNoteRequests.unpinnedByTitle(limit: 5),
            "folders": LegacyNoteRequests.byFolderThenNewest,
            "review": LegacyNoteRequests.worthReviewing(in: "Work", minimumWords: 300),
            "pinned, misspelt": LegacyFetchRequest(predicateFormat: "isPined == YES"),
            "long, misspelt": LegacyFetchRequest(predicateFormat: "wordcount > %d", arguments: [100]),
        ]

        let errors = LegacyRequestAudit.runTimeErrors(of: requests, in: context)
        let failing = errors.keys.sorted()
        #expect(
            failing == ["long, misspelt", "pinned, misspelt"],
            "The requests reported as failing: expected [\"long, misspelt\", \"pinned, misspelt\"] (keys \"isPined\" and \"wordcount\"; keys are case-sensitive), found \(failing)."
        )
        let keys = errors.values.compactMap { error -> String? in
            if case .unknownKey(let key, _, _) = error { return key }
            return nil
        }.sorted()
        #expect(
            keys == ["isPined", "wordcount"],
            "The unknown keys reported: expected [\"isPined\", \"wordcount\"], found \(keys).")
    }

    @Test("a request that fails only on the notes in the given store is reported with its type mismatch")
    func typeMismatchOnStoredNotes() throws {
        let context = try NoteBench.seededContext()
        // Ordering a title against a number fails only when there is a title to compare.
        let mismatch = LegacyFetchRequest<Note>(predicateFormat: "title > %d", arguments: [5])
        try #require(
            (try? mismatch.execute(in: NoteBench.inMemoryContext())) != nil,
            "The request \(mismatch) should run without an error on an empty store."
        )
        let expected = runTimeError(of: mismatch, in: context)
        try #require(expected != nil, "The request \(mismatch) should fail on the sample notes.")

        let errors = LegacyRequestAudit.runTimeErrors(of: ["titles above five": mismatch], in: context)
        #expect(
            errors["titles above five"] == expected,
            "The error of a request comparing titles with a number, audited in a context holding notes: expected \(expected.map { "\($0)" } ?? "an error"), found \(errors["titles above five"].map { "\($0)" } ?? "no error")."
        )
    }

    @Test("a format string that cannot be read is reported with its format error")
    func unreadableFormat() throws {
        let context = try NoteBench.seededContext()
        // The placeholder has no argument to take.
        let missingArgument = LegacyFetchRequest<Note>(predicateFormat: "folder == %@")
        let expected = runTimeError(of: missingArgument, in: context)
        try #require(expected != nil, "The request \(missingArgument) should fail when it runs.")

        let errors = LegacyRequestAudit.runTimeErrors(of: ["folder": missingArgument], in: context)
        #expect(
            errors["folder"] == expected,
            "The error of a request whose %@ placeholder has no argument: expected \(expected.map { "\($0)" } ?? "an error"), found \(errors["folder"].map { "\($0)" } ?? "no error")."
        )
    }

    /// The error `request` throws when it runs in `context`, or `nil` when it runs.
    private func runTimeError(of request: LegacyFetchRequest<Note>, in context: ModelContext) -> LegacyFetchError? {
        do {
            _ = try request.execute(in: context)
            return nil
        } catch {
            return error
        }
    }
}
