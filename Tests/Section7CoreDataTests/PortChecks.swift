import Foundation
import LegacyFetching
import PersistenceCore
import Section7CoreData
import Testing

@Suite("Section 7: sort descriptors and fetch limits, ported")
struct SortPortChecks {
    @Test("pinned notes come newest first, as the legacy request sorted them")
    func pinnedNewestFirst() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.pinnedNewestFirst,
            as: LegacyNoteRequests.pinnedNewestFirst,
            in: context,
            port: "NoteRequests.pinnedNewestFirst",
            hint: "`ascending: false` is `SortDescriptor(\\.createdAt, order: .reverse)`; the predicate `isPinned == YES` is `#Predicate { $0.isPinned }`."
        )
    }

    @Test("the unpinned list stops at the legacy fetch limit")
    func unpinnedLimit() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.unpinnedByTitle(limit: 3),
            as: LegacyNoteRequests.unpinnedByTitle(limit: 3),
            in: context,
            port: "NoteRequests.unpinnedByTitle(limit: 3)",
            hint: "`request.fetchLimit = limit` becomes `descriptor.fetchLimit = limit`; without it every unpinned note comes back."
        )
    }

    @Test("unpinned notes sort by title, equal titles in the order they were saved")
    func unpinnedByTitle() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.unpinnedByTitle(limit: 20),
            as: LegacyNoteRequests.unpinnedByTitle(limit: 20),
            in: context,
            port: "NoteRequests.unpinnedByTitle(limit: 20)",
            hint: "`isPinned == NO` is `#Predicate { !$0.isPinned }` and `NSSortDescriptor(key: \"title\", ascending: true)` is `SortDescriptor(\\.title)`."
        )
    }

    @Test("notes sort by folder first, then newest first within each folder")
    func folderThenNewest() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.byFolderThenNewest,
            as: LegacyNoteRequests.byFolderThenNewest,
            in: context,
            port: "NoteRequests.byFolderThenNewest",
            hint: "Sort descriptors keep the legacy order of importance: `[SortDescriptor(\\.folder), SortDescriptor(\\.createdAt, order: .reverse)]`."
        )
    }

    @Test("notes without a folder come first when sorting by folder")
    func unfiledFirst() throws {
        let context = try NoteBench.seededContext()
        let expected = try LegacyNoteRequests.byFolderThenNewest.execute(in: context).prefix { $0.folder == nil }
        try #require(expected.count == 4, "The sample data has 4 notes without a folder, found \(expected.count).")
        let found = try context.fetch(NoteRequests.byFolderThenNewest).prefix(expected.count)
        #expect(
            found.map(\.persistentModelID) == expected.map(\.persistentModelID),
            "The first notes of NoteRequests.byFolderThenNewest: expected the notes with no folder, newest first, \(describe(Array(expected))), found \(describe(Array(found))). A `nil` folder sorts before any name going forward, as it did in the legacy request."
        )
    }
}

@Suite("Section 7: format-string predicates, ported")
struct PredicatePortChecks {
    @Test("a title search ignores case, as CONTAINS[cd] does")
    func searchIgnoresCase() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.titledContaining("grocer"),
            as: LegacyNoteRequests.titledContaining("grocer"),
            in: context,
            port: "NoteRequests.titledContaining(\"grocer\")",
            hint: "[c] means case-insensitive: `contains(_:)` is not; `localizedStandardContains(_:)` ignores case and accents, as [cd] does."
        )
    }

    @Test("a title search ignores accents, as CONTAINS[cd] does")
    func searchIgnoresAccents() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.titledContaining("CAFE"),
            as: LegacyNoteRequests.titledContaining("CAFE"),
            in: context,
            port: "NoteRequests.titledContaining(\"CAFE\")",
            hint: "[d] means diacritic-insensitive: \"CAFE\" finds \"café\". `localizedStandardContains(_:)` ignores case and accents, as [cd] does."
        )
    }

    @Test("notes created exactly at the start or the end of the range are included")
    func rangeIncludesBounds() throws {
        let context = try NoteBench.seededContext()
        let start = NoteBench.hour(2)
        let end = NoteBench.hour(5)
        try expectSameNotes(
            NoteRequests.createdBetween(start, end),
            as: LegacyNoteRequests.createdBetween(start, end),
            in: context,
            port: "NoteRequests.createdBetween(hour 2, hour 5)",
            hint: "`createdAt >= %@ AND createdAt <= %@` includes both ends: use `>=` and `<=`, not `>` or `<`, and sort by `\\.createdAt` going forward."
        )
    }

    @Test("the review list keeps the folder test around both alternatives, as the parentheses say")
    func reviewListGrouping() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.worthReviewing(in: "Work", minimumWords: 300),
            as: LegacyNoteRequests.worthReviewing(in: "Work", minimumWords: 300),
            in: context,
            port: "NoteRequests.worthReviewing(in: \"Work\", minimumWords: 300)",
            hint: "`folder == %@ AND (isPinned == YES OR wordCount >= %d)` needs the same parentheses in Swift, where `&&` binds tighter than `||`; a long note in another folder must stay out, and `>=` keeps a note of exactly 300 words."
        )
    }
}
