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
            hint:
                "`ascending: false` is `SortDescriptor(\\.createdAt, order: .reverse)`; the predicate `isPinned == YES` is `#Predicate { $0.isPinned }`."
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
            hint:
                "`request.fetchLimit = limit` becomes `descriptor.fetchLimit = limit`; without it every unpinned note comes back."
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
            hint:
                "`isPinned == NO` is `#Predicate { !$0.isPinned }` and `NSSortDescriptor(key: \"title\", ascending: true)` is `SortDescriptor(\\.title)`."
        )
        try expectSameNotes(
            NoteRequests.unpinnedByTitle(limit: 20),
            as: LegacyNoteRequests.unpinnedByTitle(limit: 20),
            in: try NoteBench.tiedContext(),
            port:
                "NoteRequests.unpinnedByTitle(limit: 20) on notes whose equal titles were saved newest first and oldest first",
            hint: "The legacy request sorts by title alone; notes with equal titles stay in the order they were saved."
        )
    }

    @Test("a limit of zero returns every unpinned note, as a Core Data fetch limit of zero does")
    func zeroLimitMeansNoLimit() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.unpinnedByTitle(limit: 0),
            as: LegacyNoteRequests.unpinnedByTitle(limit: 0),
            in: context,
            port: "NoteRequests.unpinnedByTitle(limit: 0)",
            hint: "The legacy request reads a fetch limit of 0 as no limit at all."
        )
    }

    @Test("a limit of one returns only the first unpinned note by title")
    func limitOfOne() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.unpinnedByTitle(limit: 1),
            as: LegacyNoteRequests.unpinnedByTitle(limit: 1),
            in: context,
            port: "NoteRequests.unpinnedByTitle(limit: 1)",
            hint: "The legacy request returns the one unpinned note that comes first by title."
        )
    }

    @Test("pinned notes created at the same moment keep the order they were saved in")
    func pinnedTies() throws {
        try expectSameNotes(
            NoteRequests.pinnedNewestFirst,
            as: LegacyNoteRequests.pinnedNewestFirst,
            in: try NoteBench.tiedContext(),
            port: "NoteRequests.pinnedNewestFirst on pinned notes that share a creation time",
            hint:
                "The legacy request sorts by creation time alone; notes created at the same moment stay in the order they were saved."
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
            hint:
                "Sort descriptors keep the legacy order of importance: `[SortDescriptor(\\.folder), SortDescriptor(\\.createdAt, order: .reverse)]`."
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
            "The first notes of NoteRequests.byFolderThenNewest: expected the notes with no folder, newest first, \(describe(Array(expected))), found \(describe(Array(found)))."
        )
    }

    @Test("notes of one folder created at the same moment keep the order they were saved in")
    func folderTies() throws {
        try expectSameNotes(
            NoteRequests.byFolderThenNewest,
            as: LegacyNoteRequests.byFolderThenNewest,
            in: try NoteBench.tiedContext(),
            port: "NoteRequests.byFolderThenNewest on notes of one folder that share a creation time",
            hint:
                "The legacy request sorts by folder, then by creation time, and by nothing else; notes that tie on both stay in the order they were saved."
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
            hint:
                "[c] means case-insensitive: `contains(_:)` is not; `localizedStandardContains(_:)` ignores case and accents, as [cd] does."
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
            hint:
                "[d] means diacritic-insensitive: \"CAFE\" finds \"café\". `localizedStandardContains(_:)` ignores case and accents, as [cd] does."
        )
    }

    @Test("equal titles found by a search keep the order they were saved in")
    func searchTies() throws {
        try expectSameNotes(
            NoteRequests.titledContaining("ing"),
            as: LegacyNoteRequests.titledContaining("ing"),
            in: try NoteBench.tiedContext(),
            port:
                "NoteRequests.titledContaining(\"ing\") on notes whose equal titles were saved newest first and oldest first",
            hint: "The legacy request sorts by title alone; notes with equal titles stay in the order they were saved."
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
            hint:
                "`createdAt >= %@ AND createdAt <= %@` includes both ends: use `>=` and `<=`, not `>` or `<`, and sort by `\\.createdAt` going forward."
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
            hint:
                "`folder == %@ AND (isPinned == YES OR wordCount >= %d)` needs the same parentheses in Swift, where `&&` binds tighter than `||`; a long note in another folder must stay out, and `>=` keeps a note of exactly 300 words."
        )
    }

    @Test("the review list sorts by creation date, not by title")
    func reviewListByDate() throws {
        let context = try NoteBench.seededContext()
        try expectSameNotes(
            NoteRequests.worthReviewing(in: "Home", minimumWords: 150),
            as: LegacyNoteRequests.worthReviewing(in: "Home", minimumWords: 150),
            in: context,
            port: "NoteRequests.worthReviewing(in: \"Home\", minimumWords: 150)",
            hint:
                "In the folder Home the newest notes do not have the last titles, and \"Écoles near the new flat\" has exactly 150 words."
        )
    }

    @Test("review notes created at the same moment keep the order they were saved in")
    func reviewTies() throws {
        try expectSameNotes(
            NoteRequests.worthReviewing(in: "Work", minimumWords: 500),
            as: LegacyNoteRequests.worthReviewing(in: "Work", minimumWords: 500),
            in: try NoteBench.tiedContext(),
            port: "NoteRequests.worthReviewing(in: \"Work\", minimumWords: 500) on notes that share a creation time",
            hint:
                "The legacy request sorts by creation time alone; notes created at the same moment stay in the order they were saved."
        )
    }
}
