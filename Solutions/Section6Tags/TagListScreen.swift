// Section 6 — Tags and the note list
// Managing tags. See NoteListScreen.swift for the goal.

import PersistenceCore

/// The tag manager: every tag by name with how many notes carry it, an "Add" field and swipe-to-delete.
///
/// ```swift
/// let tags = ModelEnvironment.with(container) { TagListScreen() }
/// let work = try tags.addTag(named: "Work")
/// print(tags.noteCount(of: work!))      // 0
/// ```
public struct TagListScreen {
    @Environment(\.modelContext) private var modelContext

    /// Every tag in the store, by name; brought up to date once each action's changes are processed.
    @Query(sort: \Tag.name) public var tags: [Tag]

    /// Creates the screen; it reads the context of the model environment it is created in.
    public init() {}

    /// The "Add" button: inserts a tag named `name` (trimmed) and saves it.
    ///
    /// A blank name adds nothing. A name that a tag already has, ignoring letter case, adds nothing
    /// either: that tag is returned instead.
    ///
    /// - Returns: The new tag, the existing tag with that name, or `nil` for a blank name.
    /// - Throws: The context's error when saving fails.
    @discardableResult
    public func addTag(named name: String) throws -> Tag? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let existing = tags.first(where: { $0.name.caseInsensitiveCompare(trimmed) == .orderedSame }) {
            return existing
        }
        let tag = Tag(name: trimmed)
        modelContext.insert(tag)
        try modelContext.save()
        return tag
    }

    /// Swipe-to-delete: deletes the tags at `offsets` of ``tags`` and saves; their notes stay, without them.
    ///
    /// - Parameter offsets: Rows of ``tags`` as the list showed them.
    /// - Throws: The context's error when saving fails.
    public func deleteTags(at offsets: IndexSet) throws {
        let shown = tags
        for index in offsets {
            modelContext.delete(shown[index])
        }
        try modelContext.save()
    }

    /// How many notes carry `tag`, shown beside its name ("3 notes").
    public func noteCount(of tag: Tag) -> Int {
        tag.notes.count
    }
}
