// Section 7 — Core Data, recognised
// The old app's fetch requests, exactly as the Core Data code wrote them. Port each one in
// NoteRequests.swift. You do not need to change this file.

import LegacyFetching
import PersistenceCore

/// The fetch requests of the note-taking app before it moved to SwiftData.
///
/// Each comment shows the Core Data code the request stands for. The old app sorted text with
/// `localizedStandardCompare:`, the order people expect in a list (and the order `SortDescriptor`
/// uses for strings); the `selector:` argument is left out of the comments below to keep them short.
public enum LegacyNoteRequests {
    /// Pinned notes, newest first.
    ///
    /// ```swift
    /// request.predicate = NSPredicate(format: "isPinned == YES")
    /// request.sortDescriptors = [NSSortDescriptor(key: "createdAt", ascending: false)]
    /// ```
    public static let pinnedNewestFirst = LegacyFetchRequest<Note>(
        predicateFormat: "isPinned == YES",
        sortKeys: [(key: "createdAt", ascending: false)]
    )

    /// The search field: notes whose title contains `text`, ignoring case and accents, by title.
    ///
    /// ```swift
    /// request.predicate = NSPredicate(format: "title CONTAINS[cd] %@", text)
    /// request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
    /// ```
    public static func titledContaining(_ text: String) -> LegacyFetchRequest<Note> {
        LegacyFetchRequest(
            predicateFormat: "title CONTAINS[cd] %@",
            arguments: [.string(text)],
            sortKeys: [(key: "title", ascending: true)]
        )
    }

    /// Notes created from `start` to `end`, both included, oldest first.
    ///
    /// ```swift
    /// request.predicate = NSPredicate(format: "createdAt >= %@ AND createdAt <= %@", start as NSDate, end as NSDate)
    /// request.sortDescriptors = [NSSortDescriptor(key: "createdAt", ascending: true)]
    /// ```
    public static func createdBetween(_ start: Date, _ end: Date) -> LegacyFetchRequest<Note> {
        LegacyFetchRequest(
            predicateFormat: "createdAt >= %@ AND createdAt <= %@",
            arguments: [.date(start), .date(end)],
            sortKeys: [(key: "createdAt", ascending: true)]
        )
    }

    /// The first `limit` unpinned notes by title.
    ///
    /// ```swift
    /// request.predicate = NSPredicate(format: "isPinned == NO")
    /// request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
    /// request.fetchLimit = limit
    /// ```
    public static func unpinnedByTitle(limit: Int) -> LegacyFetchRequest<Note> {
        LegacyFetchRequest(
            predicateFormat: "isPinned == NO",
            sortKeys: [(key: "title", ascending: true)],
            fetchLimit: limit
        )
    }

    /// Every note grouped by folder (unfiled notes first), newest first within a folder.
    ///
    /// ```swift
    /// request.sortDescriptors = [
    ///     NSSortDescriptor(key: "folder", ascending: true),
    ///     NSSortDescriptor(key: "createdAt", ascending: false),
    /// ]
    /// ```
    public static let byFolderThenNewest = LegacyFetchRequest<Note>(
        sortKeys: [(key: "folder", ascending: true), (key: "createdAt", ascending: false)]
    )

    /// Notes of one folder that are pinned or long, newest first.
    ///
    /// ```swift
    /// request.predicate = NSPredicate(format: "folder == %@ AND (isPinned == YES OR wordCount >= %d)", folder, minimumWords)
    /// request.sortDescriptors = [NSSortDescriptor(key: "createdAt", ascending: false)]
    /// ```
    public static func worthReviewing(in folder: String, minimumWords: Int) -> LegacyFetchRequest<Note> {
        LegacyFetchRequest(
            predicateFormat: "folder == %@ AND (isPinned == YES OR wordCount >= %d)",
            arguments: [.string(folder), .int(minimumWords)],
            sortKeys: [(key: "createdAt", ascending: false)]
        )
    }
}
